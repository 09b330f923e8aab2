/**
 * The credential port of the token area: the host's API users and their bcrypt password hashes.
 * Adapters: `InMemoryCredentialStore`, `createSqliteCredentialStore(db)` (subpath `tamis/tokens/sqlite`).
 * Conformance: `testCredentialStore` (subpath `tamis/tokens/testing`).
 */

export interface ApiUserRecord {
  /** The user's UUID (the token subject). */
  identifier: string;
  /** Email; matched case-insensitively. */
  username: string;
  /** Issued at onboarding; matched case-sensitively. */
  realm: string;
  /** A bcrypt hash (`hashApiPassword`). */
  password_hash: string;
  /** A disabled user gets no token. */
  disabled?: boolean;
}

export interface CredentialStore {
  /** The user of `realm` (exact) with `username` (case-insensitive), or null. */
  findUser(realm: string, username: string): Promise<ApiUserRecord | null>;
  /** Insert or replace the user with the same realm and (case-insensitive) username. */
  putUser(user: ApiUserRecord): Promise<void>;
  /** Remove a user; true when one was removed. */
  deleteUser(realm: string, username: string): Promise<boolean>;
}
