/**
 * The versioned migrations of the PostgreSQL schema, in order. A migration is never edited once released: a change
 * is a new, higher-numbered one. `migrate(pool)` applies the ones a database lacks.
 */
import { SERVICE_TABLES } from './001-service.js';
import { CASE_TABLES } from './002-cases.js';
import { BATCH_AND_TOKEN_TABLES } from './003-batches-tokens.js';
import { TRANSACTION_TABLES } from './004-transactions.js';
import { COORDINATION_TABLES } from './005-coordination.js';
import { SERVER_V1_TABLES } from './006-server-v1.js';
import { HISTORY_AGGREGATES } from './007-history-aggregates.js';
import { ACCOUNT_INTERNAL_LISTS, fillAccountInternalLists } from './008-account-internal-lists.js';
import type { PgQueryable } from '../pool.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  /** A step run in Node after `sql`, in the same transaction: for stored data SQL cannot read (see migration 8). */
  fill?: (db: PgQueryable) => Promise<void>;
}

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'service', sql: SERVICE_TABLES },
  { version: 2, name: 'cases', sql: CASE_TABLES },
  { version: 3, name: 'batches-tokens', sql: BATCH_AND_TOKEN_TABLES },
  { version: 4, name: 'transactions', sql: TRANSACTION_TABLES },
  { version: 5, name: 'coordination', sql: COORDINATION_TABLES },
  { version: 6, name: 'server-v1', sql: SERVER_V1_TABLES },
  { version: 7, name: 'history-aggregates', sql: HISTORY_AGGREGATES },
  { version: 8, name: 'account-internal-lists', sql: ACCOUNT_INTERNAL_LISTS, fill: fillAccountInternalLists },
];
