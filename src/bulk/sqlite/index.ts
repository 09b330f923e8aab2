/**
 * SQLite adapter (better-sqlite3) of the batch store. Subpath `tamis/bulk/sqlite`.
 *
 *   import Database from 'better-sqlite3';
 *   import { createSqliteBatchStore } from 'tamis/bulk/sqlite';
 *   const batches = createSqliteBatchStore(new Database('tamis.db'));
 */
import type { SqliteDatabase as Db } from '../../sqlite/database.js';
import { sqliteCalls, type SqliteBusyOptions } from '../../storage/sqlite.js';
import type { BatchStore } from '../ports.js';
import type { BatchRecord, BatchWorkflowRecord } from '../types.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS tamis_batches (
  identifier TEXT PRIMARY KEY,
  created_at TEXT NOT NULL,
  data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS tamis_batches_created ON tamis_batches (created_at, identifier);
CREATE TABLE IF NOT EXISTS tamis_batch_workflows (
  batch_identifier TEXT NOT NULL,
  row_number INTEGER NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (batch_identifier, row_number)
);
`;

export function createSqliteBatchStore(db: Db, options: { migrate?: boolean } & SqliteBusyOptions = {}): BatchStore {
  const calls = sqliteCalls(db, options);
  if (options.migrate !== false) calls.run(() => db.exec(SCHEMA));
  const putBatch = db.prepare('INSERT OR REPLACE INTO tamis_batches (identifier, created_at, data) VALUES (?, ?, ?)');
  const putFlow = db.prepare('INSERT OR REPLACE INTO tamis_batch_workflows (batch_identifier, row_number, data) VALUES (?, ?, ?)');
  const getBatch = db.prepare('SELECT data FROM tamis_batches WHERE identifier = ?');
  const countBatches = db.prepare('SELECT COUNT(*) AS n FROM tamis_batches');
  const listBatches = db.prepare('SELECT data FROM tamis_batches ORDER BY created_at DESC, identifier DESC LIMIT ? OFFSET ?');
  const delBatch = db.prepare('DELETE FROM tamis_batches WHERE identifier = ?');
  const delFlows = db.prepare('DELETE FROM tamis_batch_workflows WHERE batch_identifier = ?');
  const countFlows = db.prepare('SELECT COUNT(*) AS n FROM tamis_batch_workflows WHERE batch_identifier = ?');
  const listFlows = db.prepare('SELECT data FROM tamis_batch_workflows WHERE batch_identifier = ? ORDER BY row_number LIMIT ? OFFSET ?');

  const save = calls.write((batch: BatchRecord, workflows: readonly BatchWorkflowRecord[]) => {
    for (const w of workflows) if (w.batch_identifier !== batch.identifier) throw new Error('createSqliteBatchStore.save: workflow of another batch');
    putBatch.run(batch.identifier, batch.created_at, JSON.stringify(batch));
    for (const w of workflows) putFlow.run(w.batch_identifier, w.row_number, JSON.stringify(w));
  });
  const remove = calls.write((identifier: string) => {
    delFlows.run(identifier);
    return delBatch.run(identifier).changes > 0;
  });
  type Row = { data: string };
  const waitingStatus = "json_extract(data, '$.status') = 'NOT_STARTED'";
  const claimOne = calls.write((identifier: string, next: BatchRecord) =>
    db.prepare(`UPDATE tamis_batches SET created_at = ?, data = ? WHERE identifier = ? AND ${waitingStatus}`).run(next.created_at, JSON.stringify(next), identifier).changes === 1,
  );
  const claimOldest = calls.write((update: (waiting: BatchRecord) => BatchRecord): BatchRecord | null => {
    const row = db.prepare(`SELECT data FROM tamis_batches WHERE ${waitingStatus} ORDER BY created_at, identifier LIMIT 1`).get() as Row | undefined;
    if (!row) return null;
    const waiting = JSON.parse(row.data) as BatchRecord;
    const next = update(waiting);
    if (next.identifier !== waiting.identifier) throw new Error('createSqliteBatchStore.claimNext: the claimed record is of another batch');
    putBatch.run(next.identifier, next.created_at, JSON.stringify(next));
    return next;
  });
  return {
    async claim(identifier, next) {
      if (next.identifier !== identifier) throw new Error('createSqliteBatchStore.claim: the claimed record is of another batch');
      return claimOne(identifier, next);
    },
    async claimNext(update) {
      return claimOldest(update);
    },
    async save(batch, workflows = []) {
      save(batch, workflows);
    },
    async get(identifier) {
      const r = calls.run(() => getBatch.get(identifier) as Row | undefined);
      return r ? (JSON.parse(r.data) as BatchRecord) : null;
    },
    async list(page) {
      const { total, rows } = calls.run(() => ({
        total: (countBatches.get() as { n: number }).n,
        rows: listBatches.all(page.page_size, (page.page_number - 1) * page.page_size) as Row[],
      }));
      return { items: rows.map((r) => JSON.parse(r.data) as BatchRecord), total_count: total };
    },
    async delete(identifier) {
      return remove(identifier);
    },
    async workflows(batchIdentifier, page) {
      const { total, rows } = calls.run(() => ({
        total: (countFlows.get(batchIdentifier) as { n: number }).n,
        rows: listFlows.all(batchIdentifier, page.page_size, (page.page_number - 1) * page.page_size) as Row[],
      }));
      return { items: rows.map((r) => JSON.parse(r.data) as BatchWorkflowRecord), total_count: total };
    },
  };
}

export { openSqliteDatabase, type SqliteDatabase, type SqliteStatement, type SqliteRunResult, type SqliteTransaction } from '../../sqlite/database.js';
export { MissingPeerDependencyError } from '../../peer.js';
