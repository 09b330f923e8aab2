/** POST /searches/references: a payment reference screened and stored as a search (search-api.md). */
import { bad, fail, NO_REFERENCE_SCREENER, type Ctx, type ServiceContext } from '../context.js';
import type { SearchView } from '../render.js';
import type { SearchRequest } from '../../screening/types.js';
import type { ApiResponse, SearchProfileRecord } from '../types.js';
import { charLength, isObject, isWellFormed, Problems, withProfileTypes } from '../validate.js';
import { insertSearch } from './searches.js';

/** POST /searches/references */
export async function screenPaymentReference(svc: ServiceContext, ctx: Ctx, body: unknown): Promise<ApiResponse<{ data: SearchView }>> {
  const p = new Problems();
  if (!isObject(body)) {
    p.add('invalid_body', 'the body must be a JSON object');
    return bad(p);
  }
  const max = svc.referenceTermMaxLength;
  const term = body.search_term;
  if (typeof term !== 'string' || term.trim() === '') p.add('required', 'search_term is required', 'search_term');
  else if (!isWellFormed(term)) p.add('invalid_text', 'search_term must be well-formed Unicode text', 'search_term');
  else if (charLength(term) > max) p.add('too_long', `search_term must be at most ${max} characters`, 'search_term');
  const clientRef = body.client_ref;
  if (typeof clientRef !== 'string' || clientRef === '') p.add('required', 'client_ref is required', 'client_ref');
  else if (!isWellFormed(clientRef)) p.add('invalid_text', 'client_ref must be well-formed Unicode text', 'client_ref');
  else if (charLength(clientRef) > 255) p.add('too_long', 'client_ref must be at most 255 characters', 'client_ref');
  if (body.fuzziness !== undefined && (typeof body.fuzziness !== 'number' || !(body.fuzziness >= 0 && body.fuzziness <= 1))) {
    p.add('invalid_fuzziness', 'fuzziness must be a number from 0.0 to 1.0', 'fuzziness');
  }
  let profile: SearchProfileRecord | null = null;
  if (typeof body.search_profile !== 'string' || body.search_profile === '') {
    p.add('required', 'search_profile is required (a profile slug or id)', 'search_profile');
  } else {
    const key = body.search_profile;
    profile =
      (await svc.store.getSearchProfile(ctx.account.id, key)) ??
      (await svc.store.listSearchProfiles(ctx.account.id)).find((x) => x.slug === key) ??
      null;
    if (!profile) p.add('unknown_search_profile', 'search_profile is not a profile of the account', 'search_profile');
  }
  if (!p.empty || !profile) return bad(p);
  if (!svc.referenceScreener) return fail(501, NO_REFERENCE_SCREENER);
  const request: SearchRequest = {
    search_term: term as string,
    client_ref: clientRef as string,
    filters: withProfileTypes({}, profile),
    ...(body.fuzziness !== undefined ? { fuzziness: body.fuzziness as number } : {}),
  };
  return insertSearch(svc, ctx, {
    request,
    profile,
    clientRef: clientRef as string,
    tags: {},
    limit: 100,
    offset: 0,
    share: false,
    kind: 'reference',
  });
}
