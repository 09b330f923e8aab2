/**
 * Hosted-language documents as they are written: bare (`{ segments, parameters, specification }`, often with a
 * `name` and `description` beside them) or wrapped (`{ name, description, specification: { value: { segments,
 * parameters, specification } } }`); templates (`segments: []`) and the instances that give them parameter sets.
 */

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The body of a document with its metadata and the JSON path of the body. */
export interface UnwrappedDocument {
  name: unknown;
  description: unknown;
  identifier: unknown;
  version: unknown;
  segments: unknown;
  parameters: unknown;
  specification: unknown;
  /** `$` for a bare document, `$.specification.value` for a wrapped one. */
  root: string;
}

function wrappedBody(doc: Obj): Obj | null {
  const spec = doc.specification;
  if (!isObj(spec) || !('value' in spec)) return null;
  let value = spec.value;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  return isObj(value) && ('specification' in value || 'segments' in value) ? value : null;
}

/** True for a document in the hosted service's language (rather than a tamis scenario definition). */
export function isHostedScenarioDocument(x: unknown): boolean {
  return isObj(x) && !('schema_version' in x) && isObj(x.specification);
}

export function unwrapDocument(doc: Obj): UnwrappedDocument {
  const body = wrappedBody(doc);
  const src = body ?? doc;
  const meta = (key: string): unknown => (doc[key] !== undefined ? doc[key] : body?.[key]);
  return {
    name: meta('name'),
    description: meta('description'),
    identifier: meta('identifier') ?? meta('id') ?? meta('uuid'),
    version: meta('version'),
    segments: src.segments,
    parameters: src.parameters,
    specification: src.specification,
    root: body ? '$.specification.value' : '$',
  };
}

/**
 * Compose a template (logic, usually with `segments: []`) with an instance's parameter sets. The instance is a
 * document (bare or wrapped) or a bare list of segment sets; its `name`, `description`, `identifier` and
 * `version` win over the template's, its `parameters` are merged over the template's. The result is a bare
 * document; load it (or register it in an engine) to validate that every segment parameter has a value.
 */
export function composeScenarioDocument(template: unknown, instance: unknown): Record<string, unknown> {
  const t = isObj(template) ? unwrapDocument(template) : null;
  const i = Array.isArray(instance) ? null : isObj(instance) ? (isObj(instance.specification) ? unwrapDocument(instance) : instance) : null;
  const pick = (key: 'name' | 'description' | 'identifier' | 'version'): unknown =>
    (i as Obj | null)?.[key] ?? (t ? t[key] : undefined);
  const out: Record<string, unknown> = {};
  for (const key of ['name', 'description', 'identifier', 'version'] as const) {
    const v = pick(key);
    if (v !== undefined) out[key] = v;
  }
  const tp = t && isObj(t.parameters) ? t.parameters : {};
  const ip = i && isObj(i.parameters) ? i.parameters : {};
  out.parameters = { ...tp, ...ip };
  out.segments = Array.isArray(instance) ? instance : (i?.segments ?? []);
  out.specification = t?.specification;
  return out;
}
