/**
 * The config file: validated with every error listed by path, secrets from the environment, relative paths read
 * from the file's folder; the examples shipped (examples/server/ofac.yaml, the config of docs/server.md) are valid;
 * `tamis serve` serves from a config and `--check` validates one.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import type { CliIo } from '../../src/cli/command.js';
import { runCli } from '../../src/cli/run.js';
import { ConfigError, parseConfig } from '../../src/server/config.js';
import { serveFromConfig } from '../../src/server/serve.js';

const root = new URL('../../', import.meta.url).pathname;
const minimal = `
lists:
  sources:
    - file: lists/sample/entities.json
accounts:
  - name: bank
    users:
      - email: ana@bank.example
        name: Ana
        api_keys: [{ name: ana }]
`;

const problemsOf = (text: string, env: Record<string, string> = {}) => {
  try {
    parseConfig(text, join(root, 'tamis.yaml'), env);
    return [];
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
};

describe('config file', () => {
  it('reads a minimal config: defaults, the key from TAMIS_API_KEY_<NAME>, paths from the file folder', () => {
    const c = parseConfig(minimal, join(root, 'tamis.yaml'), { TAMIS_API_KEY_ANA: 'ana-secret-key' });
    expect(c.server).toEqual({ host: '127.0.0.1', behind_tls_proxy: false, log_level: 'info' });
    expect(c.store).toEqual({ type: 'memory' });
    expect(c.lists.sources).toEqual([{ file: join(root, 'lists/sample/entities.json') }]);
    expect(c.accounts[0]!.users[0]!.api_keys![0]!.key).toBe('ana-secret-key');
  });

  it('reads JSON too, and the environment overrides the admin token', () => {
    const json = JSON.stringify({ lists: { sources: [{ snapshot: 'index.json' }] }, accounts: [{ name: 'b', users: [{ email: 'a@b', name: 'A', api_keys: [{ name: 'k', key: 'file-key-123' }] }] }], admin: { token: 'from-the-file-0001' } });
    const c = parseConfig(json, '/etc/tamis/tamis.json', { TAMIS_ADMIN_TOKEN: 'from-the-environment' });
    expect(c.admin.token).toBe('from-the-environment');
    expect(c.lists.sources).toEqual([{ snapshot: '/etc/tamis/index.json' }]);
    expect(c.accounts[0]!.users[0]!.api_keys![0]!.key).toBe('file-key-123');
  });

  it.each([
    ['a key with no secret', minimal, {}, ['accounts/0/users/0/api_keys/0: api key ana has no key: set TAMIS_API_KEY_ANA (or key: in the file)']],
    ['an unknown setting', `${minimal}\nserver: { hots: x }`, { TAMIS_API_KEY_ANA: 'k-12345678' }, ['server: must NOT have additional properties: hots']],
    ['a wrong type', `${minimal}\nserver: { port: "80" }`, { TAMIS_API_KEY_ANA: 'k-12345678' }, ['server/port: must be integer']],
    ['no lists', 'accounts: []', {}, ["(top level): must have required property 'lists'", 'accounts: must NOT have fewer than 1 items']],
    ['not YAML', 'lists: [', {}, [expect.stringMatching(/^Flow sequence/)]],
    ['a short key', minimal, { TAMIS_API_KEY_ANA: 'short' }, ['accounts/0/users/0/api_keys/0: api key ana must have at least 8 characters']],
  ])('refuses %s, saying where', (_what, text, env, expected) => {
    expect(problemsOf(text, env)).toEqual(expected);
  });

  it('accepts the retired lists.close_replaced_after_ms, so a config of an earlier release still starts', () => {
    expect(problemsOf(`${minimal}\n`.replace('lists:\n', 'lists:\n  close_replaced_after_ms: 30000\n'), { TAMIS_API_KEY_ANA: 'k-12345678' })).toEqual([]);
    expect(problemsOf(`${minimal}\n`.replace('lists:\n', 'lists:\n  close_replaced_after_ms: -1\n'), { TAMIS_API_KEY_ANA: 'k-12345678' })).not.toEqual([]);
  });

  it('the example examples/server/ofac.yaml is valid', () => {
    const c = parseConfig(readFileSync(join(root, 'examples/server/ofac.yaml'), 'utf8'), join(root, 'examples/server/ofac.yaml'), { TAMIS_API_KEY_DEMO: 'demo-key-change-me' });
    expect(c.lists.sources).toEqual([{ ofac: join(root, '../shared/data/ofac') }]);
  });

  it('the reference config of docs/server.md is valid', () => {
    const doc = readFileSync(join(root, 'docs/server.md'), 'utf8');
    const block = /<!-- config-example -->\s*```yaml\n([\s\S]*?)```/.exec(doc);
    expect(block, 'docs/server.md holds a ```yaml block after <!-- config-example -->').not.toBeNull();
    const c = parseConfig(block![1]!, join(root, 'tamis.yaml'), { TAMIS_API_KEY_ANA: 'ana-key-0001', TAMIS_API_KEY_OPS: 'ops-key-0001', TAMIS_API_KEY_BOT: 'bot-key-0001' });
    expect(c.accounts.length).toBeGreaterThan(1);
  });
});

describe('tamis serve', () => {
  const io = (env: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const cli: CliIo = {
      readFile: (p: string) => readFileSync(p, 'utf8'),
      writeFile: () => undefined,
      readStdin: async () => '',
      stdout: (t: string) => void out.push(t),
      stderr: (t: string) => void err.push(t),
      env,
      isTTY: false,
      sampleListPath: '',
      version: '0.0.0',
    };
    return { out, err, io: cli };
  };

  it('--check validates a config and exits 0; an invalid one exits 2 with its problems', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tamis-serve-'));
    writeFileSync(join(dir, 'ok.yaml'), minimal.replace('lists/sample', `${root}lists/sample`));
    const a = io({ TAMIS_API_KEY_ANA: 'ana-secret-key' });
    expect(await runCli(['serve', '--config', join(dir, 'ok.yaml'), '--check'], a.io)).toBe(0);
    expect(a.out.join('')).toMatch(/ok\.yaml: valid \(1 list source\(s\), 1 account\(s\)\)/);
    const b = io();
    expect(await runCli(['serve', '--config', join(dir, 'ok.yaml'), '--check'], b.io)).toBe(2);
    expect(b.err.join('')).toMatch(/^tamis serve: invalid_config: .*set TAMIS_API_KEY_ANA/);
    const c = io();
    expect(await runCli(['serve'], c.io)).toBe(2);
    expect(c.err.join('')).toMatch(/missing_option: --config FILE is required/);
  });

  it('serves until SIGTERM, then stops with status 0', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tamis-serve-'));
    writeFileSync(join(dir, 'ok.yaml'), `${minimal.replace('lists/sample', `${root}lists/sample`)}\nserver: { port: 0, log_level: silent }\n`);
    const handlers = new Map<string, () => void>();
    const a = io({ TAMIS_API_KEY_ANA: 'ana-secret-key' });
    a.io.onSignal = (signal, handler) => void handlers.set(signal, handler);
    const done = runCli(['serve', '--config', join(dir, 'ok.yaml')], a.io);
    const end = Date.now() + 20_000;
    while (!handlers.has('SIGTERM') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const url = /listening on (\S+)/.exec(a.err.join(''))![1]!;
    expect((await fetch(`${url}/users`, { headers: { authorization: 'Token ana-secret-key' } })).status).toBe(200);
    handlers.get('SIGTERM')!();
    expect(await done).toBe(0);
  });

  it('serves from a config (SQLite store): the config key answers, SIGTERM stops it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tamis-serve-'));
    const file = join(dir, 'tamis.yaml');
    writeFileSync(file, `${minimal.replace('lists/sample', `${root}lists/sample`)}\nstore: { type: sqlite, path: tamis.db }\nserver: { port: 0, log_level: silent }\n`);
    const config = parseConfig(readFileSync(file, 'utf8'), file, { TAMIS_API_KEY_ANA: 'ana-secret-key' });
    const server = await serveFromConfig(config, { logger: false });
    const url = await server.listen();
    try {
      const r = await fetch(`${url}/searches`, { method: 'POST', headers: { authorization: 'Token ana-secret-key', 'content-type': 'application/json' }, body: '{"search_term":"Mahmoud Nasser"}' });
      expect(r.status).toBe(200);
      expect((await fetch(`${url}/users`, { headers: { authorization: 'Token ana-secret-key' } }).then((x) => x.json())) as object).toMatchObject({ content: { data: [{ email: 'ana@bank.example' }] } });
    } finally {
      await server.close();
    }
  });
});
