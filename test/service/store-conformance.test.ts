import Database from 'better-sqlite3';
import { createMemoryStore } from '../../src/service/index.js';
import { createSqliteStore } from '../../src/service/sqlite/index.js';
import { testListVersions, testStore } from '../../src/service/testing/store-conformance.js';
import { createMemoryListVersions } from '../../src/service/list-versions.js';

testStore('memory', () => createMemoryStore());
testStore('sqlite (:memory:)', () => createSqliteStore(new Database(':memory:')));
testListVersions('memory', () => createMemoryListVersions());
