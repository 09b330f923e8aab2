/**
 * Validation of the POST /searches/references body. Every problem is reported with a stable code and the
 * JSON path of the offending input; the caller maps them to the spec's failure envelope (400).
 */
import { problem, type Problem, type Result } from '../errors.js';
import { DEFAULT_FUZZINESS } from '../names/fuzziness.js';
import { charLength } from '../request/validate.js';
import { MAX_REFERENCE_WORDS, tokenizeWithOffsets } from './tokens.js';
import type { ReferenceRequest, ScreenReferenceOptions, SearchProfile } from './types.js';

export const MAX_REFERENCE_LENGTH = 255;
export const MAX_REFERENCE_LENGTH_EXTENDED = 290;
export const MAX_REFERENCE_CLIENT_REF_LENGTH = 255;

/** The profile used when the host supplies none: every list type, default fuzziness. */
export const DEFAULT_REFERENCE_PROFILE: SearchProfile = { name: 'Default', slug: 'default' };

export interface ValidReferenceRequest {
  searchTerm: string;
  clientRef: string;
  profile: SearchProfile;
  fuzziness: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function requiredString(raw: Record<string, unknown>, key: keyof ReferenceRequest, max: number, problems: Problem[]): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) {
    problems.push(problem(`${key}_required`, `${key} is required`, key));
    return undefined;
  }
  if (typeof v !== 'string') {
    problems.push(problem(`${key}_invalid_type`, `${key} must be a string`, key));
    return undefined;
  }
  if (v.trim() === '') {
    problems.push(problem(`${key}_empty`, `${key} must not be empty`, key));
    return undefined;
  }
  if (charLength(v) > max) {
    problems.push(problem(`${key}_too_long`, `${key} must be at most ${max} characters`, key));
    return undefined;
  }
  return v;
}

/** The profile with this slug or id. */
export function findProfile(profiles: readonly SearchProfile[], key: string): SearchProfile | undefined {
  return profiles.find((p) => p.slug === key) ?? profiles.find((p) => p.id === key);
}

export function validateReferenceRequest(raw: unknown, options: ScreenReferenceOptions): Result<ValidReferenceRequest, Problem[]> {
  if (!isObject(raw)) return { ok: false, error: [problem('request_invalid', 'the request must be a JSON object')] };
  const problems: Problem[] = [];
  const searchTerm = requiredString(raw, 'search_term', options.maxTermLength ?? MAX_REFERENCE_LENGTH, problems);
  if (searchTerm !== undefined && tokenizeWithOffsets(searchTerm).length > MAX_REFERENCE_WORDS) {
    const message = `search_term must have at most ${MAX_REFERENCE_WORDS} words once normalised (some characters, such as ½, stand for several)`;
    problems.push(problem('search_term_too_many_words', message, 'search_term'));
  }
  const clientRef = requiredString(raw, 'client_ref', MAX_REFERENCE_CLIENT_REF_LENGTH, problems);
  const profileKey = requiredString(raw, 'search_profile', 255, problems);
  let profile: SearchProfile | undefined;
  if (profileKey !== undefined) {
    profile = findProfile(options.profiles ?? [DEFAULT_REFERENCE_PROFILE], profileKey);
    if (profile === undefined) problems.push(problem('search_profile_unknown', `search_profile ${JSON.stringify(profileKey)} is not a known profile slug or id`, 'search_profile'));
  }
  let fuzziness = profile?.fuzziness ?? DEFAULT_FUZZINESS;
  if (raw.fuzziness !== undefined) {
    if (typeof raw.fuzziness !== 'number' || !Number.isFinite(raw.fuzziness) || raw.fuzziness < 0 || raw.fuzziness > 1) {
      problems.push(problem('fuzziness_invalid', 'fuzziness must be a number from 0.0 to 1.0', 'fuzziness'));
    } else fuzziness = raw.fuzziness;
  }
  if (problems.length > 0 || searchTerm === undefined || clientRef === undefined || profile === undefined) return { ok: false, error: problems };
  return { ok: true, value: { searchTerm, clientRef, profile, fuzziness } };
}
