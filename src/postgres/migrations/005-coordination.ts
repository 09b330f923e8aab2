/**
 * Migration 5: what instances sharing the database coordinate through: the rate limit of each api key (the calls
 * of the current window, milliseconds) and the list versions with their re-screening claim.
 */
export const COORDINATION_TABLES = `
CREATE TABLE tamis_rate_limits (
  key text COLLATE "C" PRIMARY KEY,
  calls bigint[] NOT NULL,
  allowed boolean NOT NULL
);
CREATE TABLE tamis_list_versions (
  version bigserial PRIMARY KEY,
  fingerprint text COLLATE "C" NOT NULL,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rescreen_owner text,
  rescreen_claimed_at timestamptz,
  rescreen_done_at timestamptz
);
`;
