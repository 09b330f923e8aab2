/**
 * The end-to-end example of docs/cases.md, run as a test so the README stays true. With
 * TAMIS_README_OUT=<file> the outputs quoted in docs/cases.md are written to that file.
 */
import { writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { createBulkService, InMemoryBatchStore } from '../../src/bulk/index.js';
import { createAuditLog, createCaseService, createInMemoryCaseStores, transactionAuditSink } from '../../src/cases/index.js';
import { createScreener } from '../../src/screening/screener.js';
import { InMemoryCredentialStore, createTokenService, hashApiPassword } from '../../src/tokens/index.js';
import {
  InMemoryHistory,
  InMemoryMuteStore,
  InMemoryRiskStore,
  InMemoryTransactionStore,
  createLibraryEngine,
  createTransactionService,
  fixedTransactionClock,
  sequentialTransactionIds,
} from '../../src/transactions/index.js';

it('the docs/cases.md example runs end to end', async () => {
  const out: Record<string, unknown> = {};
  // --- README example starts
  const clock = fixedTransactionClock('2026-03-02T09:00:00Z', 1000); // systemTransactionClock in production
  const ids = sequentialTransactionIds('0000e2e0'); // randomTransactionIds in production

  // One audit log for every area: the transaction service writes into it through a sink.
  const { cases: caseStore, audit: auditStore } = createInMemoryCaseStores(); // createSqliteCaseStores(db) from 'tamis/cases/sqlite'
  const auditLog = createAuditLog({ store: auditStore, clock, ids });
  const risks = new InMemoryRiskStore();
  const engine = createLibraryEngine();
  if (!engine.ok) throw new Error('library scenarios failed to compile');
  const transactions = createTransactionService({
    engine: engine.value,
    transactions: new InMemoryTransactionStore(),
    risks,
    mutes: new InMemoryMuteStore(),
    audit: transactionAuditSink(auditLog, auditStore),
    history: new InMemoryHistory(),
    clock,
    ids,
  });
  const cases = createCaseService({ cases: caseStore, audit: auditStore, clock, ids, risks });

  // 1. A transaction is evaluated; its alerts open (or join) the customer's TRANSACTION_MONITORING case.
  const customer = { identifier: '0000c057-0000-4000-8000-000000000001', name: 'Jane Doe', risk_level: 'MEDIUM' as const, type: 'PERSON' as const, external_identifier: 'cust-42' };
  const evaluated = await transactions.submit(
    {
      external_identifier: 'pay-1001',
      customer_external_identifier: 'cust-42',
      occurred_at: '2026-03-02T08:55:00Z',
      details: {
        classification: 'MONETARY',
        base_value: { amount: 75000, currency: 'EUR' },
        details: {
          type: 'BANK_PAYMENT',
          creditor: { name: 'Harbour Imports BV', identifier: { type: 'COUNTERPARTY', external_identifier: 'cp-9' } },
          debtor: { name: 'Jane Doe', identifier: { type: 'CUSTOMER', external_identifier: 'cust-42' } },
          payment_scheme: 'SEPA',
          state: 'BOOKED',
        },
      },
    },
    { identifier: customer.identifier },
  );
  if (!evaluated.ok) throw new Error(evaluated.error.detail ?? '');
  const opened = await cases.ingestEvaluation(evaluated.value, customer);
  if (!opened.ok || !opened.value.case) throw new Error('no case');
  const caseId = opened.value.case.identifier;
  out.evaluation_outcome = evaluated.value.evaluation_outcome;
  out.opened = opened.value;

  // 2. Assigned, then moved to IN_PROGRESS and closed with the required note.
  const analyst = { account_identifier: '0000acc0-0000-4000-8000-000000000001', user_identifier: '00005e70-0000-4000-8000-000000000007' };
  out.assigned = await cases.assignCase(caseId, { assignee: analyst.user_identifier }, analyst);
  const stages = cases.stages.forType('TRANSACTION_MONITORING');
  const inProgress = stages.find((s) => s.state === 'TRANSACTION_MONITORING_IN_PROGRESS')!;
  const accepted = stages.find((s) => s.state === 'TRANSACTION_MONITORING_ACCEPTED_POSITIVE_END_STATE')!;
  await cases.transitionCase(caseId, { stage_identifier: inProgress.identifier }, analyst);
  out.closed_without_note = await cases.transitionCase(caseId, { stage_identifier: accepted.identifier }, analyst);
  out.closed = await cases.transitionCase(caseId, { stage_identifier: accepted.identifier, note: 'Invoice and contract on file; expected trade payment.' }, analyst);

  // 3. Audit pages.
  const casePage = await auditLog.casePage(caseId, { page_size: 3 });
  const txPage = await auditLog.transactionPage(evaluated.value.transaction.identifier!);
  if (!casePage.ok || !txPage.ok) throw new Error('audit');
  out.case_page = casePage.value;
  const fullCasePage = await auditLog.casePage(caseId, { page_size: 100 });
  out.case_page_types = fullCasePage.ok ? fullCasePage.value.audit_logs.map((r) => r.type) : [];
  out.transaction_page_types = txPage.value.audit_logs.map((r) => r.type);

  // 4. A batch file through create-and-screen.
  const bulk = createBulkService({
    store: new InMemoryBatchStore(), // createSqliteBatchStore(db) from 'tamis/bulk/sqlite'
    clock,
    ids,
    account_identifier: analyst.account_identifier,
    screener: createScreener({ entities: [{ id: 'sdn-7', entity_type: 'person', name: 'Viktor Bout', sources: ['ofac'], types: ['sanction'] }] }),
  });
  const csv = [
    'customer_external_identifier,first_name,last_name,date_of_birth,nationality,email',
    'cust-43,Viktor,Bout,1967-01-13,RU,vb@example.com',
    'cust-44,Anna,Berg,,SE,anna@example',
    'cust-45,Tom,Reed,1990-05-01,GB,',
  ].join('\n');
  const progress: string[] = [];
  const batch = await bulk.submitBatch(
    { file_name: 'onboarding-2026-03.csv', workflow_type: 'create-and-screen' },
    { mimetype: 'text/csv', content: csv },
    { onProgress: (p) => progress.push(`${p.status} ${p.rows_read}/${p.rows_total ?? '?'}`) },
  );
  if (!batch.ok) throw new Error('batch');
  out.batch = batch.value;
  out.batch_progress = progress;
  const workflows = await bulk.listWorkflows(batch.value.identifier);
  out.batch_first_workflow = workflows.ok ? workflows.value.workflows[0] : null;

  // 5. Tokens for API users.
  const users = new InMemoryCredentialStore();
  await users.putUser({ identifier: analyst.user_identifier, username: 'api@bank.example', realm: 'Bank', password_hash: await hashApiPassword('correct horse', 4) });
  const tokens = createTokenService({ users, secret: 'host-secret-from-a-vault-32-bytes!!', clock, ids, ttlSeconds: 900 });
  const token = await tokens.issue({ username: 'api@bank.example', password: 'correct horse', realm: 'Bank' });
  const wrong = await tokens.issue({ username: 'api@bank.example', password: 'nope', realm: 'Bank' });
  out.token = token.ok ? { ...token.value, access_token: `${token.value.access_token.slice(0, 24)}...` } : token;
  out.token_verified = token.ok ? tokens.verify(`Bearer ${token.value.access_token}`) : null;
  out.token_wrong_password = wrong;
  // --- README example ends

  expect(out.evaluation_outcome).toBe('HOLD');
  expect(opened.value.created).toBe(true);
  expect((out.closed as { ok: boolean }).ok).toBe(true);
  expect((out.closed_without_note as { ok: boolean }).ok).toBe(false);
  expect(out.case_page_types).toEqual([
    'CASE_CREATED', 'ALERT_ADDED_TO_CASE', 'CASE_ASSIGNED', 'CASE_STAGE_TRANSITIONED', 'CASE_STAGE_TRANSITIONED', 'NOTE_CREATED_TO_CASE_ACTION',
  ]);
  expect(batch.value.status).toBe('PROCESSING_ERROR');
  expect(token.ok && !wrong.ok).toBe(true);
  if (process.env.TAMIS_README_OUT) writeFileSync(process.env.TAMIS_README_OUT, JSON.stringify(out, null, 2));
});
