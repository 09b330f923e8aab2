/**
 * PostgreSQL adapters of the batch store (`tamis/bulk`) and the credential store (`tamis/tokens`). A batch and its
 * workflow records are saved in one transaction; `claim` and `claimNext` take a batch waiting to be processed
 * (NOT_STARTED) for one worker: a conditional update, and SELECT … FOR UPDATE SKIP LOCKED over the waiting batches,
 * so several instances share the queue and no batch is processed twice. Run `migrate(pool)` first.
 */
import type { BatchStore } from '../bulk/ports.js';
import type { BatchRecord, BatchWorkflowRecord } from '../bulk/types.js';
import type { ApiUserRecord, CredentialStore } from '../tokens/ports.js';
import { fromJson, fromJsonRows, inTransaction, toJson, type PgPool, type PgQueryable } from './pool.js';

type DataRow = { data: string };

async function page<T>(pool: PgPool, sql: string, countSql: string, params: unknown[], p: { page_number: number; page_size: number }) {
  const n = params.length;
  const r = await pool.query<DataRow & { total: string }>(`${sql} LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, p.page_size, (p.page_number - 1) * p.page_size]);
  const total = r.rows[0] ? Number(r.rows[0].total) : Number((await pool.query<{ n: string }>(countSql, params)).rows[0]?.n ?? 0);
  return { items: fromJsonRows<T>(r.rows), total_count: total };
}

const putBatch = (db: PgQueryable, b: BatchRecord) =>
  db.query(
    `INSERT INTO tamis_batches (identifier, created_at, status, data) VALUES ($1, $2, $3, $4)
     ON CONFLICT (identifier) DO UPDATE SET created_at = EXCLUDED.created_at, status = EXCLUDED.status, data = EXCLUDED.data`,
    [b.identifier, b.created_at, b.status, toJson(b)],
  );

export function createPostgresBatchStore(pool: PgPool): BatchStore {
  return {
    async save(batch, workflows = []) {
      for (const w of workflows) if (w.batch_identifier !== batch.identifier) throw new Error('createPostgresBatchStore.save: workflow of another batch');
      await inTransaction(pool, async (db) => {
        await putBatch(db, batch);
        for (const w of workflows) {
          await db.query(
            `INSERT INTO tamis_batch_workflows (batch_identifier, row_number, data) VALUES ($1, $2, $3)
             ON CONFLICT (batch_identifier, row_number) DO UPDATE SET data = EXCLUDED.data`,
            [w.batch_identifier, w.row_number, toJson(w)],
          );
        }
      });
    },
    async get(identifier) {
      return fromJson<BatchRecord>((await pool.query<DataRow>('SELECT data FROM tamis_batches WHERE identifier = $1', [identifier])).rows[0]);
    },
    list: (p) =>
      page<BatchRecord>(pool, 'SELECT data, COUNT(*) OVER () AS total FROM tamis_batches ORDER BY created_at DESC, identifier DESC', 'SELECT COUNT(*) AS n FROM tamis_batches', [], p),
    async delete(identifier) {
      return inTransaction(pool, async (db) => {
        await db.query('DELETE FROM tamis_batch_workflows WHERE batch_identifier = $1', [identifier]);
        return ((await db.query('DELETE FROM tamis_batches WHERE identifier = $1', [identifier])).rowCount ?? 0) > 0;
      });
    },
    workflows: (batchIdentifier, p) =>
      page<BatchWorkflowRecord>(
        pool,
        'SELECT data, COUNT(*) OVER () AS total FROM tamis_batch_workflows WHERE batch_identifier = $1 ORDER BY row_number',
        'SELECT COUNT(*) AS n FROM tamis_batch_workflows WHERE batch_identifier = $1',
        [batchIdentifier],
        p,
      ),
    async claim(identifier, next) {
      if (next.identifier !== identifier) throw new Error('createPostgresBatchStore.claim: the claimed record is of another batch');
      const r = await pool.query("UPDATE tamis_batches SET status = $2, data = $3 WHERE identifier = $1 AND status = 'NOT_STARTED'", [
        identifier,
        next.status,
        toJson(next),
      ]);
      return r.rowCount === 1;
    },
    async claimNext(update) {
      return inTransaction(pool, async (db) => {
        const r = await db.query<DataRow>(
          "SELECT data FROM tamis_batches WHERE status = 'NOT_STARTED' ORDER BY created_at, identifier LIMIT 1 FOR UPDATE SKIP LOCKED",
        );
        const waiting = fromJson<BatchRecord>(r.rows[0]);
        if (!waiting) return null;
        const next = update(structuredClone(waiting));
        if (next.identifier !== waiting.identifier) throw new Error('createPostgresBatchStore.claimNext: the claimed record is of another batch');
        await putBatch(db, next);
        return next;
      });
    },
  };
}

export function createPostgresCredentialStore(pool: PgPool): CredentialStore {
  return {
    async findUser(realm, username) {
      const r = await pool.query<DataRow>('SELECT data FROM tamis_api_users WHERE realm = $1 AND username_lc = $2', [realm, username.toLowerCase()]);
      return fromJson<ApiUserRecord>(r.rows[0]);
    },
    async putUser(user) {
      await pool.query(
        `INSERT INTO tamis_api_users (realm, username_lc, data) VALUES ($1, $2, $3)
         ON CONFLICT (realm, username_lc) DO UPDATE SET data = EXCLUDED.data`,
        [user.realm, user.username.toLowerCase(), toJson(user)],
      );
    },
    async deleteUser(realm, username) {
      const r = await pool.query('DELETE FROM tamis_api_users WHERE realm = $1 AND username_lc = $2', [realm, username.toLowerCase()]);
      return (r.rowCount ?? 0) > 0;
    },
  };
}
