/**
 * The default payment-reference screener of POST /searches/references: `screenReference` of the service's own
 * screener (the `TamisScreener` that `createScreener` returns), behind the `Screener` port the service stores and
 * re-runs searches through. The search's profile (already resolved by the service, in the caller's account) is
 * handed over as the one profile; its types and the account's internal lists become the screen's filters.
 */
import type { FailureEnvelope, Result } from '../errors.js';
import type { ReferenceHit, ReferenceSearchResult, ScreenReferenceOptions } from '../reference/types.js';
import type { Hit, Screener, SearchRequest, SearchResult } from '../screening/types.js';

/** What the adapter needs of a screener: `createScreener(...)` gives it. */
export interface ReferenceCapable extends Screener {
  screenReference(request: unknown, options?: ScreenReferenceOptions): Result<ReferenceSearchResult, FailureEnvelope>;
}

export function canScreenReferences(s: Screener): s is ReferenceCapable {
  return typeof (s as Partial<ReferenceCapable>).screenReference === 'function';
}

const PROFILE = 'service';

/**
 * Reference hits keep the spec's shape for them (`match_details`, no `match_types_details`): they are stored and
 * returned as they come.
 */
const asHit = (h: ReferenceHit): Hit => h as unknown as Hit;

export function referenceScreenerOf(screener: ReferenceCapable, maxTermLength: 255 | 290): Screener {
  return {
    get size() {
      return screener.size;
    },
    entities: () => screener.entities(),
    search(request: SearchRequest) {
      const types = request.filters?.types;
      const r = screener.screenReference(
        {
          search_term: request.search_term,
          client_ref: request.client_ref,
          search_profile: PROFILE,
          ...(request.fuzziness !== undefined ? { fuzziness: request.fuzziness } : {}),
        },
        {
          profiles: [{ name: PROFILE, slug: PROFILE, ...(types ? { types } : {}), ...(request.blacklist_ids ? { blacklist_ids: request.blacklist_ids } : {}) }],
          maxTermLength,
        },
      );
      if (!r.ok) return r;
      const v = r.value;
      const offset = request.offset ?? 0;
      const limit = request.limit ?? 100;
      const page = (hits: ReferenceHit[]) => hits.slice(offset, offset + limit).map(asHit);
      const result: SearchResult = {
        search_term: v.search_term,
        submitted_term: v.search_term,
        filters: v.filters,
        limit,
        offset,
        total_hits: v.total_hits,
        total_matches: v.total_matches,
        hits: page(v.hits),
        blacklist_filters: v.blacklist_filters,
        total_blacklist_hits: v.total_blacklist_hits,
        blacklist_hits: page(v.blacklist_hits),
      };
      return { ok: true, value: result };
    },
  };
}
