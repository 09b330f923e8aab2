import Database from 'better-sqlite3';
import { InMemoryAuditStore, InMemoryCaseStore, createInMemoryCaseStores } from '../../src/cases/index.js';
import { createSqliteAuditStore, createSqliteCaseStore, createSqliteCaseStores } from '../../src/cases/sqlite/index.js';
import { testAuditStore, testCaseAuditPair, testCaseStore } from '../../src/cases/testing/conformance.js';

testCaseStore('memory', () => new InMemoryCaseStore());
testCaseStore('sqlite (:memory:)', () => createSqliteCaseStore(new Database(':memory:')));
testAuditStore('memory', () => new InMemoryAuditStore());
testAuditStore('sqlite (:memory:)', () => createSqliteAuditStore(new Database(':memory:')));
testCaseStore('memory (paired)', () => createInMemoryCaseStores().cases);
testCaseStore('sqlite (paired)', () => createSqliteCaseStores(new Database(':memory:')).cases);
testAuditStore('sqlite (paired)', () => createSqliteCaseStores(new Database(':memory:')).audit);
testCaseAuditPair('memory', () => createInMemoryCaseStores());
testCaseAuditPair('sqlite (:memory:)', () => createSqliteCaseStores(new Database(':memory:')));
