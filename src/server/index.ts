/** `tamis/server`: the search API over HTTP (`createServer`), its config file, and the OpenAPI document. */
export { createServer, type LoadedScreener, type ServerOptions, type ServerLists, type TamisServer } from './create-server.js';
export { loadLists, type ListsConfig, type ListSource, type LoadedLists } from './lists.js';
export { bufferedLog, type BufferedLog } from './request-log.js';
export { chooseTransport, isLoopback, type Transport } from './tls.js';
export { WebhookWorker, type WebhookWorkerOptions } from './webhook-worker.js';
export type { ReloadReport, ListState } from './operations.js';
export {
  createTransactionArea,
  memoryTransactionAreaStores,
  sqliteTransactionAreaStores,
  postgresTransactionAreaStores,
  V1_ROUTES,
  type TransactionArea,
  type TransactionAreaOptions,
  type TransactionAreaStores,
  type TransactionAreaUser,
  type CustomerProfile,
  type CustomerProfileStore,
  type ScenarioVersionRecord,
  type ScenarioVersionStore,
} from './v1/index.js';
