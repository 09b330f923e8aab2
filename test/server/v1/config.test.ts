/**
 * The config's `transactions` section (secrets from the environment, scenario files, problems listed by path),
 * and a server from a config over SQLite: what the /v1 area writes is there after a restart.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fetch } from 'undici';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../src/server/config.js';
import { serveFromConfig } from '../../../src/server/serve.js';
import { heldBankPayment } from './fixtures.js';

const root = new URL('../../../', import.meta.url).pathname;
const base = `
lists:
  sources:
    - file: ${root}lists/sample/entities.json
accounts:
  - name: bank
    users: [{ email: ana@bank.example, name: Ana, api_keys: [{ name: ana, key: ana-secret-key }] }]
server: { port: 0, log_level: silent }
`;
const section = `
transactions:
  realm: Bank
  users:
    - { name: api, username: api@bank.example }
  scenarios:
    files: [own-scenarios.yaml]
    lookups: { watched_countries: [IR, KP] }
  batches: { max_rows: 500 }
`;
const ENV = { TAMIS_TOKEN_SECRET: 'a-token-secret-of-at-least-32-bytes!', TAMIS_API_PASSWORD_API: 'api password here' };

const problemsOf = (text: string, env: Record<string, string>) => {
  try {
    parseConfig(text, join(root, 'tamis.yaml'), env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
};

describe('the transactions section', () => {
  it('takes the token secret and the passwords from the environment, and reads scenario files from the config folder', () => {
    const c = parseConfig(base + section, '/etc/tamis/tamis.yaml', ENV);
    expect(c.transactions).toMatchObject({ realm: 'Bank', token: { secret: ENV.TAMIS_TOKEN_SECRET }, users: [{ name: 'api', password: 'api password here' }] });
    expect(c.transactions!.scenarios.files).toEqual(['/etc/tamis/own-scenarios.yaml']);
  });

  it.each([
    ['no token secret', section, { TAMIS_API_PASSWORD_API: 'pw' }, ['transactions/token: no token secret: set TAMIS_TOKEN_SECRET (or token.secret in the file)']],
    ['a short token secret', section, { ...ENV, TAMIS_TOKEN_SECRET: 'short' }, ['transactions/token: the token secret needs at least 32 bytes']],
    ['a user without a password', section, { TAMIS_TOKEN_SECRET: ENV.TAMIS_TOKEN_SECRET }, ['transactions/users/0: user api has no password: set TAMIS_API_PASSWORD_API (or password_hash in the file)']],
    [
      'a username given twice',
      section.replace('- { name: api, username: api@bank.example }', '- { name: api, username: api@bank.example }\n    - { name: two, username: API@bank.example, password_hash: "$2b$10$abcdefghijklmnopqrstuv" }'),
      ENV,
      ['transactions/users/1/username: API@bank.example is given twice'],
    ],
    ['an unknown setting', `${section}  colour: blue\n`, ENV, ['transactions: must NOT have additional properties: colour']],
    ['a password in the file', section.replace('username: api@bank.example', 'username: api@bank.example, password: x'), ENV, ['transactions/users/0: must NOT have additional properties: password']],
  ])('refuses %s, saying where', (_what, text, env, expected) => {
    expect(problemsOf(base + text, env)).toEqual(expected);
  });
});

describe('a server from a config over SQLite', () => {
  it('keeps transactions, cases and scenario versions across a restart; tokens stay valid', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tamis-v1-'));
    const file = join(dir, 'tamis.yaml');
    const own = JSON.parse(readFileSync(join(root, 'src/transactions/library/round-amounts.json'), 'utf8'));
    writeFileSync(join(dir, 'own-scenarios.yaml'), JSON.stringify([{ ...own, identifier: '0000aaaa-0000-4000-8000-000000000000', name: 'Our round amounts' }]));
    writeFileSync(file, `${base}store: { type: sqlite, path: tamis.db }\n${section}`);
    const start = async () => {
      const server = await serveFromConfig(parseConfig(readFileSync(file, 'utf8'), file, ENV), { logger: false });
      return { server, url: await server.listen() };
    };
    const call = async (url: string, method: string, path: string, token: string, body?: unknown) => {
      const r = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: r.status, json: (await r.json()) as any };
    };

    let { server, url } = await start();
    let token: string;
    let held: any;
    try {
      const t = await fetch(`${url}/v1/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'api@bank.example', password: 'api password here', realm: 'Bank' }) });
      token = ((await t.json()) as any).access_token;
      const names = (await call(url, 'GET', '/v1/scenarios?page_size=100', token)).json.scenarios.map((s: any) => s.name);
      expect(names).toHaveLength(13);
      expect(names).toContain('Our round amounts');
      held = (await call(url, 'POST', '/v1/transactions', token, heldBankPayment('persisted'))).json;
      expect(held.evaluation_outcome).toBe('HOLD');
      const large = (await call(url, 'GET', '/v1/scenarios?page_size=100', token)).json.scenarios.find((s: any) => s.name === 'Large transaction');
      const def = (await call(url, 'GET', `/v1/scenarios/${large.identifier}`, token)).json.definition;
      expect((await call(url, 'POST', '/v1/scenarios', token, { ...def, version: 2, name: 'Large transaction (v2)' })).status).toBe(201);
    } finally {
      await server.close();
    }

    ({ server, url } = await start());
    try {
      expect((await call(url, 'GET', `/v1/transactions/${held.identifier}`, token)).json).toEqual(held);
      const cases = (await call(url, 'GET', `/v1/cases?customer_identifier=${held.customer_identifier}`, token)).json;
      expect(cases.total_count).toBe(1);
      const names = (await call(url, 'GET', '/v1/scenarios?page_size=100', token)).json.scenarios.map((s: any) => `${s.name} v${s.version}`);
      expect(names).toContain('Large transaction (v2) v2');
      // The history is rebuilt from the stored transactions: a second payment counts the first one.
      const segmentsOf = async (customer: string) => {
        const t = (await call(url, 'POST', '/v1/transactions', token, heldBankPayment(customer, { amount: 20000 }))).json;
        const risks = (await call(url, 'GET', '/v1/risks?page_size=100', token)).json.risks as any[];
        return risks.filter((r) => r.detail.transaction.identifier === t.identifier).map((r) => r.detail.triggered_segment.name);
      };
      expect(await segmentsOf('persisted')).toContain('Outbound sum in 24 hours');
      expect(await segmentsOf('newcomer')).not.toContain('Outbound sum in 24 hours');
    } finally {
      await server.close();
    }
  });
});
