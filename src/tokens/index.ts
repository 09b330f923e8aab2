/**
 * Bearer tokens for API users: issue from username, password and realm; verify. Credential store port with an
 * in-memory adapter; SQLite adapter at `tamis/tokens/sqlite`, conformance suite at `tamis/tokens/testing`.
 */
export type { ApiUserRecord, CredentialStore } from './ports.js';
export { InMemoryCredentialStore } from './memory.js';
export {
  TOKEN_SCOPE,
  MIN_TOKEN_SECRET_BYTES,
  MAX_PASSWORD_BYTES,
  createTokenService,
  hashApiPassword,
  passwordFits,
  type TokenClaims,
  type TokenService,
  type TokenServiceOptions,
} from './service.js';
export { FailureLimiter, type FailureLimitOptions } from './failures.js';
