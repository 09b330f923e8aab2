/**
 * The answers' JSON written by the server (answer-json.ts): the same bytes as JSON.stringify for every shape, the
 * first time and from the kept doc text; a reload drops the kept text, and over HTTP a search answers the bytes of
 * the service's answer before and after a reload that changed an entity.
 */
import { describe, expect, it } from 'vitest';
import { AnswerJson } from '../../src/server/answer-json.js';
import { createScreener } from '../../src/screening/index.js';
import type { ScreeningService } from '../../src/service/index.js';
import type { Entity } from '../../src/types/entity.js';
import { ALICE, setupService, startHarness } from './harness.js';

const doc = (id: string, extra: Record<string, unknown> = {}) => ({ id, entity_type: 'person', name: `Name ${id}`, sources: ['s'], types: ['sanction'], ...extra });
const hit = (d: unknown, extra: Record<string, unknown> = {}) => ({ doc: d, match_types: ['name_exact'], match_types_details: [{ matching_name: 'x', name_matches: [['a', ['b', []]]] }], score: 1.5, match_status: 'potential_match', risk_level: 'unknown', ...extra });
const envelope = (data: unknown) => ({ status: 'success', code: 200, content: { data } });
const shared = doc('shared-1');

const CASES: [string, unknown][] = [
  ['a search with hits and internal hits', envelope({ id: 1, ref: 'r', tags: [], labels: [], hits: [hit(doc('a')), hit(doc('b'))], blacklist_filters: { blacklist_ids: [] }, blacklist_hits: [hit(doc('c', { account_ids: [1] }))] })],
  ['docs in Arabic, Cyrillic, CJK, Hangul, emoji and a lone surrogate', envelope({ hits: [hit(doc('u', { name: 'محمد علي', aka: [{ name: 'Владимир' }, { name: '王小明' }, { name: '김정은' }], note: '👩‍💼 \ud800 end' }))] })],
  ['quotes, backslashes, control characters and escaped keys', envelope({ 'we"ird\\key': 'a"b\\c\n\t\u0001\u2028', hits: [hit(doc('q', { 'k\u0000': '\u007f</script>' }))] })],
  ['nested arrays and objects in a doc', envelope({ hits: [hit(doc('n', { fields: [[1, [2, [3, []]]], { a: [{ b: [null, true, false] }] }], source_notes: { x: { y: { z: [] } } } }))] })],
  ['numbers: -0, NaN, Infinity, 1e21, 0.1', envelope({ hits: [hit(doc('num', { a: -0, b: Number.NaN, c: Infinity, d: 1e21, e: 0.1, f: -1e-7 }), { score: -0 })], total: Number.NEGATIVE_INFINITY })],
  ['undefined, functions and symbols left out of objects, null in arrays', envelope({ u: undefined, f: () => 1, s: Symbol('x'), hits: [hit(doc('x', { u: undefined, arr: [undefined, () => 1] }), { is_whitelisted: undefined }), null, undefined, 7, 'text', [1]] })],
  ['a Date and a value with toJSON', envelope({ at: new Date(Date.UTC(2026, 10, 27)), hits: [hit({ id: 'j', toJSON: () => ({ replaced: true }) }), hit(doc('d', { at: new Date(0) }))] })],
  ['the same doc in two hits and two lists', envelope({ hits: [hit(shared), hit(shared)], blacklist_hits: [hit(shared)] })],
  ['a doc that is an array, a string or null', envelope({ hits: [hit([1, 2]), hit('doc'), hit(null)] })],
  ['hits that are not an array', envelope({ hits: { doc: doc('o') }, blacklist_hits: 'none' })],
  ['a list of searches (data is an array)', { status: 'success', code: 200, content: { data: [{ id: 1, hits: [hit(doc('l'))] }], links: { next: null } } }],
  ['content with toJSON', { status: 'success', code: 200, content: { toJSON: () => 'content' } }],
  ['a failure envelope', { code: 400, message: 'invalid input', status: 'failure', errors: [{ code: 'required', message: 'm', field: 'search_term' }] }],
  ['an empty object and an empty hits array', envelope({ hits: [] })],
  ['not an object', [1, { doc: doc('arr') }]],
];

describe('the JSON of an answer', () => {
  it.each(CASES)('%s: the bytes of JSON.stringify, the first time and from the kept docs', (_what, answer) => {
    const json = new AnswerJson();
    const expected = JSON.stringify(answer);
    expect(json.stringify(answer)).toBe(expected);
    expect(json.stringify(answer)).toBe(expected);
  });

  it.each([
    ['hits and internal hits, each doc once', envelope({ hits: [hit(doc('a')), hit(doc('b'))], blacklist_hits: [hit(doc('c'))] }), 3],
    ['one doc in three hits', envelope({ hits: [hit(shared), hit(shared)], blacklist_hits: [hit(shared)] }), 1],
    ['a doc with toJSON is not kept', envelope({ hits: [hit({ id: 'j', toJSON: () => 1 })] }), 0],
    ['docs outside hits are not kept', { status: 'success', code: 200, content: { data: { doc: doc('z'), hits: [] } } }, 0],
  ])('%s: %s doc texts kept', (_what, answer, kept) => {
    const json = new AnswerJson();
    json.stringify(answer);
    json.stringify(answer);
    expect(json.size).toBe(kept);
  });

  it('after clear(), a doc changed in place is written anew', () => {
    const d = doc('m', { name: 'Before' });
    const answer = envelope({ hits: [hit(d)] });
    const json = new AnswerJson();
    expect(json.stringify(answer)).toContain('"Before"');
    d.name = 'После';
    json.clear();
    expect(json.size).toBe(0);
    expect(json.stringify(answer)).toBe(JSON.stringify(answer));
    expect(json.stringify(answer)).toContain('"После"');
  });
});

/** The service, recording every answer its api objects give (what the server turns into JSON). */
function recording(service: ScreeningService, answers: unknown[]): ScreeningService {
  return new Proxy(service, {
    get(target, prop) {
      if (prop === 'forApiKey') {
        return (key: string) => {
          const api = target.forApiKey(key);
          return new Proxy(api, {
            get(t, p) {
              const v = Reflect.get(t, p, t) as unknown;
              if (typeof v !== 'function') return v;
              return async (...args: unknown[]) => {
                const res = (await (v as (...a: unknown[]) => Promise<unknown>).apply(t, args)) as unknown;
                answers.push(res);
                return res;
              };
            },
          });
        };
      }
      const v = Reflect.get(target, prop, target) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

describe('search answers over HTTP across a list reload', () => {
  const before: Entity[] = [{ id: 'rl-1', entity_type: 'person', name: 'Reload Person', sources: ['bank'], types: ['sanction'] }];
  const after: Entity[] = [{ id: 'rl-1', entity_type: 'person', name: 'Reload Person', aka: [{ name: 'Перезагрузка 再読込' }], sources: ['bank', 'ofac'], types: ['sanction', 'pep'] }];

  it.each([
    ['with the request log', { level: 'info', stream: { write: () => true } }],
    ['without a logger', false],
  ] as const)('%s: the bytes of the service answer, the new doc after the reload', async (_what, logger) => {
    const answers: unknown[] = [];
    // The reload changes the entity objects in place (the same objects in the new screener): only dropping the kept
    // text on reload serves the new doc.
    const entities = structuredClone(before);
    const service = recording(await setupService(entities), answers);
    const reload = async () => {
      Object.assign(entities[0]!, structuredClone(after[0]));
      return { screener: createScreener({ entities }), entities: 1, sources: ['test'] };
    };
    const h = await startHarness({ service, webhooks: false, logger, lists: { entities: 1, sources: ['test'], reload } });
    try {
      const search = async () => {
        const res = await h.call('POST', '/searches', { body: { search_term: 'Reload Person', limit: 10 } });
        expect(res.status).toBe(200);
        expect(res.text).toBe(JSON.stringify(answers.at(-1)));
        return res.json.content.data.hits.map((x: { doc: Entity }) => x.doc);
      };
      expect(await search()).toEqual(before);
      expect(await search()).toEqual(before);
      await h.server.reload();
      expect(await search()).toEqual(after);
      expect(await search()).toEqual(after);
      const details = await h.call('GET', `/searches/${1}/details`, { key: ALICE });
      expect(details.text).toBe(JSON.stringify(answers.at(-1)));
    } finally {
      await h.close();
    }
  });
});
