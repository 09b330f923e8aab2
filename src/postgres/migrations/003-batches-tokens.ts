/** Migration 3: bulk batches (`createPostgresBatchStore`) and API users (`createPostgresCredentialStore`). */
export const BATCH_AND_TOKEN_TABLES = `
CREATE TABLE tamis_batches (
  identifier text COLLATE "C" PRIMARY KEY,
  created_at text COLLATE "C" NOT NULL,
  status text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_batches_created ON tamis_batches (created_at, identifier);
-- Workers claim batches waiting to be processed with SELECT ... FOR UPDATE SKIP LOCKED.
CREATE INDEX tamis_batches_waiting ON tamis_batches (created_at, identifier) WHERE status = 'NOT_STARTED';
CREATE TABLE tamis_batch_workflows (
  batch_identifier text COLLATE "C" NOT NULL,
  row_number integer NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (batch_identifier, row_number)
);
CREATE TABLE tamis_api_users (
  realm text COLLATE "C" NOT NULL,
  username_lc text COLLATE "C" NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (realm, username_lc)
);
`;
