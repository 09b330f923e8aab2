/** Payment-reference screening (search-api.md, POST /searches/references; issue 5). */
export * from './types.js';
export { screenReference, findInReference, referenceMatcher } from './screen.js';
export {
  validateReferenceRequest,
  findProfile,
  DEFAULT_REFERENCE_PROFILE,
  MAX_REFERENCE_LENGTH,
  MAX_REFERENCE_LENGTH_EXTENDED,
  MAX_REFERENCE_CLIENT_REF_LENGTH,
} from './validate.js';
export { tokenizeWithOffsets, type OffsetToken } from './tokens.js';
export { referenceWords, type ReferenceWords } from './noise.js';
