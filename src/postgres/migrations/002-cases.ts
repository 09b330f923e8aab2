/** Migration 2: cases, alerts, notes and the audit log (`createPostgresCaseStores`). */
export const CASE_TABLES = `
CREATE TABLE tamis_cases (
  identifier text COLLATE "C" PRIMARY KEY,
  version integer NOT NULL,
  type text COLLATE "C" NOT NULL,
  stage_identifier text COLLATE "C" NOT NULL,
  assignee text COLLATE "C",
  customer_identifier text COLLATE "C" NOT NULL,
  payment_identifier text COLLATE "C",
  is_open boolean NOT NULL,
  priority_band text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_cases_customer ON tamis_cases (customer_identifier, type, is_open);
CREATE INDEX tamis_cases_created ON tamis_cases (created_at, identifier);
CREATE TABLE tamis_case_alerts (
  identifier text COLLATE "C" PRIMARY KEY,
  case_identifier text COLLATE "C" NOT NULL,
  risk_identifier text COLLATE "C",
  created_at text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_case_alerts_case ON tamis_case_alerts (case_identifier, created_at, identifier);
CREATE INDEX tamis_case_alerts_risk ON tamis_case_alerts (risk_identifier);
CREATE TABLE tamis_case_notes (
  seq bigserial PRIMARY KEY,
  identifier text COLLATE "C" NOT NULL UNIQUE,
  case_identifier text COLLATE "C" NOT NULL,
  created_at text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE INDEX tamis_case_notes_case ON tamis_case_notes (case_identifier, created_at, seq);
CREATE TABLE tamis_audit_log (
  seq bigserial PRIMARY KEY,
  identifier text COLLATE "C" NOT NULL UNIQUE,
  occurred_at text COLLATE "C" NOT NULL,
  data text NOT NULL
);
CREATE TABLE tamis_audit_links (
  scope text COLLATE "C" NOT NULL,
  identifier text COLLATE "C" NOT NULL,
  seq bigint NOT NULL,
  occurred_at timestamptz NOT NULL,
  PRIMARY KEY (scope, identifier, seq)
);
CREATE INDEX tamis_audit_links_page ON tamis_audit_links (scope, identifier, occurred_at, seq);
`;
