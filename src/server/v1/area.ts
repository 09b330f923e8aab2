/**
 * The transaction area as the server runs it: the library's services (tokens, transactions, cases with the audit
 * log, bulk batches, scenarios) built over one set of stores, for one account and one realm, and the few
 * operations that span two of them (a submitted transaction's alerts go into cases; a risk in a case is decided
 * through its case). The routes (routes/*.ts) call these and nothing else.
 */
import { STATUS_CODES } from 'node:http';
import type { BulkService, LookupListPort, CustomListPort } from '../../bulk/service.js';
import { createBulkService } from '../../bulk/service.js';
import { DEFAULT_BATCH_FILE_LIMITS, type BatchFileLimits } from '../../bulk/limits.js';
import type { BatchFile, BulkBatch } from '../../bulk/types.js';
import type { BatchStore } from '../../bulk/ports.js';
import { createAuditLog, transactionAuditSink, type AuditLog } from '../../cases/audit.js';
import type { AuditStore, CaseStore } from '../../cases/ports.js';
import { createCaseService, type CaseService } from '../../cases/service.js';
import type { CaseStageDefinition } from '../../cases/types.js';
import type { Result } from '../../errors.js';
import type { Screener } from '../../screening/types.js';
import { createTokenService, hashApiPassword, type TokenClaims, type TokenService } from '../../tokens/service.js';
import type { FailureLimitOptions } from '../../tokens/failures.js';
import type { CredentialStore } from '../../tokens/ports.js';
import { randomTransactionIds, systemTransactionClock } from '../../transactions/adapters/system.js';
import type { EvaluationResult } from '../../transactions/engine.js';
import { SCENARIO_LIBRARY, LIBRARY_LOOKUPS } from '../../transactions/library.js';
import { InMemoryHistory } from '../../transactions/memory.js';
import type {
  CustomerRecordStore,
  HistoryPort,
  HistoryStore,
  MuteStore,
  RiskStore,
  TransactionClock,
  TransactionIdGenerator,
  TransactionStore,
} from '../../transactions/ports.js';
import { toHistoryRecord } from '../../transactions/record.js';
import type { ScenarioLiteral } from '../../transactions/scenario-types.js';
import { createTransactionService, type TransactionActor, type TransactionService } from '../../transactions/service.js';
import type { AlertMute, TransactionProblemDetail, TransactionViolation } from '../../transactions/types.js';
import { toProblemDetail } from '../../transactions/validation.js';
import { caseCustomer, customerIdentifierOf, customerPartyName, evaluationCustomer, stableUuid, type CustomerProfileStore } from './customers.js';
import { createCustomerProfiles, type CustomerProfiles } from './customer-profiles.js';
import type { ScenarioVersionStore } from './scenario-store.js';
import { createScenarioRegistry, SCENARIO_REFRESH_MS, type ScenarioRegistry } from './scenarios.js';

/**
 * Every store the area reads and writes. `memoryTransactionAreaStores()` and `sqliteTransactionAreaStores(db)`
 * (stores.ts) make them; a host with another database passes its own adapters of the same ports.
 */
export interface TransactionAreaStores {
  transactions: TransactionStore;
  risks: RiskStore;
  mutes: MuteStore;
  /** The case store and its audit store, made as a pair (createInMemoryCaseStores, createSqliteCaseStores). */
  cases: CaseStore;
  audit: AuditStore;
  batches: BatchStore;
  credentials: CredentialStore;
  scenarios: ScenarioVersionStore;
  customers: CustomerProfileStore;
  /**
   * The history scenarios aggregate over: a `HistoryPort` in memory, or a `HistoryStore` read per evaluation (a
   * database several instances share); default: built in memory at start from the stored transactions.
   */
  history?: HistoryPort | HistoryStore;
  /** Customer and product records of hosted-language scenarios. */
  customerRecords?: CustomerRecordStore;
}

/** An API user of the token operation. */
export interface TransactionAreaUser {
  username: string;
  /** A bcrypt hash (hashApiPassword), or `password` (hashed at start). */
  password_hash?: string;
  password?: string;
  /** Default: a UUID derived from the realm and the username. */
  identifier?: string;
  disabled?: boolean;
}

export interface TransactionAreaOptions {
  stores: TransactionAreaStores;
  /** The account (UUID) named in review decisions, risk status updates and batches. */
  account_identifier: string;
  /** The realm token requests name (case-sensitive). */
  realm: string;
  /** HMAC key of the bearer tokens, at least 32 bytes. */
  tokenSecret: string | Uint8Array;
  tokenTtlSeconds?: number;
  tokenFailures?: FailureLimitOptions | false;
  /** Users written to the credential store at start. */
  users?: readonly TransactionAreaUser[];
  /** The scenario set: tamis definitions and hosted-language documents (default: the bundled library). */
  scenarios?: readonly unknown[];
  /** Lookup lists, over the library's by name. */
  lookups?: Readonly<Record<string, readonly ScenarioLiteral[]>>;
  /** The screener of counterparty-screening scenarios and batch rows, read at each use. */
  screener?: () => Screener | undefined;
  stages?: readonly CaseStageDefinition[];
  batches?: { maxRows?: number; limits?: Partial<BatchFileLimits>; lookupLists?: LookupListPort; customLists?: CustomListPort };
  clock?: TransactionClock;
  ids?: TransactionIdGenerator;
  /** Default page size of lists (50). */
  pageSize?: number;
}

type Failed = { ok: false; error: TransactionProblemDetail };

export interface TransactionArea {
  readonly account_identifier: string;
  readonly realm: string;
  readonly clock: TransactionClock;
  readonly ids: TransactionIdGenerator;
  readonly stores: TransactionAreaStores;
  readonly tokens: TokenService;
  readonly transactions: TransactionService;
  readonly cases: CaseService;
  readonly audit: AuditLog;
  readonly bulk: BulkService;
  readonly scenarios: ScenarioRegistry;
  readonly customers: CustomerProfiles;
  /** The batch limits in force (file bytes, cells, columns, rows). */
  readonly batchLimits: BatchFileLimits & { maxRows: number };
  /** A problem-detail value built with the area's clock and ids. */
  problem(status: number, violations: TransactionViolation[], title?: string): Failed;
  /** The acting user of a bearer token (`Authorization` header value), or a 401 problem. */
  authenticate(authorization: string | undefined): Result<TokenClaims & { actor: TransactionActor }, TransactionProblemDetail>;
  /** Submit a transaction for the customer it names, then group its unmuted alerts into cases. */
  submit(input: unknown): Promise<Result<EvaluationResult, TransactionProblemDetail>>;
  reevaluate(identifier: string): Promise<Result<EvaluationResult, TransactionProblemDetail>>;
  /** Set the risk types of a risk raised on the transaction. */
  setRiskTypes(transactionIdentifier: string, riskIdentifier: string, request: unknown): Promise<Result<{ identifier: string; risk_types: string[] }, TransactionProblemDetail>>;
  /** Decide a risk: through its case when a case holds its alert (case audit page), else on the risk alone. */
  updateRiskStatus(riskIdentifier: string, request: unknown, actor: TransactionActor): Promise<Result<{ identifier: string; decision: string }, TransactionProblemDetail>>;
  /** Delete a mute and write ALERT_UNMUTED_FOR_RISK on the customer's page. */
  deleteMute(id: string, actor: TransactionActor): Promise<Result<AlertMute, TransactionProblemDetail>>;
  /** Create a batch and process `file` in the background; `cleanup` runs once it is done. */
  startBatch(input: unknown, file: BatchFile, createdBy: string, cleanup: () => Promise<void>): Promise<Result<BulkBatch, TransactionProblemDetail>>;
  /** Whether this process is processing the batch now. */
  batchRunning(identifier: string): boolean;
  /** Waits for the batches being processed. */
  close(): Promise<void>;
}

const NIL = '00000000-0000-0000-0000-000000000000';


/** The API users of the options, hashed, in the credential store. */
async function applyUsers(store: CredentialStore, realm: string, users: readonly TransactionAreaUser[]): Promise<void> {
  for (const u of users) {
    const hash = u.password_hash ?? (u.password !== undefined ? await hashApiPassword(u.password) : undefined);
    if (hash === undefined) throw new Error(`API user ${u.username}: give password_hash or password`);
    await store.putUser({
      identifier: u.identifier ?? stableUuid(`tamis:api-user:${realm}:${u.username.toLowerCase()}`),
      username: u.username,
      realm,
      password_hash: hash,
      ...(u.disabled ? { disabled: true } : {}),
    });
  }
}

export async function createTransactionArea(o: TransactionAreaOptions): Promise<TransactionArea> {
  const clock = o.clock ?? systemTransactionClock;
  const ids = o.ids ?? randomTransactionIds;
  const { stores } = o;
  const pageSize = o.pageSize ?? 50;
  const problem = (status: number, violations: TransactionViolation[], title?: string): Failed => ({
    ok: false,
    error: toProblemDetail(violations, { clock, ids, status, title: title ?? STATUS_CODES[status] ?? 'Error' }),
  });

  await applyUsers(stores.credentials, o.realm, o.users ?? []);
  const tokens = createTokenService({
    users: stores.credentials,
    secret: o.tokenSecret,
    clock,
    ids,
    ...(o.tokenTtlSeconds !== undefined ? { ttlSeconds: o.tokenTtlSeconds } : {}),
    ...(o.tokenFailures !== undefined ? { failures: o.tokenFailures } : {}),
  });

  const lookups = { ...LIBRARY_LOOKUPS, ...(o.lookups ?? {}) };
  const registry = await createScenarioRegistry({
    store: stores.scenarios,
    scenarios: o.scenarios ?? SCENARIO_LIBRARY,
    lookups,
    ...(o.screener ? { screener: o.screener } : {}),
    clock,
    ids,
  });
  if (!registry.ok) throw new Error(`scenarios: ${registry.error.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
  const scenarios = registry.value;

  const screenerOf = o.screener;
  const screener: Screener | undefined = screenerOf
    ? {
        search: (request) => {
          const s = screenerOf();
          if (!s) throw new Error('no screening list is loaded');
          return s.search(request);
        },
        entities: () => screenerOf()?.entities() ?? [],
        get size() {
          return screenerOf()?.size ?? 0;
        },
      }
    : undefined;

  const history = stores.history ?? InMemoryHistory.from((await stores.transactions.list()).map((t) => toHistoryRecord(t, t.customer_identifier)));
  const auditLog = createAuditLog({ store: stores.audit, clock, ids, pageSize });
  const transactions = createTransactionService({
    engine: scenarios.engine,
    transactions: stores.transactions,
    risks: stores.risks,
    mutes: stores.mutes,
    audit: transactionAuditSink(auditLog, stores.audit),
    history,
    clock,
    ids,
    pageSize,
    ...(screener ? { screener } : {}),
    ...(stores.customerRecords ? { customerRecords: stores.customerRecords } : {}),
  });
  const cases = createCaseService({
    cases: stores.cases,
    audit: stores.audit,
    clock,
    ids,
    risks: stores.risks,
    pageSize,
    ...(o.stages ? { stages: o.stages } : {}),
  });
  const maxRows = o.batches?.maxRows ?? 10000;
  const bulk = createBulkService({
    store: stores.batches,
    clock,
    ids,
    account_identifier: o.account_identifier,
    maxRows,
    pageSize,
    ...(screener ? { screener } : {}),
    ...(o.batches?.limits ? { limits: o.batches.limits } : {}),
    ...(o.batches?.lookupLists ? { lookupLists: o.batches.lookupLists } : {}),
    ...(o.batches?.customLists ? { customLists: o.batches.customLists } : {}),
    workflowsDownloadLink: (b) => `/v1/batches/${b.identifier}/workflows`,
  });
  const batchLimits = { ...DEFAULT_BATCH_FILE_LIMITS, ...(o.batches?.limits ?? {}), maxRows };
  const customers = createCustomerProfiles({ store: stores.customers, audit: auditLog, account: o.account_identifier, clock, ids });
  const running = new Map<string, Promise<unknown>>();

  /** The customer of a transaction (by its external identifier) as the engine and the cases see it. */
  const customerOf = async (externalIdentifier: string | null, identifier: string, input: unknown) => {
    const profile = await stores.customers.get(identifier);
    return {
      evaluation: evaluationCustomer(identifier, profile),
      case: caseCustomer(identifier, externalIdentifier, profile, customerPartyName(input)),
    };
  };

  const ingest = async (result: EvaluationResult, customer: Parameters<CaseService['ingestEvaluation']>[1]) => {
    const r = await cases.ingestEvaluation(result, customer);
    if (!r.ok) throw new Error(`the alerts of transaction ${result.transaction.identifier} did not reach a case: ${r.error.detail}`);
  };

  return {
    account_identifier: o.account_identifier,
    realm: o.realm,
    clock,
    ids,
    stores,
    tokens,
    transactions,
    cases,
    audit: auditLog,
    bulk,
    scenarios,
    customers,
    batchLimits,
    problem,

    authenticate(authorization) {
      const bearer = typeof authorization === 'string' ? /^\s*Bearer\s+(\S+)\s*$/i.exec(authorization) : null;
      if (typeof authorization === 'string' && !bearer) {
        const message = 'the Authorization header is not Bearer <access_token> (POST /v1/token issues one)';
        return problem(401, [{ code: 'INVALID_TOKEN', message, path: '$.access_token' }], 'Unauthorized');
      }
      const v = tokens.verify(bearer ? (bearer[1] as string) : undefined);
      if (!v.ok) return v;
      if (v.value.realm !== o.realm) {
        return problem(401, [{ code: 'WRONG_REALM', message: `the token was issued for another realm than ${o.realm}`, path: '$.access_token' }], 'Unauthorized');
      }
      return { ok: true, value: { ...v.value, actor: { account_identifier: o.account_identifier, user_identifier: v.value.sub } } };
    },

    async submit(input) {
      await scenarios.refresh(SCENARIO_REFRESH_MS);
      const ext = (input as { customer_external_identifier?: unknown } | null)?.customer_external_identifier;
      const external = typeof ext === 'string' ? ext : null;
      const identifier = external === null ? NIL : customerIdentifierOf(o.account_identifier, external);
      const customer = await customerOf(external, identifier, input);
      const r = await transactions.submit(input, customer.evaluation);
      if (r.ok) await ingest(r.value, customer.case);
      return r;
    },

    async reevaluate(identifier) {
      await scenarios.refresh(SCENARIO_REFRESH_MS);
      const t = await stores.transactions.get(identifier);
      if (!t) return transactions.reevaluate(identifier, { identifier: NIL });
      const customer = await customerOf(null, t.customer_identifier, t);
      const r = await transactions.reevaluate(identifier, customer.evaluation);
      if (r.ok) await ingest(r.value, customer.case);
      return r;
    },

    async setRiskTypes(transactionIdentifier, riskIdentifier, request) {
      const stored = await stores.risks.get(riskIdentifier);
      if (!stored || stored.risk.detail.transaction.identifier !== transactionIdentifier) {
        return problem(404, [{ code: 'RISK_NOT_FOUND', message: `transaction ${transactionIdentifier} has no risk ${riskIdentifier}`, path: '$.identifier' }], 'Not Found');
      }
      const r = await transactions.setRiskTypes(riskIdentifier, request);
      return r.ok ? { ok: true, value: { identifier: riskIdentifier, risk_types: r.value } } : r;
    },

    async updateRiskStatus(riskIdentifier, request, actor) {
      const alert = await stores.cases.findAlertByRisk(riskIdentifier);
      if (alert) return cases.updateRiskStatus(alert.case_identifier, riskIdentifier, request, actor);
      return transactions.updateRiskStatus(riskIdentifier, request, actor);
    },

    async deleteMute(id, actor) {
      const mute = await stores.mutes.delete(id);
      if (!mute) return problem(404, [{ code: 'MUTE_NOT_FOUND', message: `no alert mute ${id}`, path: '$.id' }], 'Not Found');
      const written = await auditLog.record([
        {
          identifier: ids.next(),
          occurred_at: clock.now(),
          type: 'ALERT_UNMUTED_FOR_RISK',
          actioned_by: { type: 'USER', identifier: actor.user_identifier },
          grouping_key: mute.customer_identifier,
          detail: { customer: { identifier: mute.customer_identifier }, mute_key: mute.id, risk: { source: 'TRANSACTION_MONITORING', identifier: mute.risk_identifier } },
        },
      ]);
      if (!written.ok) throw new Error(`ALERT_UNMUTED_FOR_RISK: ${written.error.detail}`);
      return { ok: true, value: mute };
    },

    async startBatch(input, file, createdBy, cleanup) {
      const created = await bulk.createBatch(input, createdBy);
      if (!created.ok) {
        await cleanup();
        return created;
      }
      const id = created.value.identifier;
      const run = bulk
        .processBatch(id, file)
        .catch(() => undefined)
        .finally(async () => {
          running.delete(id);
          await cleanup().catch(() => undefined);
        });
      running.set(id, run);
      return created;
    },

    batchRunning: (identifier) => running.has(identifier),

    async close() {
      await Promise.all([...running.values()]);
    },
  };
}

