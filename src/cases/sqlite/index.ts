/**
 * SQLite adapters (better-sqlite3) of the case store and the audit store. Subpath `tamis/cases/sqlite`, so hosts
 * without better-sqlite3 can import the rest of the area.
 *
 *   import Database from 'better-sqlite3';
 *   import { createSqliteCaseStore, createSqliteAuditStore } from 'tamis/cases/sqlite';
 *   const db = new Database('tamis.db');
 *   const cases = createSqliteCaseStore(db);
 *   const audit = createSqliteAuditStore(db);
 *
 * Every `commit` / `append` runs in one SQLite transaction (all or nothing). Records are stored as JSON next to the
 * columns the queries filter and sort on.
 */
import type { SqliteDatabase as Db } from '../../sqlite/database.js';
import { sqliteCalls, type SqliteBusyOptions } from '../../storage/sqlite.js';
import { priorityBand } from '../enums.js';
import { CaseStoreConflictError, type AuditEntry, type AuditStore, type CaseStore, type CaseStoreOp, type CaseStoreQuery } from '../ports.js';
import type { AuditLogRecord, CaseAlertRecord, CaseNote, CaseRecord, StorePage } from '../types.js';

const CASE_SCHEMA = `
CREATE TABLE IF NOT EXISTS tamis_cases (
  identifier TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  type TEXT NOT NULL,
  stage_identifier TEXT NOT NULL,
  assignee TEXT,
  customer_identifier TEXT NOT NULL,
  payment_identifier TEXT,
  is_open INTEGER NOT NULL,
  priority_band TEXT NOT NULL,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_cases_customer ON tamis_cases (customer_identifier, type, is_open);
CREATE INDEX IF NOT EXISTS tamis_cases_created ON tamis_cases (created_at, identifier);
CREATE TABLE IF NOT EXISTS tamis_case_alerts (
  identifier TEXT PRIMARY KEY,
  case_identifier TEXT NOT NULL,
  risk_identifier TEXT,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_case_alerts_case ON tamis_case_alerts (case_identifier, created_at, identifier);
CREATE INDEX IF NOT EXISTS tamis_case_alerts_risk ON tamis_case_alerts (risk_identifier);
CREATE TABLE IF NOT EXISTS tamis_case_notes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  identifier TEXT NOT NULL UNIQUE,
  case_identifier TEXT NOT NULL,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_case_notes_case ON tamis_case_notes (case_identifier, created_at, seq);
`;

const AUDIT_SCHEMA = `
CREATE TABLE IF NOT EXISTS tamis_audit_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  identifier TEXT NOT NULL UNIQUE,
  occurred_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tamis_audit_links (
  scope TEXT NOT NULL,
  identifier TEXT NOT NULL,
  seq INTEGER NOT NULL,
  occurred_at TEXT NOT NULL,
  PRIMARY KEY (scope, identifier, seq)
);
CREATE INDEX IF NOT EXISTS tamis_audit_links_page ON tamis_audit_links (scope, identifier, occurred_at, seq);
`;

export interface SqliteCaseStoreOptions extends SqliteBusyOptions {
  /** Create the tables when missing (default true). */
  migrate?: boolean;
}

type DataRow = { data: string };

export function createSqliteCaseStore(db: Db, options: SqliteCaseStoreOptions = {}): CaseStore {
  return caseStoreOver(db, options).store;
}

function caseStoreOver(db: Db, options: SqliteCaseStoreOptions): { store: CaseStore; apply: (ops: readonly CaseStoreOp[]) => void } {
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.run(() => db.exec(CASE_SCHEMA));
  const st = calls.statement;
  const parse = <T>(row: unknown): T | null => (row ? (JSON.parse((row as DataRow).data) as T) : null);
  const parseAll = <T>(rows: unknown[]): T[] => rows.map((r) => JSON.parse((r as DataRow).data) as T);

  const caseParams = (c: CaseRecord) => ({
    identifier: c.identifier,
    version: c.version,
    type: c.type,
    stage_identifier: c.stage_identifier,
    assignee: c.assignee,
    customer_identifier: c.customer.identifier,
    payment_identifier: c.payment?.identifier ?? null,
    is_open: c.is_open ? 1 : 0,
    priority_band: priorityBand(c.highest_priority),
    created_at: c.created_at,
    data: JSON.stringify(c),
  });

  const apply = calls.write((ops: readonly CaseStoreOp[]) => {
    for (const op of ops) {
      switch (op.type) {
        case 'insert_case': {
          if (st('SELECT 1 FROM tamis_cases WHERE identifier = ?').get(op.case.identifier))
            throw new CaseStoreConflictError(`case ${op.case.identifier} exists`);
          if (
            op.case.is_open &&
            st(
              "SELECT 1 FROM tamis_cases WHERE customer_identifier = ? AND type = ? AND COALESCE(payment_identifier, '') = ? AND is_open = 1 LIMIT 1",
            ).get(op.case.customer.identifier, op.case.type, op.case.payment?.identifier ?? '')
          )
            throw new CaseStoreConflictError(`an open ${op.case.type} case of customer ${op.case.customer.identifier} exists`);
          st(
            `INSERT INTO tamis_cases (identifier, version, type, stage_identifier, assignee, customer_identifier, payment_identifier, is_open, priority_band, created_at, data)
             VALUES (@identifier, @version, @type, @stage_identifier, @assignee, @customer_identifier, @payment_identifier, @is_open, @priority_band, @created_at, @data)`,
          ).run(caseParams(op.case));
          break;
        }
        case 'update_case': {
          const r = st(
            `UPDATE tamis_cases SET version = @version, type = @type, stage_identifier = @stage_identifier, assignee = @assignee,
               customer_identifier = @customer_identifier, payment_identifier = @payment_identifier, is_open = @is_open, priority_band = @priority_band, created_at = @created_at, data = @data
             WHERE identifier = @identifier AND version = @expected_version`,
          ).run({ ...caseParams(op.case), expected_version: op.expected_version });
          if (r.changes !== 1) throw new CaseStoreConflictError(`case ${op.case.identifier} is not at version ${op.expected_version}`);
          break;
        }
        case 'insert_alerts':
          for (const a of op.alerts) {
            if (st('SELECT 1 FROM tamis_case_alerts WHERE identifier = ?').get(a.identifier))
              throw new CaseStoreConflictError(`alert ${a.identifier} exists`);
            st('INSERT INTO tamis_case_alerts (identifier, case_identifier, risk_identifier, created_at, data) VALUES (?, ?, ?, ?, ?)').run(
              a.identifier,
              a.case_identifier,
              a.risk_identifier,
              a.created_at,
              JSON.stringify(a),
            );
          }
          break;
        case 'update_alert': {
          const a = op.alert;
          const r = st('UPDATE tamis_case_alerts SET case_identifier = ?, risk_identifier = ?, created_at = ?, data = ? WHERE identifier = ?').run(
            a.case_identifier,
            a.risk_identifier,
            a.created_at,
            JSON.stringify(a),
            a.identifier,
          );
          if (r.changes !== 1) throw new CaseStoreConflictError(`alert ${a.identifier} is missing`);
          break;
        }
        case 'insert_note': {
          if (st('SELECT 1 FROM tamis_case_notes WHERE identifier = ?').get(op.note.identifier))
            throw new CaseStoreConflictError(`note ${op.note.identifier} exists`);
          st('INSERT INTO tamis_case_notes (identifier, case_identifier, created_at, data) VALUES (?, ?, ?, ?)').run(
            op.note.identifier,
            op.note.case_identifier,
            op.note.created_at,
            JSON.stringify(op.note),
          );
          break;
        }
      }
    }
  });

  const store: CaseStore = {
    async getCase(identifier) {
      return parse<CaseRecord>(st('SELECT data FROM tamis_cases WHERE identifier = ?').get(identifier));
    },
    async listCases(q: CaseStoreQuery): Promise<StorePage<CaseRecord>> {
      const where: string[] = [];
      const params: Record<string, unknown> = {};
      if (q.type !== undefined) (where.push('type = @type'), (params.type = q.type));
      if (q.stage_identifier !== undefined) (where.push('stage_identifier = @stage'), (params.stage = q.stage_identifier));
      if (q.assignee === null) where.push('assignee IS NULL');
      else if (q.assignee !== undefined) (where.push('assignee = @assignee'), (params.assignee = q.assignee));
      if (q.priority_band !== undefined) (where.push('priority_band = @band'), (params.band = q.priority_band));
      if (q.customer_identifier !== undefined) (where.push('customer_identifier = @customer'), (params.customer = q.customer_identifier));
      const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const total = (st(`SELECT COUNT(*) AS n FROM tamis_cases ${w}`).get(params) as { n: number }).n;
      const rows = st(`SELECT data FROM tamis_cases ${w} ORDER BY created_at DESC, identifier DESC LIMIT @limit OFFSET @offset`).all({
        ...params,
        limit: q.page_size,
        offset: (q.page_number - 1) * q.page_size,
      });
      return { items: parseAll<CaseRecord>(rows), total_count: total };
    },
    async findOpenCase(customerIdentifier, type, paymentIdentifier) {
      if (paymentIdentifier !== undefined) {
        return parse<CaseRecord>(
          st(
            'SELECT data FROM tamis_cases WHERE customer_identifier = ? AND type = ? AND payment_identifier = ? AND is_open = 1 ORDER BY created_at ASC, identifier ASC LIMIT 1',
          ).get(customerIdentifier, type, paymentIdentifier),
        );
      }
      return parse<CaseRecord>(
        st('SELECT data FROM tamis_cases WHERE customer_identifier = ? AND type = ? AND is_open = 1 ORDER BY created_at ASC, identifier ASC LIMIT 1').get(
          customerIdentifier,
          type,
        ),
      );
    },
    async getAlerts(caseIdentifier) {
      return parseAll<CaseAlertRecord>(
        st('SELECT data FROM tamis_case_alerts WHERE case_identifier = ? ORDER BY created_at ASC, identifier ASC').all(caseIdentifier),
      );
    },
    async getAlert(identifier) {
      return parse<CaseAlertRecord>(st('SELECT data FROM tamis_case_alerts WHERE identifier = ?').get(identifier));
    },
    async findAlertByRisk(riskIdentifier) {
      return parse<CaseAlertRecord>(st('SELECT data FROM tamis_case_alerts WHERE risk_identifier = ? LIMIT 1').get(riskIdentifier));
    },
    async getNotes(caseIdentifier) {
      return parseAll<CaseNote>(st('SELECT data FROM tamis_case_notes WHERE case_identifier = ? ORDER BY created_at ASC, seq ASC').all(caseIdentifier));
    },
    async commit(ops) {
      apply(ops);
    },
  };
  return { store, apply };
}

export function createSqliteAuditStore(db: Db, options: SqliteCaseStoreOptions = {}): AuditStore {
  return auditStoreOver(db, options).store;
}

function auditStoreOver(db: Db, options: SqliteCaseStoreOptions): { store: AuditStore; append: (entries: readonly AuditEntry[]) => void } {
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.run(() => db.exec(AUDIT_SCHEMA));
  const st = calls.statement;
  const append = calls.write((entries: readonly AuditEntry[]) => {
    for (const e of entries) {
      if (st('SELECT 1 FROM tamis_audit_log WHERE identifier = ?').get(e.record.identifier))
        throw new CaseStoreConflictError(`audit record ${e.record.identifier} exists`);
      const r = st('INSERT INTO tamis_audit_log (identifier, occurred_at, data) VALUES (?, ?, ?)').run(
        e.record.identifier,
        e.record.occurred_at,
        JSON.stringify(e.record),
      );
      // Sort key: the instant in UTC, so records written with different offsets order by time.
      const at = new Date(e.record.occurred_at).toISOString();
      for (const l of e.links) {
        st('INSERT OR IGNORE INTO tamis_audit_links (scope, identifier, seq, occurred_at) VALUES (?, ?, ?, ?)').run(
          l.scope,
          l.identifier,
          r.lastInsertRowid,
          at,
        );
      }
    }
  });
  const store: AuditStore = {
    async append(entries) {
      append(entries);
    },
    async page(link, page) {
      const total = (st('SELECT COUNT(*) AS n FROM tamis_audit_links WHERE scope = ? AND identifier = ?').get(link.scope, link.identifier) as { n: number }).n;
      const rows = st(
        `SELECT a.data FROM tamis_audit_links l JOIN tamis_audit_log a ON a.seq = l.seq
         WHERE l.scope = ? AND l.identifier = ? ORDER BY l.occurred_at ASC, l.seq ASC LIMIT ? OFFSET ?`,
      ).all(link.scope, link.identifier, page.page_size, (page.page_number - 1) * page.page_size);
      return { items: rows.map((r) => JSON.parse((r as DataRow).data) as AuditLogRecord), total_count: total };
    },
  };
  return { store, append };
}

/**
 * The case store and the audit store over one database, made as a pair: the case store's `commitWithAudit` applies
 * a case change and its audit records in one SQLite transaction.
 */
export function createSqliteCaseStores(db: Db, options: SqliteCaseStoreOptions = {}): { cases: CaseStore; audit: AuditStore } {
  const c = caseStoreOver(db, options);
  const a = auditStoreOver(db, options);
  const both = sqliteCalls(db, options).write((ops: readonly CaseStoreOp[], entries: readonly AuditEntry[]) => {
    c.apply(ops);
    a.append(entries);
  });
  const cases: CaseStore = {
    ...c.store,
    async commitWithAudit(ops, entries) {
      both(ops, entries);
    },
  };
  return { cases, audit: a.store };
}

export { openSqliteDatabase, type SqliteDatabase, type SqliteStatement, type SqliteRunResult, type SqliteTransaction } from '../../sqlite/database.js';
export { MissingPeerDependencyError } from '../../peer.js';
