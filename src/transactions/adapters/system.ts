/**
 * System adapters: the only place in the transaction area that reads the wall clock or the platform's random UUIDs.
 */
import { randomUUID } from 'node:crypto';
import type { TransactionClock, TransactionIdGenerator } from '../ports.js';

export const systemTransactionClock: TransactionClock = { now: () => new Date().toISOString() };
export const randomTransactionIds: TransactionIdGenerator = { next: () => randomUUID() };
