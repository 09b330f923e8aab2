/**
 * A query none of whose words starts or ends a sequence of an affix table skips the affix rules (mayHoldAffix in
 * prepareQuery): its roles must be what the rules give, for every profile, for such queries and for any other.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { affixRoles, anywhereRoles, mayHoldAffix, type AffixProfile, type AffixRole } from '../../src/names/affixes.js';
import { prepareQuery } from '../../src/names/name-match.js';
import { tokenizeName } from '../../src/names/normalize.js';
import { defaultWordTables } from '../../src/names/tables.js';

const tables = defaultWordTables();
const PROFILES: AffixProfile[] = ['person', 'organisation', 'any'];

/** The roles by the rules themselves: anywhere, with the roles found where affixes stand taking precedence. */
function rolesByRule(text: string): { roles: Record<AffixProfile, (AffixRole | undefined)[]>; edgeRoles: Record<AffixProfile, (AffixRole | undefined)[]> } {
  const tokens = tokenizeName(text);
  const words = tokens.map((t) => t.text);
  const segments = tokens.map((t) => t.segment);
  const edge = (p: AffixProfile) => affixRoles(words, tables, p, segments);
  const anywhere = (p: AffixProfile) => {
    const roles = anywhereRoles(words, tables, p);
    const atEdges = edge(p);
    for (let i = 0; i < words.length; i++) if (atEdges[i] !== undefined) roles[i] = atEdges[i];
    return roles;
  };
  return {
    roles: { person: anywhere('person'), organisation: anywhere('organisation'), any: anywhere('any') },
    edgeRoles: { person: edge('person'), organisation: edge('organisation'), any: edge('any') },
  };
}

/** Words that start or end an affix sequence of the bundled tables, and ordinary name words. */
const AFFIX_WORDS = [...new Set(['clericalMarks', 'personalTitles', 'personalSuffixes', 'organisationPrefixes', 'organisationSuffixes'].flatMap((f) => {
  const t = tables[f as 'clericalMarks'];
  return [...t.byFirst.keys(), ...t.byLast.keys()];
}))].slice(0, 200);
const PLAIN_WORDS = ['ivan', 'petrov', 'mohammed', 'ali', 'hassan', 'acme', 'trading', 'nord', 'stream', 'van', 'der', 'bin', 'al', 'j', 'k', '2'];

describe('query affix roles with and without the fast path', () => {
  it.each([
    ['no affix word', 'Ivan Petrov', false],
    ['a personal title', 'Dr Ivan Petrov', true],
    ['a personal suffix after a comma part', 'KING Jr, Martin Luther', true],
    ['an organisation suffix', 'Acme Trading Ltd', true],
    ['an organisation prefix', 'JSC Nord Stream', true],
    ['a title out of place', 'Ali Khamenei Ayatollah', true],
    ['particles only', 'Van Der', false],
  ])('%s: the rules\' roles for every profile', (_what, text, affix) => {
    const q = prepareQuery(text, undefined, tables);
    expect(mayHoldAffix(q.words.map((w) => w.text), tables)).toBe(affix);
    const expected = rolesByRule(text);
    for (const p of PROFILES) {
      expect(q.roles[p]).toEqual(expected.roles[p]);
      expect(q.edgeRoles[p]).toEqual(expected.edgeRoles[p]);
    }
  });

  it('the same roles as the rules for generated queries of affix and ordinary words', () => {
    const word = fc.oneof(fc.constantFrom(...AFFIX_WORDS), fc.constantFrom(...PLAIN_WORDS));
    fc.assert(
      fc.property(fc.array(fc.tuple(word, fc.boolean()), { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.map(([w, comma]) => (comma ? `${w},` : w)).join(' ');
        const q = prepareQuery(text, undefined, tables);
        const expected = rolesByRule(text);
        for (const p of PROFILES) {
          expect(q.roles[p]).toEqual(expected.roles[p]);
          expect(q.edgeRoles[p]).toEqual(expected.edgeRoles[p]);
        }
      }),
      { numRuns: 400 },
    );
  });
});
