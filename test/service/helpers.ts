/** Test fixtures of the service: a fake screener (substring matching), stores, a configured service. */
import Database from 'better-sqlite3';
import { fail, ok } from '../../src/errors.js';
import type { Entity } from '../../src/types/entity.js';
import type { Hit, Screener, SearchRequest, SearchResult } from '../../src/screening/types.js';
import {
  createMemoryStore,
  createScreeningService,
  manualClock,
  sequentialIds,
  type ApiResponse,
  type ScreeningService,
  type ScreeningServiceOptions,
  type ServiceStore,
  type Success,
} from '../../src/service/index.js';
import { createSqliteStore } from '../../src/service/sqlite/index.js';

export function person(id: string, name: string, over: Partial<Entity> = {}): Entity {
  return { id, entity_type: 'person', name, sources: ['ofac-sdn'], types: ['sanction'], ...over };
}

const termOf = (t: SearchRequest['search_term']) =>
  typeof t === 'string' ? t : [t.first_name, t.middle_names, t.last_name].filter(Boolean).join(' ');

/** Hits for every entity whose name or aka contains the term (case-insensitive). Not the real matcher. */
export function fakeScreener(entities: Entity[]): Screener & { calls: SearchRequest[] } {
  const calls: SearchRequest[] = [];
  return {
    calls,
    size: entities.length,
    entities: () => entities,
    search(request) {
      calls.push(request);
      const limit = request.limit ?? 100;
      const offset = request.offset ?? 0;
      if (limit > 100) return fail({ code: 400, message: 'limit must be at most 100', status: 'failure' as const });
      const term = termOf(request.search_term).toLowerCase().trim();
      if (term === 'boom') return fail({ code: 400, message: 'screener refused the term', status: 'failure' as const });
      const types = request.filters?.types;
      const matches = entities.filter(
        (e) =>
          [e.name, ...(e.aka ?? []).map((a) => a.name)].some((n) => n.toLowerCase().includes(term)) &&
          (!types || e.types.some((t) => types.includes(t))),
      );
      const toHit = (e: Entity, i: number): Hit => ({
        doc: e,
        match_types: ['name_exact'],
        match_types_details: [],
        score: 100 - i,
        match_status: 'potential_match',
        risk_level: 'unknown',
      });
      const listed = matches.filter((e) => !e.blacklist_ids);
      const internal = matches.filter((e) => e.blacklist_ids);
      const result: SearchResult = {
        search_term: termOf(request.search_term).trim(),
        submitted_term: termOf(request.search_term),
        filters: { ...(request.filters ?? {}), exact_match: request.exact_match ?? false, fuzziness: request.fuzziness ?? 0.5 },
        limit,
        offset,
        total_hits: listed.length,
        total_matches: listed.length,
        hits: listed.slice(offset, offset + limit).map((e, i) => toHit(e, offset + i)),
        blacklist_filters: { blacklist_ids: [] },
        total_blacklist_hits: internal.length,
        blacklist_hits: internal.map(toHit),
      };
      return ok(result);
    },
  };
}

export const STORES: [string, () => ServiceStore][] = [
  ['memory', () => createMemoryStore()],
  ['sqlite', () => createSqliteStore(new Database(':memory:'))],
];

export const ALICE = 'alice-key-0001';
export const BOB = 'bob-key-00002';
export const SANDBOX = 'sandbox-key-003';
export const HOOKS = ['https://hooks.example.com/a', 'https://hooks.example.com/b'];
export const HOOK_SECRET = 'hook-secret-of-the-default-account';

export const START = '2026-03-02T09:00:00.000Z';

export const DEFAULT_ENTITIES: Entity[] = [
  person('e1', 'John Smith', { aka: [{ name: 'Johnny Smith' }], fields: [{ name: 'Date of birth', value: '1970', tag: 'date_of_birth' }] }),
  person('e2', 'Jane Smith', { types: ['pep', 'pep-class-1'], sources: ['eu-peps'] }),
  person('e3', 'Smith Holdings', { entity_type: 'company', types: ['warning'], sources: ['fca-warnings'] }),
  person('b1', 'Smith Blacklisted', { blacklist_ids: ['bl-1'], sources: ['internal'], types: ['blacklist'] }),
  person('e4', 'Vladimir Ivanov'),
];

export async function setup(
  makeStore: () => ServiceStore,
  entities: Entity[] = DEFAULT_ENTITIES,
  over: Partial<ScreeningServiceOptions> = {},
) {
  const store = makeStore();
  const clock = manualClock(START);
  const screener = fakeScreener(entities);
  const service = createScreeningService({
    store,
    clock,
    ids: sequentialIds(),
    screener,
    webhookUrls: HOOKS,
    webhookSecret: HOOK_SECRET,
    shareBaseUrl: 'https://share.example.com/s/',
    ...over,
  });
  await service.createUser({ email: 'alice@example.com', name: 'Alice', phone: '+44 1' });
  await service.createUser({ email: 'bob@example.com', name: 'Bob' });
  await service.createApiKey(1, ALICE);
  await service.createApiKey(2, BOB);
  await service.createApiKey(1, SANDBOX, { sandbox: true });
  await service.defineTag('team');
  await service.defineTag('region');
  await service.putSearchProfile({ id: 'prof-sanctions', name: 'Sanctions only', slug: 'sanctions-only', types: ['sanction'] });
  await service.putSearchProfile({ id: 'prof-pep', name: 'PEP', slug: 'pep', types: ['pep'] });
  clock.advance(72 * 3_600_000); // profiles are older than 48 hours
  return { store, clock, screener, service, alice: service.forApiKey(ALICE), bob: service.forApiKey(BOB) };
}

/** Narrows a response to success (fails the test otherwise). */
export function content<T>(r: ApiResponse<T>): T {
  if (r.status !== 'success') throw new Error(`expected success, got ${JSON.stringify(r)}`);
  return (r as Success<T>).content;
}

export type Setup = Awaited<ReturnType<typeof setup>>;
export type { ScreeningService };
