/** Migration 1: the tables of the searches service store (`createPostgresStore`). */
export const SERVICE_TABLES = `
CREATE TABLE tamis_accounts (id bigint PRIMARY KEY, data text NOT NULL);
CREATE TABLE tamis_users (id bigint PRIMARY KEY, account_id bigint NOT NULL, data text NOT NULL);
CREATE INDEX tamis_users_account ON tamis_users (account_id, id);
CREATE TABLE tamis_api_keys (key_hash text COLLATE "C" PRIMARY KEY, data text NOT NULL);
CREATE TABLE tamis_tag_definitions (
  account_id bigint NOT NULL,
  name text COLLATE "C" NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (account_id, name)
);
CREATE TABLE tamis_search_profiles (
  account_id bigint NOT NULL,
  id text COLLATE "C" NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (account_id, id)
);
CREATE TABLE tamis_sequences (name text COLLATE "C" PRIMARY KEY, value bigint NOT NULL);
CREATE TABLE tamis_searches (
  id bigint PRIMARY KEY,
  account_id bigint NOT NULL,
  ref text COLLATE "C" NOT NULL UNIQUE,
  version integer NOT NULL,
  searcher_id bigint NOT NULL,
  assignee_id bigint,
  match_status text COLLATE "C" NOT NULL,
  risk_level text COLLATE "C" NOT NULL,
  search_term_lc text COLLATE "C" NOT NULL,
  submitted_term_lc text COLLATE "C" NOT NULL,
  client_ref text COLLATE "C",
  created_at text COLLATE "C" NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  is_monitored boolean NOT NULL,
  is_suspended boolean NOT NULL,
  tags jsonb NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_searches_account ON tamis_searches (account_id, id);
CREATE INDEX tamis_searches_client_ref ON tamis_searches (account_id, client_ref);
CREATE INDEX tamis_searches_created_at ON tamis_searches (account_id, created_at);
CREATE INDEX tamis_searches_monitored ON tamis_searches (id) WHERE is_monitored;
CREATE INDEX tamis_searches_tags ON tamis_searches USING gin (tags jsonb_path_ops);
CREATE TABLE tamis_hit_sets (
  search_id bigint NOT NULL,
  provider text COLLATE "C" NOT NULL,
  count integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (search_id, provider)
);
CREATE TABLE tamis_comments (
  seq bigserial PRIMARY KEY,
  id text COLLATE "C" NOT NULL UNIQUE,
  search_id bigint NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_comments_search ON tamis_comments (search_id, created_at, seq);
CREATE TABLE tamis_whitelist (
  account_id bigint NOT NULL,
  client_ref text COLLATE "C" NOT NULL,
  entity_id text COLLATE "C" NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (account_id, client_ref, entity_id)
);
CREATE TABLE tamis_differences (
  seq bigserial PRIMARY KEY,
  id text COLLATE "C" NOT NULL UNIQUE,
  search_id bigint NOT NULL,
  date text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_differences_search ON tamis_differences (search_id, date, seq);
-- The webhook outbox: several instances claim due records with SELECT ... FOR UPDATE SKIP LOCKED.
CREATE TABLE tamis_outbox (
  seq bigserial PRIMARY KEY,
  id text COLLATE "C" NOT NULL UNIQUE,
  delivered boolean NOT NULL,
  next_attempt_at timestamptz,
  data text NOT NULL
);
CREATE INDEX tamis_outbox_pending ON tamis_outbox (seq) WHERE NOT delivered;
`;
