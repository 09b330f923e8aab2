/** screenReference: request validation, the response shape, profiles, internal lists, list updates. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { referenceMatcher, screenReference, tokenizeWithOffsets, type ReferenceRequest, type ScreenReferenceOptions } from '../../src/reference/index.js';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import list from './list.json' with { type: 'json' };
import { PROFILES } from './profiles.js';

const entities = list as Entity[];
const options: ScreenReferenceOptions = { profiles: PROFILES };
const request = (over: Partial<Record<keyof ReferenceRequest, unknown>> = {}) => ({
  search_term: 'INV 2231 PAYMENT TO MOHAMAD-ALI FOR CONSULTING',
  client_ref: 'pay-1',
  search_profile: 'default',
  ...over,
});

describe('screenReference: validation', () => {
  const screener = createScreener({ entities });
  const codes = (raw: unknown, opts: ScreenReferenceOptions = options) => {
    const r = screenReference(screener, raw, opts);
    if (r.ok) return [];
    expect(r.error.code).toBe(400);
    expect(r.error.status).toBe('failure');
    return (r.error.errors ?? []).map((p) => p.code);
  };

  it.each([
    ['not an object', 'x', ['request_invalid']],
    ['an array', [], ['request_invalid']],
    ['no search_term', request({ search_term: undefined }), ['search_term_required']],
    ['a null search_term', request({ search_term: null }), ['search_term_required']],
    ['a search_term that is not a string', request({ search_term: 12 }), ['search_term_invalid_type']],
    ['an empty search_term', request({ search_term: '   ' }), ['search_term_empty']],
    ['a search_term of 256 characters', request({ search_term: 'A'.repeat(256) }), ['search_term_too_long']],
    ['255 characters that normalise to more than 255 words (½ is 1 and 2)', request({ search_term: '½'.repeat(255) }), ['search_term_too_many_words']],
    ['255 characters that normalise to 256 words', request({ search_term: `${'½ '.repeat(127)}½` }), ['search_term_too_many_words']],
    ['no client_ref', request({ client_ref: undefined }), ['client_ref_required']],
    ['a client_ref that is not a string', request({ client_ref: 5 }), ['client_ref_invalid_type']],
    ['an empty client_ref', request({ client_ref: '' }), ['client_ref_empty']],
    ['a client_ref of 256 characters', request({ client_ref: 'r'.repeat(256) }), ['client_ref_too_long']],
    ['no search_profile', request({ search_profile: undefined }), ['search_profile_required']],
    ['a search_profile that is not a string', request({ search_profile: { id: 'default' } }), ['search_profile_invalid_type']],
    ['an unknown search_profile', request({ search_profile: 'nope' }), ['search_profile_unknown']],
    ['fuzziness above 1', request({ fuzziness: 1.5 }), ['fuzziness_invalid']],
    ['fuzziness below 0', request({ fuzziness: -0.1 }), ['fuzziness_invalid']],
    ['fuzziness as a string', request({ fuzziness: '0.5' }), ['fuzziness_invalid']],
    ['everything wrong at once', { search_term: 1, client_ref: null, search_profile: 'nope', fuzziness: 2 }, ['search_term_invalid_type', 'client_ref_required', 'search_profile_unknown', 'fuzziness_invalid']],
  ])('rejects %s', (_, raw, expected) => {
    expect(codes(raw)).toEqual(expected);
  });

  it('gives each problem the path of the offending field', () => {
    const r = screenReference(screener, request({ search_term: 'A'.repeat(300), fuzziness: 3 }), options);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.errors?.map((p) => p.path)).toEqual(['search_term', 'fuzziness']);
  });

  it('accepts 255 characters, and 290 with the option', () => {
    expect(codes(request({ search_term: 'A'.repeat(255) }))).toEqual([]);
    expect(codes(request({ search_term: 'A'.repeat(290) }))).toEqual(['search_term_too_long']);
    expect(codes(request({ search_term: 'A'.repeat(290) }), { ...options, maxTermLength: 290 })).toEqual([]);
    expect(codes(request({ search_term: 'A'.repeat(291) }), { ...options, maxTermLength: 290 })).toEqual(['search_term_too_long']);
  });

  it('finds a profile by slug or by id; without host profiles only `default` exists', () => {
    expect(codes(request({ search_profile: 'prof-7' }))).toEqual([]);
    expect(codes(request({ search_profile: 'default' }), {})).toEqual([]);
    expect(codes(request({ search_profile: 'sanctions' }), {})).toEqual(['search_profile_unknown']);
  });
});

describe('screenReference: response', () => {
  const screener = createScreener({
    entities,
    internalLists: [
      { id: 'bl-staff', entities: [{ id: 'bl-1', entity_type: 'person', name: 'Jane Roe', sources: ['internal'], types: ['sanction'] }] },
      { id: 'bl-vendors', entities: [{ id: 'bl-2', entity_type: 'company', name: 'Shady Widgets Ltd', sources: ['internal'], types: ['warning'] }] },
    ],
  });

  it('returns the search content with hits, match details and blacklist hits', () => {
    const r = screenReference(screener, request({ search_term: 'INV 2231 PAYMENT TO MOHAMAD-ALI FOR CONSULTING, JANE ROE' }), options);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const v = r.value;
    expect(v.search_term).toBe('INV 2231 PAYMENT TO MOHAMAD-ALI FOR CONSULTING, JANE ROE');
    expect(v.client_ref).toBe('pay-1');
    expect(v.search_profile).toEqual({ name: 'Default', slug: 'default' });
    expect(v.fuzziness).toBe(0.5);
    expect(v.total_matches).toBe(1);
    expect(v.total_hits).toBe(1);
    expect(v.hits[0]).toMatchObject({
      doc: { id: 'p-mohamad-ali' },
      match_types: ['name_exact', 'ngram'],
      match_details: [
        { matching_term: 'mohamad ali', matching_reason: 'name_exact', name_type: 'name', source_name: 'Mohamad Ali', substring: 'MOHAMAD-ALI', substring_index: [20, 31] },
      ],
      match_status: 'potential_match',
      risk_level: 'unknown',
    });
    expect(v.blacklist_filters).toEqual({ blacklist_ids: ['bl-staff', 'bl-vendors'] });
    expect(v.total_blacklist_hits).toBe(1);
    expect(v.blacklist_hits[0]).toMatchObject({ doc: { id: 'bl-1', blacklist_ids: ['bl-staff'] }, match_details: [{ substring: 'JANE ROE', substring_index: [48, 56] }] });
  });

  it('matches only the internal lists a profile names', () => {
    const profiles = [...PROFILES, { name: 'Vendors', slug: 'vendors', blacklist_ids: ['bl-vendors'] }];
    const r = screenReference(screener, request({ search_term: 'JANE ROE / SHADY WIDGETS LTD', search_profile: 'vendors' }), { profiles });
    expect(r.ok && r.value.blacklist_hits.map((h) => h.doc.id)).toEqual(['bl-2']);
    expect(r.ok && r.value.blacklist_filters).toEqual({ blacklist_ids: ['bl-vendors'] });
  });

  it('names the kind of list name: aka, hypocorism, abbreviation', () => {
    const types = (term: string) => {
      const r = screenReference(screener, request({ search_term: term }), options);
      return r.ok ? r.value.hits.flatMap((h) => h.match_details.map((d) => [h.doc.id, d.name_type, d.matching_reason])) : [];
    };
    expect(types('VICTOR BUTT')).toEqual([['p-bout', 'aka', 'aka_exact']]);
    expect(types('BOB MUGABE')).toEqual([['p-mugabe', 'hypocorism', 'equivalent_name']]);
    expect(types('IRGC')).toEqual([['o-irgc', 'abbreviation', 'aka_exact']]);
    expect(types('BDA')).toEqual([]); // three letters: a code, not read as initials (issue 16)
    expect(types('KMDT')).toEqual([['o-komid', 'abbreviation', 'unknown']]);
    expect(types('ROBERT MUGAVE')).toEqual([['p-mugabe', 'name', 'name_fuzzy']]);
  });

  it('orders hits by score and breaks ties by id; exact beats fuzzy', () => {
    const r = screenReference(screener, request({ search_term: 'MOHAMMAD ALI HASSAN AND KIM JONG UN' }), options);
    expect(r.ok && r.value.hits.map((h) => [h.doc.id, h.match_types[0]])).toEqual([
      ['p-kim', 'name_exact'],
      ['p-mah', 'name_fuzzy'],
      ['p-mohamad-ali', 'name_fuzzy'],
    ]);
  });

  it('puts the match covering more of the reference first when scores are equal', () => {
    const r = screenReference(screener, request({ search_term: 'PAYMENT MOHAMAD ALI HASSAN' }), options);
    expect(r.ok && r.value.hits.map((h) => [h.doc.id, h.score])).toEqual([
      ['p-mah', 100],
      ['p-mohamad-ali', 100],
    ]);
  });

  it('takes the fuzziness from the request, else the profile, else 0.5, and echoes it', () => {
    const f = (over: Partial<Record<keyof ReferenceRequest, unknown>>) => {
      const r = screenReference(screener, request({ search_term: 'ROBERT MUGAVE', ...over }), options);
      return r.ok ? [r.value.fuzziness, r.value.total_hits] : [];
    };
    expect(f({})).toEqual([0.5, 1]);
    expect(f({ search_profile: 'no-typos' })).toEqual([0, 0]);
    expect(f({ search_profile: 'no-typos', fuzziness: 0.6 })).toEqual([0.6, 1]);
    expect(f({ fuzziness: 0 })).toEqual([0, 0]);
  });

  it('reports every entity in total_matches but returns at most the screener result cap', () => {
    const many = Array.from({ length: 5 }, (_, i): Entity => ({ id: `dup-${i}`, entity_type: 'person', name: 'Jana Petrova', sources: ['x'], types: ['sanction'] }));
    const capped = createScreener({ entities: many, resultCap: 3 });
    const r = screenReference(capped, request({ search_term: 'JANA PETROVA' }), options);
    expect(r.ok && [r.value.total_matches, r.value.hits.length]).toEqual([5, 3]);
  });

  it('follows the list: entities added and removed after the first reference', () => {
    const s = createScreener({ entities });
    const hits = (term: string) => {
      const r = screenReference(s, request({ search_term: term }), options);
      return r.ok ? r.value.hits.map((h) => h.doc.id) : [];
    };
    expect(hits('PAYMENT TO ZORAN NOVAK')).toEqual([]);
    s.add({ id: 'new-1', entity_type: 'person', name: 'Zoran Novak', sources: ['x'], types: ['sanction'] });
    expect(hits('PAYMENT TO ZORAN NOVAK')).toEqual(['new-1']);
    s.add({ id: 'new-1', entity_type: 'person', name: 'Zoran Novakovic', sources: ['x'], types: ['sanction'] });
    expect(hits('PAYMENT TO ZORAN NOVAK')).toEqual([]);
    expect(hits('PAYMENT TO ZORAN NOVAKOVIC')).toEqual(['new-1']);
    s.remove('new-1');
    expect(hits('PAYMENT TO ZORAN NOVAKOVIC')).toEqual([]);
  });

  it('finds a name added later whose words the list already held, after references that found nothing there', () => {
    const person = (id: string, name: string): Entity => ({ id, entity_type: 'person', name, sources: ['x'], types: ['sanction'] });
    const s = createScreener({ entities: [person('k-1', 'Zoran Horvat'), person('k-2', 'Milan Novak')] });
    const hits = () => {
      const r = screenReference(s, request({ search_term: 'PAYMENT TO ZORAN NOVAK' }), options);
      return r.ok ? r.value.hits.map((h) => h.doc.id) : [];
    };
    expect(hits()).toEqual([]);
    expect(hits()).toEqual([]);
    s.add(person('k-3', 'Zoran Novak'));
    expect(hits()).toEqual(['k-3']);
  });

  it('counts every bearer of a shared name, before and after the first bearer is removed or a new one added', () => {
    const bearer = (id: string, name = 'Zoran Novak'): Entity => ({ id, entity_type: 'person', name, sources: ['x'], types: ['sanction'] });
    const s = createScreener({ entities: [bearer('z-1'), bearer('z-2'), bearer('z-3', 'ZORAN NOVAK')] });
    const found = () => {
      const r = screenReference(s, request({ search_term: 'PAYMENT TO ZORAN NOVAK' }), options);
      return r.ok ? [r.value.total_matches, r.value.hits.map((h) => h.doc.id).sort()] : r.error;
    };
    expect(found()).toEqual([3, ['z-1', 'z-2', 'z-3']]);
    s.remove('z-1');
    expect(found()).toEqual([2, ['z-2', 'z-3']]);
    s.add(bearer('z-4'));
    expect(found()).toEqual([3, ['z-2', 'z-3', 'z-4']]);
    s.remove('z-2');
    s.remove('z-3');
    expect(found()).toEqual([1, ['z-4']]);
  });

  it('counts a second bearer of a name that one entity bore when references first found it, read either way', () => {
    const bearer = (id: string): Entity => ({ id, entity_type: 'person', name: 'Zoran Novak', sources: ['x'], types: ['sanction'] });
    const s = createScreener({ entities: [bearer('z-1')] });
    const found = (term: string) => {
      const r = screenReference(s, request({ search_term: term }), options);
      return r.ok ? [r.value.total_matches, r.value.hits.map((h) => [h.doc.id, h.match_details[0]?.source_name])] : r.error;
    };
    const terms = ['PAYMENT TO ZORAN NOVAK', 'PAYMENT TO NOVAK ZORAN'];
    for (const term of terms) expect(found(term)).toEqual([1, [['z-1', 'Zoran Novak']]]);
    s.add({ ...bearer('z-2'), name: 'ZORAN NOVAK' });
    for (const term of terms) expect(found(term)).toEqual([2, [['z-1', 'Zoran Novak'], ['z-2', 'ZORAN NOVAK']]]);
  });

  it('gives each hit the name as its own entity publishes it, after bearers of the name are removed and added', () => {
    const bearer = (id: string, name: string, aka?: string): Entity => ({
      id,
      entity_type: 'person',
      name,
      ...(aka === undefined ? {} : { aka: [{ name: aka }] }),
      sources: ['x'],
      types: ['sanction'],
    });
    const s = createScreener({
      entities: [bearer('z-1', 'Zoran Novak'), bearer('z-2', 'ZORAN NOVAK'), bearer('z-3', 'zoran  novak'), bearer('z-5', 'Ivo Kos', 'Zoran NOVAK')],
    });
    const spelt = () => {
      const r = screenReference(s, request({ search_term: 'PAYMENT TO ZORAN NOVAK' }), options);
      return r.ok ? r.value.hits.map((h) => [h.doc.id, h.match_details.map((d) => d.source_name)]) : r.error;
    };
    expect(spelt()).toEqual([
      ['z-1', ['Zoran Novak']],
      ['z-2', ['ZORAN NOVAK']],
      ['z-3', ['zoran  novak']],
      ['z-5', ['Zoran NOVAK']],
    ]);
    // Inserting z-25 between z-2 (removed) and z-3 drops the removed bearer from the group.
    s.remove('z-2');
    s.add(bearer('z-25', 'Zoran Novak.'));
    s.add(bearer('z-0', 'ZORAN Novak'));
    expect(spelt()).toEqual([
      ['z-0', ['ZORAN Novak']],
      ['z-1', ['Zoran Novak']],
      ['z-25', ['Zoran Novak.']],
      ['z-3', ['zoran  novak']],
      ['z-5', ['Zoran NOVAK']],
    ]);
  });

  it('returns the bearers of a shared name in score then entity id order, whatever the order they were added in', () => {
    const bearer = (id: string, aka = false): Entity =>
      aka
        ? { id, entity_type: 'person', name: 'Milan Horvat', aka: [{ name: 'Jana Petrova' }], sources: ['x'], types: ['sanction'] }
        : { id, entity_type: 'person', name: 'Jana Petrova', sources: ['x'], types: ['sanction'] };
    const ids = ['m-7', 'm-2', 'm-9', 'm-4', 'm-1', 'm-5'];
    // m-0 bears the name as an aka: a lower score, so it comes after every primary-name bearer despite its id.
    const all = [...ids.map((id) => bearer(id)), bearer('m-0', true)];
    const found = (s: ReturnType<typeof createScreener>) => {
      const r = screenReference(s, request({ search_term: 'PAYMENT TO JANA PETROVA' }), options);
      return r.ok ? [r.value.total_matches, r.value.hits.map((h) => h.doc.id)] : r.error;
    };
    expect(found(createScreener({ entities: all }))).toEqual([7, ['m-1', 'm-2', 'm-4', 'm-5', 'm-7', 'm-9', 'm-0']]);
    const capped = createScreener({ entities: all, resultCap: 3 });
    expect(found(capped)).toEqual([7, ['m-1', 'm-2', 'm-4']]);
    capped.remove('m-2');
    capped.add(bearer('m-3'));
    capped.add(bearer('m-8'));
    expect(found(capped)).toEqual([8, ['m-1', 'm-3', 'm-4']]);
    const one = createScreener({ entities: [bearer('m-0', true)], resultCap: 3 });
    expect(found(one)).toEqual([1, ['m-0']]);
  });

  it('scores with the word weights of the list as it is now, after entities are added and removed', () => {
    const person = (id: string, name: string): Entity => ({ id, entity_type: 'person', name, sources: ['x'], types: ['sanction'] });
    const first = [person('w-1', 'Zoran Novak'), person('w-2', 'Milan Horvat')];
    // More bearers of NOVAK make it a commoner word, which weighs less in the score.
    const more = Array.from({ length: 30 }, (_, i) => person(`w-n${i}`, `Petar${'abcdefghijklmnopqrstuvwxyzabcd'[i]}x Novak`));
    const scoreIn = (s: ReturnType<typeof createScreener>) => {
      const r = screenReference(s, request({ search_term: 'PAYMENT TO ZORAN NOVAKK' }), options);
      return r.ok ? r.value.hits.find((h) => h.doc.id === 'w-1')?.score : undefined;
    };
    const s = createScreener({ entities: first });
    const before = scoreIn(s);
    for (const e of more) s.add(e);
    const grown = scoreIn(s);
    expect(grown).toBe(scoreIn(createScreener({ entities: [...first, ...more] })));
    expect(grown).not.toBe(before);
    for (const e of more) s.remove(e.id);
    expect(scoreIn(s)).toBe(before);
  });

  it('counts an entity bearing a name twice once, with one match detail per place in the reference', () => {
    const twice: Entity = { id: 't-1', entity_type: 'person', name: 'Zoran Novak', aka: [{ name: 'ZORAN NOVAK' }], sources: ['x'], types: ['sanction'] };
    const s = createScreener({ entities: [twice, { id: 't-2', entity_type: 'person', name: 'Zoran Novak', sources: ['x'], types: ['sanction'] }] });
    const r = screenReference(s, request({ search_term: 'ZORAN NOVAK AND ZORAN NOVAK' }), options);
    expect(r.ok && [r.value.total_matches, r.value.hits.map((h) => [h.doc.id, h.match_details.map((d) => [d.name_type, d.substring_index])])]).toEqual([
      2,
      [
        ['t-1', [['name', [0, 11]], ['name', [16, 27]]]],
        ['t-2', [['name', [0, 11]], ['name', [16, 27]]]],
      ],
    ]);
  });

  it('refuses a text of more than 255 words, which no valid reference reaches (290 characters hold 145)', () => {
    const matcher = referenceMatcher(createScreener({ entities }).lists.index);
    const settings = { minEditLength: 5, singleWordPersonNames: false };
    expect(() => matcher.find('a '.repeat(256), settings)).toThrow(RangeError);
    expect(matcher.find('a '.repeat(255), settings).tokens).toHaveLength(255);
  });

  it('is deterministic', () => {
    const a = screenReference(screener, request({ search_term: 'MUHAMMAD ALI HASSAN, HAMAS, ROBERT MUGABE' }), options);
    const b = screenReference(createScreener({ entities }), request({ search_term: 'MUHAMMAD ALI HASSAN, HAMAS, ROBERT MUGABE' }), options);
    expect(a.ok && b.ok && JSON.stringify(a.value.hits)).toBe(b.ok && JSON.stringify(b.value.hits));
    expect(a.ok && a.value.hits.map((h) => h.doc.id).sort()).toEqual(['o-hamas', 'p-mah', 'p-mohamad-ali', 'p-mugabe']);
  });
});

describe('reference word lists', () => {
  it('src/reference/generated-stop-words.ts is current with lists/reference/', () => {
    const out = execFileSync(process.execPath, ['scripts/build-reference-words.mjs', '--check'], { encoding: 'utf8' });
    expect(out).toContain('is current');
  });

  it('offsets of the words follow the original text', () => {
    const text = 'Zahlung für Müller-Lüdenscheidt';
    expect(tokenizeWithOffsets(text).map((t) => text.slice(t.start, t.end))).toEqual(['Zahlung', 'für', 'Müller', 'Lüdenscheidt']);
  });
});

describe('the screener method', () => {
  it('screener.screenReference is screenReference bound to the screener', async () => {
    const { createScreener } = await import('../../src/screening/screener.js');
    const { screenReference } = await import('../../src/reference/index.js');
    const s = createScreener({ entities: [{ id: 'p1', entity_type: 'person', name: 'Mohamad Ali Rezaei', sources: ['t'], types: ['sanction'] }] });
    const request = { search_term: 'INV 2231 PAYMENT TO MOHAMAD ALI REZAEI FOR CONSULTING', client_ref: 'PAY-1', search_profile: 'default' };
    const viaMethod = s.screenReference(request);
    expect(viaMethod.ok && viaMethod.value.hits.map((h) => h.doc.id)).toEqual(['p1']);
    expect(viaMethod).toEqual(screenReference(s, request));
  });
});
