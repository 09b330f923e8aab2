/**
 * Migration 4: transactions, their history, risks, mutes, the transaction audit sink, customer and product records
 * (`createPostgresTransactionStores`). History windows are read by (customer, occurred_at) and
 * (counterparty, occurred_at), times in epoch milliseconds.
 */
export const TRANSACTION_TABLES = `
CREATE TABLE tamis_transactions (
  identifier text COLLATE "C" PRIMARY KEY,
  external_identifier text COLLATE "C" NOT NULL UNIQUE,
  occurred_ms double precision NOT NULL,
  review_decision text COLLATE "C",
  data text NOT NULL
);
CREATE INDEX tamis_transactions_occurred ON tamis_transactions (occurred_ms, identifier);
CREATE TABLE tamis_history (
  seq bigserial NOT NULL,
  id text COLLATE "C" PRIMARY KEY,
  customer text COLLATE "C" NOT NULL,
  counterparty text COLLATE "C",
  occurred_ms double precision NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_history_customer ON tamis_history (customer, occurred_ms);
CREATE INDEX tamis_history_counterparty ON tamis_history (counterparty, occurred_ms) WHERE counterparty IS NOT NULL;
CREATE INDEX tamis_history_occurred ON tamis_history (occurred_ms);
CREATE TABLE tamis_risks (
  seq bigserial PRIMARY KEY,
  identifier text COLLATE "C" NOT NULL UNIQUE,
  decision text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE TABLE tamis_mutes (
  seq bigserial PRIMARY KEY,
  customer_identifier text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_mutes_customer ON tamis_mutes (customer_identifier, seq);
CREATE TABLE tamis_transaction_audit (
  seq bigserial PRIMARY KEY,
  transaction_identifier text COLLATE "C",
  data text NOT NULL
);
CREATE INDEX tamis_transaction_audit_tx ON tamis_transaction_audit (transaction_identifier, seq);
CREATE TABLE tamis_customer_records (
  customer_identifier text COLLATE "C" PRIMARY KEY,
  data text NOT NULL
);
CREATE TABLE tamis_customer_products (
  customer_identifier text COLLATE "C" NOT NULL,
  product_name text COLLATE "C" NOT NULL,
  data text NOT NULL,
  PRIMARY KEY (customer_identifier, product_name)
);
`;
