import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CLERICAL_MARKS,
  CROSS_CULTURAL_GROUPS,
  NAME_PARTICLES,
  NICKNAME_GROUPS,
  NUMBER_WORDS,
  ORGANISATION_PREFIXES,
  ORGANISATION_SUFFIXES,
  PERSONAL_SUFFIXES,
  PERSONAL_TITLES,
} from '../../src/tables/generated.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts', 'build-tables.mjs');

function runGenerator(args: string[]) {
  return spawnSync(process.execPath, [SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8' });
}

/** Loose fold used only to compare tables with each other: case, accents, punctuation. */
function fold(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const WORD_TABLES = {
  PERSONAL_TITLES,
  PERSONAL_SUFFIXES,
  ORGANISATION_PREFIXES,
  ORGANISATION_SUFFIXES,
  CLERICAL_MARKS,
  NAME_PARTICLES,
} as const;

const GROUP_TABLES = { NICKNAME_GROUPS, CROSS_CULTURAL_GROUPS } as const;

function shareGroup(groups: readonly (readonly string[])[], a: string, b: string): boolean {
  return groups.some((g) => g.includes(a) && g.includes(b));
}

describe('generated tables module', () => {
  it('is current with lists/ (build-tables --check exits 0)', () => {
    const r = runGenerator(['--check']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  describe('generator rejects malformed lines, naming file and line', () => {
    const cases: { name: string; file: string; line: string; message: RegExp }[] = [
      { name: 'number-words line without a tab', file: 'lists/number-words.txt', line: '7 seven', message: /lists\/number-words\.txt:\d+: expected "digit<TAB>word"/ },
      { name: 'number-words line with a non-digit first column', file: 'lists/number-words.txt', line: 'seven\t7', message: /lists\/number-words\.txt:\d+: first column must be digits/ },
      { name: 'nickname group with one name', file: 'lists/equivalent-names/nicknames.txt', line: 'robert', message: /lists\/equivalent-names\/nicknames\.txt:\d+: a group needs at least 2/ },
      { name: 'cross-cultural group with an empty name', file: 'lists/equivalent-names/cross-cultural.txt', line: 'omar,, umar', message: /cross-cultural\.txt:\d+: empty name/ },
    ];
    it.each(cases)('$name', ({ file, line, message }) => {
      const dir = mkdtempSync(join(tmpdir(), 'tamis-tables-'));
      try {
        cpSync(join(ROOT, 'lists'), join(dir, 'lists'), { recursive: true });
        mkdirSync(join(dir, 'src', 'tables'), { recursive: true });
        const target = join(dir, file);
        const lineNo = readFileSync(target, 'utf8').replace(/\n$/, '').split('\n').length + 1;
        appendFileSync(target, `${line}\n`);
        const r = runGenerator(['--root', dir]);
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(message);
        expect(r.stderr).toContain(`:${lineNo}:`);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('reports a stale file with --check and writes nothing', () => {
      const dir = mkdtempSync(join(tmpdir(), 'tamis-tables-'));
      try {
        cpSync(join(ROOT, 'lists'), join(dir, 'lists'), { recursive: true });
        mkdirSync(join(dir, 'src', 'tables'), { recursive: true });
        const out = join(dir, 'src', 'tables', 'generated.ts');
        writeFileSync(out, '// stale\n');
        const r = runGenerator(['--root', dir, '--check']);
        expect(r.status).toBe(1);
        expect(r.stderr).toMatch(/out of date/);
        expect(readFileSync(out, 'utf8')).toBe('// stale\n');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});

describe('minimum sizes', () => {
  const minimums: [string, number, number][] = [
    ['PERSONAL_TITLES', PERSONAL_TITLES.length, 100],
    ['PERSONAL_SUFFIXES', PERSONAL_SUFFIXES.length, 20],
    ['ORGANISATION_PREFIXES', ORGANISATION_PREFIXES.length, 30],
    ['ORGANISATION_SUFFIXES', ORGANISATION_SUFFIXES.length, 200],
    ['CLERICAL_MARKS', CLERICAL_MARKS.length, 20],
    ['NAME_PARTICLES', NAME_PARTICLES.length, 25],
    ['NICKNAME_GROUPS', NICKNAME_GROUPS.length, 500],
    ['CROSS_CULTURAL_GROUPS', CROSS_CULTURAL_GROUPS.length, 150],
  ];
  it.each(minimums)('%s has at least the minimum count', (_name, count, min) => {
    expect(count).toBeGreaterThanOrEqual(min);
  });

  it('NUMBER_WORDS covers 0-20, the tens, hundred, thousand and 1st-10th', () => {
    const digits = new Set(NUMBER_WORDS.map(([d]) => d));
    const wanted = [
      ...Array.from({ length: 21 }, (_, i) => String(i)),
      '30', '40', '50', '60', '70', '80', '90', '100', '1000',
      '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th',
    ];
    for (const d of wanted) expect(digits, d).toContain(d);
  });
});

describe('must-contain entries', () => {
  const words: [keyof typeof WORD_TABLES, string][] = [
    ['PERSONAL_TITLES', 'mr'],
    ['PERSONAL_TITLES', 'dr'],
    ['PERSONAL_TITLES', 'sheikh'],
    ['PERSONAL_TITLES', 'haji'],
    ['PERSONAL_TITLES', 'general'],
    ['PERSONAL_TITLES', 'his excellency'],
    ['PERSONAL_TITLES', 'ayatollah'],
    ['PERSONAL_SUFFIXES', 'jr'],
    ['PERSONAL_SUFFIXES', 'iii'],
    ['PERSONAL_SUFFIXES', 'phd'],
    ['PERSONAL_SUFFIXES', 'esq'],
    ['ORGANISATION_PREFIXES', 'the'],
    ['ORGANISATION_PREFIXES', 'jsc'],
    ['ORGANISATION_PREFIXES', 'oao'],
    ['ORGANISATION_PREFIXES', 'pt'],
    ['ORGANISATION_SUFFIXES', 'ltd'],
    ['ORGANISATION_SUFFIXES', 'limited'],
    ['ORGANISATION_SUFFIXES', 'llc'],
    ['ORGANISATION_SUFFIXES', 'inc'],
    ['ORGANISATION_SUFFIXES', 'gmbh'],
    ['ORGANISATION_SUFFIXES', 's.a.'],
    ['ORGANISATION_SUFFIXES', 'co'],
    ['ORGANISATION_SUFFIXES', 'corp'],
    ['ORGANISATION_SUFFIXES', 'sp z o o'],
    ['ORGANISATION_SUFFIXES', 'sdn bhd'],
    ['ORGANISATION_SUFFIXES', 'joint stock company'],
    ['CLERICAL_MARKS', 'deceased'],
    ['CLERICAL_MARKS', 'a.k.a.'],
    ['CLERICAL_MARKS', 'formerly'],
    ['CLERICAL_MARKS', 'sdgt'],
    ['NAME_PARTICLES', 'bin'],
    ['NAME_PARTICLES', 'ibn'],
    ['NAME_PARTICLES', 'al'],
    ['NAME_PARTICLES', 'el'],
    ['NAME_PARTICLES', 'abu'],
    ['NAME_PARTICLES', 'van'],
    ['NAME_PARTICLES', 'von'],
    ['NAME_PARTICLES', 'de'],
    ['NAME_PARTICLES', 'da'],
  ];
  it.each(words)('%s contains %j', (table, entry) => {
    expect(WORD_TABLES[table]).toContain(entry);
  });

  const absent: [keyof typeof WORD_TABLES, string, string][] = [
    ['ORGANISATION_PREFIXES', 'al', 'Arabic name particle, not an article to strip'],
    ['NAME_PARTICLES', 'abd', 'a real name element'],
    ['CLERICAL_MARKS', 'nee', 'a maiden name after it is meaningful'],
    ['CLERICAL_MARKS', 'née', 'a maiden name after it is meaningful'],
    ['PERSONAL_SUFFIXES', 'v', 'single letters are initials more often than numerals'],
    ['ORGANISATION_SUFFIXES', 'group', 'generic business word'],
    ['ORGANISATION_SUFFIXES', 'holding', 'generic business word'],
    ['ORGANISATION_SUFFIXES', 'trading', 'generic business word'],
    ['ORGANISATION_SUFFIXES', 'bank', 'generic business word'],
    ['ORGANISATION_SUFFIXES', 'international', 'generic business word'],
  ];
  it.each(absent)('%s does not contain %j (%s)', (table, entry) => {
    expect(WORD_TABLES[table]).not.toContain(entry);
  });

  const pairs: [keyof typeof GROUP_TABLES, string, string][] = [
    ['NICKNAME_GROUPS', 'robert', 'bob'],
    ['NICKNAME_GROUPS', 'william', 'bill'],
    ['NICKNAME_GROUPS', 'margaret', 'peggy'],
    ['NICKNAME_GROUPS', 'elizabeth', 'betty'],
    ['NICKNAME_GROUPS', 'john', 'jack'],
    ['NICKNAME_GROUPS', 'richard', 'dick'],
    ['NICKNAME_GROUPS', 'albert', 'bert'],
    ['NICKNAME_GROUPS', 'herbert', 'bert'],
    ['CROSS_CULTURAL_GROUPS', 'mohammed', 'muhammad'],
    ['CROSS_CULTURAL_GROUPS', 'mohamed', 'mehmet'],
    ['CROSS_CULTURAL_GROUPS', 'yusuf', 'joseph'],
    ['CROSS_CULTURAL_GROUPS', 'aleksandr', 'alexander'],
    ['CROSS_CULTURAL_GROUPS', 'hussein', 'husayn'],
    ['CROSS_CULTURAL_GROUPS', 'evgeny', 'eugene'],
    ['CROSS_CULTURAL_GROUPS', 'ibrahim', 'abraham'],
    ['CROSS_CULTURAL_GROUPS', 'ivan', 'john'],
    ['CROSS_CULTURAL_GROUPS', 'volodymyr', 'vladimir'],
    ['CROSS_CULTURAL_GROUPS', 'peter', 'pyotr'],
    ['CROSS_CULTURAL_GROUPS', 'osama', 'usama'],
    ['CROSS_CULTURAL_GROUPS', 'zhang', 'chang'],
  ];
  it.each(pairs)('%s puts %j and %j in one group', (table, a, b) => {
    expect(shareGroup(GROUP_TABLES[table], a, b)).toBe(true);
  });

  it('a nickname may belong to several groups (bert)', () => {
    const heads = NICKNAME_GROUPS.filter((g) => g.includes('bert')).map((g) => g[0]);
    expect(heads).toEqual(expect.arrayContaining(['albert', 'robert', 'herbert', 'hubert']));
  });
});

describe('well-formed entries', () => {
  const allWords: [string, readonly string[]][] = [
    ...Object.entries(WORD_TABLES),
    ['NUMBER_WORDS', NUMBER_WORDS.flat()],
    ['NICKNAME_GROUPS', NICKNAME_GROUPS.flat()],
    ['CROSS_CULTURAL_GROUPS', CROSS_CULTURAL_GROUPS.flat()],
  ];
  it.each(allWords)('%s has no empty, padded, upper-case or comment entries', (_name, entries) => {
    for (const e of entries) {
      expect(e.trim(), JSON.stringify(e)).toBe(e);
      expect(e).not.toBe('');
      expect(fold(e), JSON.stringify(e)).not.toBe('');
      expect(e, JSON.stringify(e)).toBe(e.toLowerCase());
      expect(e.startsWith('#')).toBe(false);
      expect(e).not.toMatch(/\s{2,}|\t/);
    }
  });

  it.each(Object.entries(WORD_TABLES))('%s has no duplicates', (_name, entries) => {
    expect(new Set(entries).size).toBe(entries.length);
  });

  it.each(Object.entries(GROUP_TABLES))('%s groups have at least 2 distinct names', (_name, groups) => {
    for (const g of groups) {
      expect(g.length, g.join(', ')).toBeGreaterThanOrEqual(2);
      expect(new Set(g).size, g.join(', ')).toBe(g.length);
    }
  });

  it('NUMBER_WORDS pairs a digit string with a word', () => {
    for (const [digit, word] of NUMBER_WORDS) {
      expect(digit).toMatch(/^[0-9]+(st|nd|rd|th)?$/);
      expect(word).toMatch(/^[\p{L}-]+$/u);
    }
  });

  it('NUMBER_WORDS keeps English 2 = two and 3rd = third', () => {
    expect(NUMBER_WORDS).toContainEqual(['2', 'two']);
    expect(NUMBER_WORDS).toContainEqual(['3rd', 'third']);
  });
});

describe('one word, one role', () => {
  const particles = new Set(NAME_PARTICLES.map(fold));
  it('no personal title is also a name particle', () => {
    expect(PERSONAL_TITLES.filter((t) => particles.has(fold(t)))).toEqual([]);
  });
  it('no organisation prefix is also a name particle', () => {
    expect(ORGANISATION_PREFIXES.filter((p) => particles.has(fold(p)))).toEqual([]);
  });
  it('no clerical mark is also a name particle', () => {
    expect(CLERICAL_MARKS.filter((m) => particles.has(fold(m)))).toEqual([]);
  });
  it('no personal suffix is also a name particle', () => {
    expect(PERSONAL_SUFFIXES.filter((s) => particles.has(fold(s)))).toEqual([]);
  });
});
