/**
 * The payment-reference corpus (corpus.json): references with the hits expected against list.json, each hit
 * with the exact substrings and [start, end) offsets of its match details. Tags group the behaviours: plain
 * names, names split by punctuation, names inside longer words (never a hit), several names, no name, typos,
 * equivalents, initials, akas, single-word person aliases, common words, affixes, word order, glued words,
 * digits, profiles, scripts.
 */
import { describe, expect, it } from 'vitest';
import { screenReference } from '../../src/reference/index.js';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import corpus from './corpus.json' with { type: 'json' };
import list from './list.json' with { type: 'json' };
import { PROFILES } from './profiles.js';

interface Case {
  tag: string;
  reference: string;
  profile?: string;
  hits: { id: string; match_details: { substring: string; substring_index: [number, number] }[] }[];
}

const cases = corpus.cases as Case[];
const screener = createScreener({ entities: list as Entity[] });

describe('payment-reference corpus', () => {
  it('holds at least 150 references, every behaviour represented', () => {
    expect(cases.length).toBeGreaterThanOrEqual(150);
    const tags = new Set(cases.map((c) => c.tag));
    for (const tag of ['plain', 'punctuation', 'inside-word', 'multiple', 'no-name', 'typo', 'initials', 'aka', 'single-word-person', 'common-word']) {
      expect(tags).toContain(tag);
    }
  });

  it.each(cases.map((c) => [`${c.tag}: ${c.reference}${c.profile ? ` [${c.profile}]` : ''}`, c] as const))('%s', (_, c) => {
    const result = screenReference(screener, { search_term: c.reference, client_ref: 'corpus', search_profile: c.profile ?? 'default' }, { profiles: PROFILES });
    if (!result.ok) throw new Error(result.error.message);
    const got = result.value.hits
      .map((h) => ({ id: h.doc.id, match_details: h.match_details.map((d) => ({ substring: d.substring, substring_index: d.substring_index })) }))
      .sort((a, b) => (a.id < b.id ? -1 : 1));
    const expected = [...c.hits].sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(got).toEqual(expected);
    for (const h of result.value.hits) {
      expect(h.match_types).toContain('ngram');
      for (const d of h.match_details) expect(c.reference.slice(d.substring_index[0], d.substring_index[1])).toBe(d.substring);
    }
  });
});
