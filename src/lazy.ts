/**
 * Dependencies loaded on their first use rather than when tamis is imported: a host that never validates a
 * transaction, reads a UN list or a batch file does not pay for ajv, fast-xml-parser, validator or
 * libphonenumber-js at start-up (docs/benchmarks.md, "Install and start"). Synchronous (`require`, which also
 * loads ES modules on the Node versions tamis supports), so the functions that use them stay synchronous.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** A getter for the module `name`, loaded by the first call and kept. */
export function lazily<T>(name: string): () => T {
  let value: T | undefined;
  return () => (value ??= load(name) as T);
}
