/**
 * The shared prelude of the documentation's examples (see docs/design.md, "Examples that run"). The docs test
 * loads it before the first ```ts block; every block may use the globals declared here without importing them.
 * Keep it small: an example that defines what it needs is easier to copy.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Entity } from 'tamis';

declare global {
  /** The bundled sample list (`lists/sample/entities.json`): 324 fictional entities, the list `tamis screen` uses. */
  var sampleList: Entity[];
}

const packageRoot = dirname(createRequire(import.meta.url).resolve('tamis/package.json'));
globalThis.sampleList = JSON.parse(readFileSync(join(packageRoot, 'lists/sample/entities.json'), 'utf8')) as Entity[];
