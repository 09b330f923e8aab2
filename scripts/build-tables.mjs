#!/usr/bin/env node
// Builds src/tables/generated.ts from the word tables in lists/.
//
//   node scripts/build-tables.mjs          write src/tables/generated.ts
//   node scripts/build-tables.mjs --check  write nothing; exit 1 if the file is stale
//   --root <dir>                           read <dir>/lists, write <dir>/src/tables
//                                          (default: the project root; used by tests)
//
// Entries are emitted exactly as written (lower-cased, trimmed, comments and blank
// lines dropped, duplicates within a file dropped, file order kept). No other
// normalisation happens here: the library's single normaliser handles that at load.
// Plain Node ESM, no dependencies.

import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootFlag = process.argv.indexOf('--root');
const ROOT = rootFlag >= 0 && process.argv[rootFlag + 1]
  ? resolve(process.argv[rootFlag + 1] ?? '.')
  : join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'src', 'tables', 'generated.ts');

/** @typedef {{ name: string, file: string, kind: 'words' | 'pairs' | 'groups' | 'abbreviations', type: string, doc: string }} Table */

/** @type {Table[]} */
const TABLES = [
  { name: 'PERSONAL_TITLES', file: 'lists/personal-titles.txt', kind: 'words', type: 'readonly string[]',
    doc: 'Personal titles and honorifics, stripped at the start of person names.' },
  { name: 'PERSONAL_SUFFIXES', file: 'lists/personal-suffixes.txt', kind: 'words', type: 'readonly string[]',
    doc: 'Generational and post-nominal suffixes, stripped at the end of person names.' },
  { name: 'ORGANISATION_PREFIXES', file: 'lists/organisation-prefixes.txt', kind: 'words', type: 'readonly string[]',
    doc: 'Articles and legal forms standing at the start of organisation names.' },
  { name: 'ORGANISATION_SUFFIXES', file: 'lists/organisation-suffixes.txt', kind: 'words', type: 'readonly string[]',
    doc: 'Legal forms standing at the end of organisation names.' },
  { name: 'CLERICAL_MARKS', file: 'lists/clerical-marks.txt', kind: 'words', type: 'readonly string[]',
    doc: 'Markers that list publishers add to names (deceased, a.k.a., list codes).' },
  { name: 'NAME_PARTICLES', file: 'lists/name-particles.txt', kind: 'words', type: 'readonly string[]',
    doc: 'Name particles that one spelling of a name may omit (bin, al, van, de).' },
  { name: 'NUMBER_WORDS', file: 'lists/number-words.txt', kind: 'pairs', type: 'readonly (readonly [string, string])[]',
    doc: '[digit, word] pairs for digit/word matching.' },
  { name: 'ABBREVIATIONS', file: 'lists/abbreviations.txt', kind: 'abbreviations', type: 'readonly (readonly [string, string])[]',
    doc: '[abbreviation, expansion] pairs: Intl ~ International, U.S. ~ United States (every entity type).' },
  { name: 'NICKNAME_GROUPS', file: 'lists/equivalent-names/nicknames.txt', kind: 'groups', type: 'readonly (readonly string[])[]',
    doc: 'English given names with their nicknames; canonical form first.' },
  { name: 'CROSS_CULTURAL_GROUPS', file: 'lists/equivalent-names/cross-cultural.txt', kind: 'groups', type: 'readonly (readonly string[])[]',
    doc: 'Cross-cultural and transliteration equivalents of given names; canonical form first.' },
];

class TableError extends Error {}

/**
 * Yields [lineNumber, text] for each meaningful line: trimmed, lower-cased,
 * `#` comment lines and blank lines dropped.
 * @param {string} source
 */
function* meaningfulLines(source) {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const text = raw.trim();
    if (text === '' || text.startsWith('#')) continue;
    yield /** @type {[number, string, string]} */ ([i + 1, text.toLowerCase(), raw]);
  }
}

/** Collapses runs of inner spaces so "sp  z o o" and "sp z o o" are one entry. */
const squeeze = (/** @type {string} */ s) => s.replace(/[ \t]+/g, ' ');

/** @param {Table} table */
function parseTable(table) {
  const path = join(ROOT, table.file);
  if (!existsSync(path)) throw new TableError(`${table.file}: file not found`);
  const source = readFileSync(path, 'utf8');
  const fail = (/** @type {number} */ line, /** @type {string} */ msg) => {
    throw new TableError(`${table.file}:${line}: ${msg}`);
  };
  const seen = new Set();
  /** @type {unknown[]} */
  const out = [];
  for (const [line, text, raw] of meaningfulLines(source)) {
    if (table.kind === 'words') {
      const entry = squeeze(text);
      if (entry.includes('\t')) fail(line, `unexpected tab in entry ${JSON.stringify(entry)}`);
      if (seen.has(entry)) continue;
      seen.add(entry);
      out.push(entry);
    } else if (table.kind === 'abbreviations') {
      const cells = raw.trim().split('\t');
      if (cells.length !== 2) fail(line, `expected "abbreviation<TAB>expansion", got ${JSON.stringify(raw.trim())}`);
      const short = squeeze((cells[0] ?? '').trim().toLowerCase());
      const long = squeeze((cells[1] ?? '').trim().toLowerCase());
      if (short === '' || long === '') fail(line, 'empty abbreviation or expansion');
      if (/[0-9]/.test(short + long)) fail(line, `digits in ${JSON.stringify(raw.trim())}`);
      const key = `${short}\t${long}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push([short, long]);
    } else if (table.kind === 'pairs') {
      const cells = raw.trim().split('\t');
      if (cells.length !== 2) {
        fail(line, `expected "digit<TAB>word", got ${JSON.stringify(raw.trim())}`);
      }
      const digit = (cells[0] ?? '').trim().toLowerCase();
      const word = squeeze((cells[1] ?? '').trim().toLowerCase());
      if (!/^[0-9]+(st|nd|rd|th)?$/.test(digit)) fail(line, `first column must be digits (optionally with st/nd/rd/th), got ${JSON.stringify(digit)}`);
      if (word === '') fail(line, 'empty word');
      if (/[0-9]/.test(word)) fail(line, `word column holds a digit: ${JSON.stringify(word)}`);
      const key = `${digit}\t${word}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push([digit, word]);
    } else {
      const names = text.split(',').map((n) => squeeze(n.trim()));
      if (names.some((n) => n === '')) fail(line, 'empty name in group (stray comma?)');
      /** @type {string[]} */
      const group = [];
      for (const n of names) if (!group.includes(n)) group.push(n);
      if (group.length < 2) fail(line, `a group needs at least 2 distinct names, got ${JSON.stringify(text)}`);
      const key = group.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(group);
    }
  }
  if (out.length === 0) throw new TableError(`${table.file}: no entries`);
  return out;
}

const q = (/** @type {string} */ s) => JSON.stringify(s);

/** @param {Table} table @param {unknown[]} entries */
function render(table, entries) {
  /** @type {string[]} */
  const rows = [];
  for (const e of entries) {
    if (table.kind === 'words') rows.push(`  ${q(/** @type {string} */ (e))},`);
    else rows.push(`  [${/** @type {string[]} */ (e).map(q).join(', ')}],`);
  }
  return [
    `/** ${table.doc} Source: ${table.file} (${entries.length} entries). */`,
    `export const ${table.name}: ${table.type} = [`,
    ...rows,
    '];',
  ].join('\n');
}

function build() {
  const parts = [
    '// generated by scripts/build-tables.mjs from lists/; do not edit.',
    '// Regenerate with `npm run tables`; edit the .txt files in lists/ instead.',
    '// Entries are raw (lower-cased and trimmed only); normalise them at load.',
    '',
  ];
  for (const table of TABLES) {
    parts.push(render(table, parseTable(table)), '');
  }
  return parts.join('\n');
}

function main() {
  const check = process.argv.includes('--check');
  let text;
  try {
    text = build();
  } catch (err) {
    if (err instanceof TableError) {
      process.stderr.write(`build-tables: ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const rel = relative(ROOT, OUT);
  if (check) {
    const current = existsSync(OUT) ? readFileSync(OUT, 'utf8') : null;
    if (current !== text) {
      process.stderr.write(`build-tables: ${rel} is out of date; run \`npm run tables\`\n`);
      process.exit(1);
    }
    process.stdout.write(`build-tables: ${rel} is current\n`);
    return;
  }
  writeFileSync(OUT, text, 'utf8');
  process.stdout.write(`build-tables: wrote ${rel}\n`);
}

main();
