import { expect } from 'vitest';
import type { Entity } from '../../src/types/entity.js';
import type { ImportOutput, ImportResult, ImportIssue } from '../../src/importers/types.js';

export function okValue(r: ImportResult): ImportOutput {
  if (!r.ok) throw new Error(`import failed:\n${r.error.map((i) => JSON.stringify(i)).join('\n')}`);
  return r.value;
}

export function failIssues(r: ImportResult): ImportIssue[] {
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.error;
}

export function byId(entities: readonly Entity[], id: string): Entity {
  const e = entities.find((x) => x.id === id);
  if (e === undefined) throw new Error(`no entity ${id}`);
  return e;
}

/** Values of the fields with a tag (or, with `byName`, a name). */
export function tagged(e: Entity, tag: string): string[] {
  return (e.fields ?? []).filter((f) => f.tag === tag).map((f) => f.value);
}

export function named(e: Entity, name: string): string[] {
  return (e.fields ?? []).filter((f) => f.name === name).map((f) => f.value);
}

export const errorsOf = (issues: readonly ImportIssue[]): ImportIssue[] => issues.filter((i) => i.severity === 'error');
