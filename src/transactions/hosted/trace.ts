/**
 * The trace of evaluated values (what the hosted service calls `evaluated_value`s) and the description templates
 * filled from them: `{{Name}}` takes the value of the constant, segment parameter, field, block or aggregation
 * of that name (or of that field path, block slug or parameter key).
 */
import type { Value } from './values.js';

export interface EvaluatedValue {
  /** JSON path of the node in the document. */
  path: string;
  type: 'field' | 'segment_parameter' | 'block' | 'aggregation';
  /** The node's `name`, when it has one. */
  name?: string;
  /** field: its path; segment_parameter: its key; block: its slug; aggregation: its uuid when given. */
  ref?: string;
  /** What it evaluated to (dates as ISO 8601 strings; null: no value). */
  value: Value | Value[];
}

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** Fill `{{Name}}` placeholders; a name `lookup` does not know stays as written. */
export function fillTemplate(template: string, lookup: (name: string) => string | undefined): string {
  if (!template.includes('{{')) return template;
  return template.replace(PLACEHOLDER, (whole, name: string) => lookup(name) ?? whole);
}

/** Names a template refers to. */
export function templateNames(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
}

/** A value as a title shows it: numbers rounded to 2 decimals, lists joined. */
export function titleText(v: Value | Value[]): string {
  if (Array.isArray(v)) return v.map((x) => titleText(x)).join(', ');
  if (typeof v === 'number' && !Number.isInteger(v)) return String(Math.round(v * 100) / 100);
  return String(v);
}
