/**
 * Several processes on one SQLite file: while another connection holds the write lock for a moment, every SQLite
 * adapter's call waits for it (busy timeout, BEGIN IMMEDIATE, bounded retries) instead of failing with SQLITE_BUSY.
 * The other connection runs in a worker thread so that it releases its lock while this thread waits. (better-sqlite3
 * already waits 5 s on a single statement; what failed at once was a transaction that reads before it writes.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createSqliteBatchStore } from '../../src/bulk/sqlite/index.js';
import { makeAuditRecord, makeCaseRecord } from '../../src/cases/testing/conformance.js';
import { createSqliteAuditStore, createSqliteCaseStore } from '../../src/cases/sqlite/index.js';
import { createSqliteStore } from '../../src/service/sqlite/index.js';
import { isSqliteBusy, sqliteCalls } from '../../src/storage/sqlite.js';
import { createSqliteCredentialStore } from '../../src/tokens/sqlite/index.js';
import { createSqliteTransactionStore } from '../../src/transactions/sqlite/index.js';

const dir = mkdtempSync(join(tmpdir(), 'tamis-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const betterSqlite = createRequire(import.meta.url).resolve('better-sqlite3');

/** Another connection takes the write lock, says so, holds it `ms` milliseconds, then commits. */
function holdLock(file: string, ms: number): Promise<{ done: Promise<void> }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.lib);
     const db = new Database(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     db.exec('COMMIT');
     db.close();`,
    { eval: true, workerData: { file, ms, lib: betterSqlite } },
  );
  const done = new Promise<void>((resolve, reject) => {
    worker.on('exit', () => resolve());
    worker.on('error', reject);
  });
  return new Promise((resolve, reject) => {
    worker.once('message', () => resolve({ done }));
    worker.once('error', reject);
  });
}

let n = 0;
const HELD_MS = 300;

/** Each adapter: made over a fresh file, then one write that must wait for the other connection's lock. */
const ADAPTERS: Array<[string, (db: Database.Database) => () => Promise<unknown>]> = [
  ['bulk batches', (db) => {
    const s = createSqliteBatchStore(db);
    return () => s.save({
      identifier: 'b1', account_identifier: 'a', created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', created_by: null,
      request: { file_name: 'f', upload_method: 'HTTP', workflow_type: 'manage-lookup-list' }, status: 'NOT_STARTED',
      statistics: { num_of_completed_workflows: 0, num_of_created_workflows: 0, num_of_errored_workflows: 0, num_of_validated_rows: 0, num_of_processed_rows: 0 },
      errors: { file_errors: [], row_errors: [], reason: null }, parameters: { custom_list_identifier: null, lookup_list_identifier: null },
    });
  }],
  ['token credentials', (db) => {
    const s = createSqliteCredentialStore(db);
    return () => s.putUser({ identifier: 'u', username: 'a@example.com', realm: 'R', password_hash: 'x' });
  }],
  ['cases', (db) => {
    const s = createSqliteCaseStore(db);
    return () => s.commit([{ type: 'insert_case', case: makeCaseRecord(1) }]);
  }],
  ['audit log', (db) => {
    const s = createSqliteAuditStore(db);
    return () => s.append([{ record: makeAuditRecord(1, 'c1'), links: [{ scope: 'case', identifier: 'c1' }] }]);
  }],
  ['transactions', (db) => {
    const s = createSqliteTransactionStore(db);
    return () => s.insertIfAbsent({
      external_identifier: 'e1', identifier: 'i1', customer_identifier: 'c', occurred_at: '2026-01-01T00:00:00Z', received_at: '2026-01-01T00:00:00Z',
      details: { classification: 'MONETARY', base_value: { amount: 1, currency: 'EUR' }, details: { type: 'BANK_PAYMENT', creditor: { name: 'a' }, debtor: { name: 'b' }, payment_scheme: 'SEPA', state: 'BOOKED' } },
      evaluation_outcome: 'ALLOW', review_decision: 'NOT_APPLICABLE',
    } as never);
  }],
  ['search service (a single write)', (db) => {
    const s = createSqliteStore(db);
    return () => s.commit([{ type: 'put_api_key', api_key: { key_hash: 'h', account_id: 1, user_id: 1, sandbox: false, rate_limit: null, created_at: '2026-01-01T00:00:00Z' } }]);
  }],
  ['search service (a transaction that reads, then writes)', (db) => {
    const s = createSqliteStore(db);
    return () => s.nextSearchId();
  }],
];

describe('SQLite adapters wait for another connection instead of failing with SQLITE_BUSY', () => {
  it.each(ADAPTERS)('%s: a write while another connection holds the lock succeeds once it is released', async (_name, make) => {
    const file = join(dir, `db-${++n}.sqlite`);
    const db = new Database(file);
    const call = make(db);
    const { done } = await holdLock(file, HELD_MS);
    await expect(call()).resolves.not.toThrow();
    await done;
    db.close();
  });

  it('a call still refused after the timeout is retried a bounded number of times, then fails with SQLITE_BUSY', () => {
    const file = join(dir, `db-${++n}.sqlite`);
    const holder = new Database(file);
    holder.exec('CREATE TABLE t (x)');
    holder.exec('BEGIN IMMEDIATE');
    const db = new Database(file);
    const calls = sqliteCalls(db, { busyTimeoutMs: 0, busyRetries: 2 });
    let attempts = 0;
    const write = calls.write(() => {
      attempts++;
      db.prepare('INSERT INTO t VALUES (1)').run();
    });
    let error: unknown;
    try {
      write();
    } catch (e) {
      error = e;
    }
    expect(isSqliteBusy(error)).toBe(true);
    // BEGIN IMMEDIATE is refused before the body runs: three tries, no partial write.
    expect(attempts).toBe(0);
    holder.exec('COMMIT');
    write();
    expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 1 });
    holder.close();
    db.close();
  });
});
