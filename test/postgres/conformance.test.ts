import { it } from 'vitest';
import { testBatchStore } from '../../src/bulk/testing/conformance.js';
import { testAuditStore, testCaseAuditPair, testCaseStore } from '../../src/cases/testing/conformance.js';
import {
  createPostgresAuditStore,
  createPostgresBatchStore,
  createPostgresCaseStore,
  createPostgresCaseStores,
  createPostgresCredentialStore,
  createPostgresListVersions,
  createPostgresStore,
  createPostgresTransactionStores,
} from '../../src/postgres/index.js';
import { testListVersions, testStore } from '../../src/service/testing/store-conformance.js';
import { testCredentialStore } from '../../src/tokens/testing/conformance.js';
import {
  auditSinkConformance,
  customerRecordStoreConformance,
  historyStoreConformance,
  muteStoreConformance,
  riskStoreConformance,
  transactionStoreConformance,
} from '../../src/transactions/index.js';
import { describePg, testDatabase } from './helpers.js';

describePg('PostgreSQL adapters pass every conformance suite', () => {
  const db = testDatabase();
  const fresh = async () => {
    const d = await db.open();
    await d.reset();
    return d.pool;
  };
  testStore('postgres', async () => createPostgresStore(await fresh()));
  testCaseStore('postgres', async () => createPostgresCaseStore(await fresh()));
  testCaseStore('postgres (paired)', async () => createPostgresCaseStores(await fresh()).cases);
  testAuditStore('postgres', async () => createPostgresAuditStore(await fresh()));
  testCaseAuditPair('postgres', async () => createPostgresCaseStores(await fresh()));
  testBatchStore('postgres', async () => createPostgresBatchStore(await fresh()));
  testCredentialStore('postgres', async () => createPostgresCredentialStore(await fresh()));
  testListVersions('postgres', async () => createPostgresListVersions(await fresh()));
  const tx = async () => createPostgresTransactionStores(await fresh());
  for (const c of transactionStoreConformance) it(`TransactionStore: ${c.name}`, () => c.run(async () => (await tx()).transactions));
  for (const c of riskStoreConformance) it(`RiskStore: ${c.name}`, () => c.run(async () => (await tx()).risks));
  for (const c of muteStoreConformance) it(`MuteStore: ${c.name}`, () => c.run(async () => (await tx()).mutes));
  for (const c of auditSinkConformance) it(`AuditSink: ${c.name}`, () => c.run(async () => (await tx()).audit));
  for (const c of historyStoreConformance) it(`HistoryStore: ${c.name}`, () => c.run(async () => (await tx()).history));
  for (const c of customerRecordStoreConformance) {
    it(`CustomerRecordStore: ${c.name}`, () =>
      c.run(async () => {
        const store = (await tx()).customerRecords;
        return { store, put: (id, records) => store.put(id, records), putProduct: (id, name, r) => store.putProduct(id, name, r) };
      }));
  }
});
