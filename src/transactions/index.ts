/**
 * Transaction area: contracts (schemas, types, validation), the scenario engine, the scenario library, the
 * transaction service, back-testing, ports with in-memory adapters and their conformance suites.
 */
export * from './enums.js';
export type * from './types.js';
export {
  TRANSACTION_SCHEMAS,
  deriveSchema,
  transactionSchema,
  monetaryDetailsSchema,
  partyIdentificationSchema,
  agentSchema,
  BIC_PATTERN,
  type JsonSchema,
  type TransactionSchemaName,
} from './schemas.js';
export {
  validateTransactionShape,
  toProblemDetail,
  compiledValidator,
  transactionAjv,
  violationsFromAjv,
  type ValidationMode,
  type ProblemDetailOptions,
} from './validation.js';
export type {
  TransactionClock,
  TransactionIdGenerator,
  HistoryRecord,
  HistoryScope,
  HistoryView,
  HistoryPort,
  TransactionPageRequest,
  TransactionPage,
  TransactionStore,
  StoredRisk,
  RiskStore,
  MuteStore,
  AuditSink,
  CustomerRecord,
  ProductRecord,
  DetectorResult,
  CustomerRecordStore,
  HistoryStore,
  HistoryWindow,
  HistoryAggregate,
  HistoryAggregateRequest,
  HistoryPredicate,
  HistoryTextField,
  HistoryValueField,
} from './ports.js';
export { aggregateRecords, isPlainRecord, predicateHolds, EMPTY_AGGREGATE } from './history-aggregates.js';
export { evaluateWithHistoryStore, LoadedHistory, MAX_HISTORY_PASSES } from './preload.js';
export {
  InMemoryHistory,
  InMemoryHistoryStore,
  InMemoryTransactionStore,
  InMemoryRiskStore,
  InMemoryMuteStore,
  InMemoryAuditSink,
  InMemoryCustomerRecords,
  fixedTransactionClock,
  sequentialTransactionIds,
} from './memory.js';
export { systemTransactionClock, randomTransactionIds } from './adapters/system.js';
export { deriveDirection, counterpartyOf, counterpartyKey, counterpartyCountry, toHistoryRecord } from './record.js';
export {
  SCENARIO_SCHEMA_VERSION,
  SCENARIO_FIELDS,
  HISTORY_KEYS,
  AGGREGATE_FUNCTIONS,
  COMPARE_OPS,
  SCREEN_PARTIES,
  scenarioSchema,
  type ScenarioLiteral,
  type ScenarioField,
  type HistoryKey,
  type AggregateFunction,
  type CompareOp,
  type ScreenParty,
  type ScenarioWindow,
  type ScenarioFilterValue,
  type ScenarioHistoryFilter,
  type ScenarioAggregate,
  type ScenarioOperand,
  type ScreenCondition,
  type ScenarioCondition,
  type ScenarioSegment,
  type ScenarioDefinition,
} from './scenario-types.js';
export {
  compileScenario,
  createScenarioEngine,
  toOutputTransaction,
  type TransactionCustomerContext,
  type EvaluationContext,
  type ConditionTrace,
  type SegmentTrace,
  type ScenarioRef,
  type ScenarioEvaluation,
  type MonitoringAlert,
  type EvaluationResult,
  type CompileOptions,
  type CompiledScenario,
  type ScenarioEngineOptions,
  type ScenarioEngine,
} from './engine.js';
export {
  SCENARIO_LIBRARY,
  SCENARIO_LIBRARY_BY_NAME,
  COUNTERPARTY_SCREENING_SCENARIO,
  LIBRARY_LOOKUPS,
  createLibraryEngine,
} from './library.js';
export {
  createTransactionService,
  type TransactionService,
  type TransactionServiceOptions,
  type TransactionActor,
} from './service.js';
export { backtestScenario, type BacktestOptions, type BacktestReport, type BacktestTotals } from './backtest.js';
export {
  transactionStoreConformance,
  riskStoreConformance,
  muteStoreConformance,
  auditSinkConformance,
  historyPortConformance,
  historyStoreConformance,
  customerRecordStoreConformance,
  type CustomerRecordStoreFixture,
  type ConformanceCase,
} from './conformance.js';
export { historyAggregateConformance } from './aggregate-conformance.js';
export { transactionPageEnvelope, validateTransactionPageRequest } from './paging.js';
export { EvalFailure } from './eval-failure.js';
export * from './hosted/index.js';
