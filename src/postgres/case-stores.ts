/**
 * PostgreSQL adapters of the case store and the audit store (`tamis/cases` ports). Every `commit` / `append` is one
 * database transaction. `update_case` is a compare-and-set on the version; `insert_case` takes a transaction-scoped
 * advisory lock on the open-case key (customer, type, payment) before its check, so of two instances opening a case
 * for one key at once, one inserts and the other sees it and conflicts. Run `migrate(pool)` first.
 */
import { priorityBand } from '../cases/enums.js';
import { CaseStoreConflictError, type AuditEntry, type AuditStore, type CaseStore, type CaseStoreOp, type CaseStoreQuery } from '../cases/ports.js';
import type { AuditLogRecord, CaseAlertRecord, CaseNote, CaseRecord, StorePage } from '../cases/types.js';
import { fromJson, fromJsonRows, inTransaction, toJson, type PgPool, type PgQueryable } from './pool.js';

type DataRow = { data: string };

const caseColumns = (c: CaseRecord) => [
  c.identifier,
  c.version,
  c.type,
  c.stage_identifier,
  c.assignee,
  c.customer.identifier,
  c.payment?.identifier ?? null,
  c.is_open,
  priorityBand(c.highest_priority),
  c.created_at,
  toJson(c),
];

async function applyCaseOps(db: PgQueryable, ops: readonly CaseStoreOp[]): Promise<void> {
  for (const op of ops) {
    switch (op.type) {
      case 'insert_case': {
        const c = op.case;
        if (c.is_open) {
          await db.query("SELECT pg_advisory_xact_lock(hashtext('tamis.case:' || $1 || chr(31) || $2 || chr(31) || $3))", [
            c.customer.identifier,
            c.type,
            c.payment?.identifier ?? '',
          ]);
          const open = await db.query(
            "SELECT 1 FROM tamis_cases WHERE customer_identifier = $1 AND type = $2 AND COALESCE(payment_identifier, '') = $3 AND is_open LIMIT 1",
            [c.customer.identifier, c.type, c.payment?.identifier ?? ''],
          );
          if (open.rows.length > 0) throw new CaseStoreConflictError(`an open ${c.type} case of customer ${c.customer.identifier} exists`);
        }
        const r = await db.query(
          `INSERT INTO tamis_cases (identifier, version, type, stage_identifier, assignee, customer_identifier, payment_identifier, is_open, priority_band, created_at, data)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
          caseColumns(c),
        );
        if (r.rowCount !== 1) throw new CaseStoreConflictError(`case ${c.identifier} exists`);
        break;
      }
      case 'update_case': {
        const r = await db.query(
          `UPDATE tamis_cases SET version = $2, type = $3, stage_identifier = $4, assignee = $5, customer_identifier = $6, payment_identifier = $7,
             is_open = $8, priority_band = $9, created_at = $10, data = $11
           WHERE identifier = $1 AND version = $12`,
          [...caseColumns(op.case), op.expected_version],
        );
        if (r.rowCount !== 1) throw new CaseStoreConflictError(`case ${op.case.identifier} is not at version ${op.expected_version}`);
        break;
      }
      case 'insert_alerts':
        for (const a of op.alerts) {
          const r = await db.query(
            'INSERT INTO tamis_case_alerts (identifier, case_identifier, risk_identifier, created_at, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING',
            [a.identifier, a.case_identifier, a.risk_identifier, a.created_at, toJson(a)],
          );
          if (r.rowCount !== 1) throw new CaseStoreConflictError(`alert ${a.identifier} exists`);
        }
        break;
      case 'update_alert': {
        const a = op.alert;
        const r = await db.query('UPDATE tamis_case_alerts SET case_identifier = $2, risk_identifier = $3, created_at = $4, data = $5 WHERE identifier = $1', [
          a.identifier,
          a.case_identifier,
          a.risk_identifier,
          a.created_at,
          toJson(a),
        ]);
        if (r.rowCount !== 1) throw new CaseStoreConflictError(`alert ${a.identifier} is missing`);
        break;
      }
      case 'insert_note': {
        const n = op.note;
        const r = await db.query(
          'INSERT INTO tamis_case_notes (identifier, case_identifier, created_at, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
          [n.identifier, n.case_identifier, n.created_at, toJson(n)],
        );
        if (r.rowCount !== 1) throw new CaseStoreConflictError(`note ${n.identifier} exists`);
        break;
      }
    }
  }
}

async function appendAudit(db: PgQueryable, entries: readonly AuditEntry[]): Promise<void> {
  for (const e of entries) {
    const r = await db.query<{ seq: string }>(
      'INSERT INTO tamis_audit_log (identifier, occurred_at, data) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING seq',
      [e.record.identifier, e.record.occurred_at, toJson(e.record)],
    );
    const seq = r.rows[0]?.seq;
    if (seq === undefined) throw new CaseStoreConflictError(`audit record ${e.record.identifier} exists`);
    // Pages order by the instant (UTC), so records written with different offsets order by time.
    const at = new Date(e.record.occurred_at).toISOString();
    for (const l of e.links) {
      await db.query('INSERT INTO tamis_audit_links (scope, identifier, seq, occurred_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        l.scope,
        l.identifier,
        seq,
        at,
      ]);
    }
  }
}

export function createPostgresCaseStore(pool: PgPool): CaseStore {
  const one = async <T>(sql: string, params: unknown[]) => fromJson<T>((await pool.query<DataRow>(sql, params)).rows[0]);
  const all = async <T>(sql: string, params: unknown[]) => fromJsonRows<T>((await pool.query<DataRow>(sql, params)).rows);
  return {
    getCase: (identifier) => one<CaseRecord>('SELECT data FROM tamis_cases WHERE identifier = $1', [identifier]),
    async listCases(q: CaseStoreQuery): Promise<StorePage<CaseRecord>> {
      const where: string[] = [];
      const params: unknown[] = [];
      const p = (v: unknown) => (params.push(v), `$${params.length}`);
      if (q.type !== undefined) where.push(`type = ${p(q.type)}`);
      if (q.stage_identifier !== undefined) where.push(`stage_identifier = ${p(q.stage_identifier)}`);
      if (q.assignee === null) where.push('assignee IS NULL');
      else if (q.assignee !== undefined) where.push(`assignee = ${p(q.assignee)}`);
      if (q.priority_band !== undefined) where.push(`priority_band = ${p(q.priority_band)}`);
      if (q.customer_identifier !== undefined) where.push(`customer_identifier = ${p(q.customer_identifier)}`);
      const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const n = params.length;
      const r = await pool.query<DataRow & { total: string }>(
        `SELECT data, COUNT(*) OVER () AS total FROM tamis_cases ${w} ORDER BY created_at DESC, identifier DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, q.page_size, (q.page_number - 1) * q.page_size],
      );
      const total = r.rows[0] ? Number(r.rows[0].total) : Number((await pool.query<{ n: string }>(`SELECT COUNT(*) AS n FROM tamis_cases ${w}`, params)).rows[0]?.n ?? 0);
      return { items: fromJsonRows<CaseRecord>(r.rows), total_count: total };
    },
    findOpenCase: (customerIdentifier, type, paymentIdentifier) =>
      paymentIdentifier !== undefined
        ? one<CaseRecord>(
            'SELECT data FROM tamis_cases WHERE customer_identifier = $1 AND type = $2 AND payment_identifier = $3 AND is_open ORDER BY created_at, identifier LIMIT 1',
            [customerIdentifier, type, paymentIdentifier],
          )
        : one<CaseRecord>('SELECT data FROM tamis_cases WHERE customer_identifier = $1 AND type = $2 AND is_open ORDER BY created_at, identifier LIMIT 1', [
            customerIdentifier,
            type,
          ]),
    getAlerts: (caseIdentifier) =>
      all<CaseAlertRecord>('SELECT data FROM tamis_case_alerts WHERE case_identifier = $1 ORDER BY created_at, identifier', [caseIdentifier]),
    getAlert: (identifier) => one<CaseAlertRecord>('SELECT data FROM tamis_case_alerts WHERE identifier = $1', [identifier]),
    findAlertByRisk: (riskIdentifier) => one<CaseAlertRecord>('SELECT data FROM tamis_case_alerts WHERE risk_identifier = $1 LIMIT 1', [riskIdentifier]),
    getNotes: (caseIdentifier) => all<CaseNote>('SELECT data FROM tamis_case_notes WHERE case_identifier = $1 ORDER BY created_at, seq', [caseIdentifier]),
    async commit(ops) {
      await inTransaction(pool, (db) => applyCaseOps(db, ops));
    },
  };
}

export function createPostgresAuditStore(pool: PgPool): AuditStore {
  return {
    async append(entries) {
      await inTransaction(pool, (db) => appendAudit(db, entries));
    },
    async page(link, page) {
      const r = await pool.query<DataRow & { total: string }>(
        `SELECT a.data, COUNT(*) OVER () AS total FROM tamis_audit_links l JOIN tamis_audit_log a ON a.seq = l.seq
         WHERE l.scope = $1 AND l.identifier = $2 ORDER BY l.occurred_at, l.seq LIMIT $3 OFFSET $4`,
        [link.scope, link.identifier, page.page_size, (page.page_number - 1) * page.page_size],
      );
      const total = r.rows[0]
        ? Number(r.rows[0].total)
        : Number(
            (await pool.query<{ n: string }>('SELECT COUNT(*) AS n FROM tamis_audit_links WHERE scope = $1 AND identifier = $2', [link.scope, link.identifier]))
              .rows[0]?.n ?? 0,
          );
      return { items: fromJsonRows<AuditLogRecord>(r.rows), total_count: total };
    },
  };
}

/** The case store and the audit store as a pair: `commitWithAudit` writes a change and its audit records in one transaction. */
export function createPostgresCaseStores(pool: PgPool): { cases: CaseStore; audit: AuditStore } {
  const cases: CaseStore = {
    ...createPostgresCaseStore(pool),
    async commitWithAudit(ops, entries) {
      await inTransaction(pool, async (db) => {
        await applyCaseOps(db, ops);
        await appendAudit(db, entries);
      });
    },
  };
  return { cases, audit: createPostgresAuditStore(pool) };
}
