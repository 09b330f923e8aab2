/** Checks a response against the server's OpenAPI document: the operation, the status and the body's schema. */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>> };

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class OpenApiCheck {
  private readonly ajv: Ajv2020.default;
  private readonly templates: { method: string; path: string; re: RegExp }[] = [];

  constructor(private readonly doc: Doc) {
    const Ajv = Ajv2020.default ?? (Ajv2020 as unknown as typeof Ajv2020.default);
    this.ajv = new Ajv({ strict: false, allErrors: true });
    // Formats checked: the standard ones, and the transaction area's ISO code lists by their shape.
    const add = ((addFormats as unknown as { default?: unknown }).default ?? addFormats) as (ajv: unknown) => void;
    add(this.ajv);
    this.ajv.addFormat('iso4217', /^[A-Z]{3}$/);
    this.ajv.addFormat('iso3166-alpha2', /^[A-Z]{2}$/);
    this.ajv.addSchema(doc as object, 'openapi');
    for (const [path, ops] of Object.entries(doc.paths)) {
      const re = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      for (const method of Object.keys(ops)) this.templates.push({ method: method.toUpperCase(), path, re });
    }
    // Literal paths first: /searches/references before /searches/{id}.
    this.templates.sort((a, b) => (a.path.includes('{') ? 1 : 0) - (b.path.includes('{') ? 1 : 0));
  }

  /** Throws when the response is not one the document describes. */
  check(method: string, url: string, status: number, contentType: string | null, body: string): void {
    const path = url.split('?')[0] as string;
    const t = this.templates.find((x) => x.method === method && x.re.test(path));
    if (!t) {
      if (status === 404) return this.checkJson(`#/components/schemas/${path.startsWith('/v1/') ? 'V1_Problem' : 'Failure'}`, body, `${method} ${path}`);
      throw new Error(`${method} ${path}: not in the OpenAPI document`);
    }
    const op = this.doc.paths[t.path]![t.method.toLowerCase()]!;
    const key = op.responses[String(status)] ? String(status) : op.responses.default ? 'default' : null;
    if (key === null) throw new Error(`${method} ${t.path}: status ${status} is not documented`);
    const content = op.responses[key]!.content;
    if (!content) {
      if (body.length !== 0) throw new Error(`${method} ${t.path} ${status}: the body must be empty, got ${body.slice(0, 80)}`);
      return;
    }
    const type = (contentType ?? '').split(';')[0]!.trim();
    if (!content[type]) throw new Error(`${method} ${t.path} ${status}: content type ${type} is not documented (${Object.keys(content).join(', ')})`);
    if (!/^application\/(.+\+)?json$/.test(type)) return;
    const pointer = `openapi#/paths/${escape(t.path)}/${t.method.toLowerCase()}/responses/${key}/content/${escape(type)}/schema`;
    this.checkJson(pointer, body, `${method} ${t.path} ${status}`);
  }

  private checkJson(ref: string, body: string, what: string): void {
    const validate = this.ajv.getSchema(ref.startsWith('#') ? `openapi${ref}` : ref) ?? this.ajv.compile({ $ref: ref.startsWith('#') ? `openapi${ref}` : ref });
    if (!validate(JSON.parse(body))) {
      throw new Error(`${what}: the body does not match the document: ${this.ajv.errorsText(validate.errors)}\n${body.slice(0, 400)}`);
    }
  }
}
