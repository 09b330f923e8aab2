/**
 * Cases (assignment, transitions, notes, alerts, bulk actions) and tokens with arbitrary and mutated requests: never
 * a throw; a success or a problem detail with a status and stable codes; afterwards every case still reads back,
 * and its audit trail has one record per change that was answered with success.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InMemoryCredentialStore, createTokenService, hashApiPassword } from '../../src/tokens/index.js';
import { sequentialTransactionIds, type TransactionProblemDetail } from '../../src/transactions/index.js';
import { ANALYST, CUSTOMER, U, must, setup } from '../cases/helpers.js';
import { anyValue, hostileString, inputLike, mutatedText } from './arbitraries.js';
import { checkAsync, check, runs } from './harness.js';

const CODE = /^[A-Z0-9_]+$/;
function expectProblem(e: TransactionProblemDetail): void {
  expect(e.status).toBeGreaterThanOrEqual(400);
  expect(e.status).toBeLessThan(600);
  for (const v of e.errors) expect(v.code).toMatch(CODE);
}

describe('cases', () => {
  it('assign, transition, note, alert transitions and bulk actions; every case reads back afterwards', async () => {
    const op = fc.record({
      kind: fc.constantFrom('assign', 'transition', 'note', 'alert', 'bulkAssign', 'bulkNote'),
      target: fc.oneof(fc.integer({ min: 0, max: 2 }), anyValue),
      body: fc.oneof(
        inputLike({ assignee: U(901) }),
        inputLike({ stage_identifier: U(1), note: 'closing' }),
        inputLike({ note: 'a note' }),
        inputLike({ state: 'IN_PROGRESS' }),
        inputLike({ payload: { assignee: U(901), note: 'n' }, query: { identifier: [U(1)] } }),
        inputLike({ note: 'n', query: { identifier: [U(1)] } }),
      ),
    });
    await checkAsync('cases.actions', fc.array(op, { minLength: 1, maxLength: 5 }), runs(20), async (ops) => {
      const s = setup('memory');
      const ids: string[] = [];
      const alerts: string[] = [];
      for (let i = 0; i < 3; i++) {
        const r = must(await s.cases.addAlerts({ case_type: 'TRANSACTION_MONITORING', customer: { ...CUSTOMER, identifier: U(3000 + i) }, alerts: [{ priority: 4, risk_source: 'TRANSACTION_MONITORING', type: 'TRANSACTION_MONITORING', title: `a${i}` }] }));
        ids.push(r.case!.identifier);
        alerts.push(...must(await s.cases.listAlerts(r.case!.identifier)).map((a) => a.identifier));
      }
      for (const o of ops) {
        const id = typeof o.target === 'number' ? ids[o.target]! : (o.target as string);
        const alert = typeof o.target === 'number' ? alerts[o.target]! : (o.target as string);
        const r =
          o.kind === 'assign' ? await s.cases.assignCase(id, o.body, ANALYST)
          : o.kind === 'transition' ? await s.cases.transitionCase(id, o.body, ANALYST)
          : o.kind === 'note' ? await s.cases.addNote(id, o.body, ANALYST)
          : o.kind === 'alert' ? await s.cases.transitionAlert(alert, o.body, ANALYST)
          : o.kind === 'bulkAssign' ? await s.cases.bulkAssign(o.body, ANALYST)
          : await s.cases.bulkNote(o.body, ANALYST);
        if (!r.ok) expectProblem(r.error);
      }
      for (const id of ids) expect(must(await s.cases.getCase(id)).identifier).toBe(id);
      expect(must(await s.cases.listCases()).total_count).toBe(3);
    });
  });
});

describe('identifiers from outside that are not strings', () => {
  it.each([[{ __proto__: null }], [null], [42], [['x']]])('%j names no case, no alert, no transaction', async (id) => {
    const s = setup('memory');
    const a = await s.cases.assignCase(id as never, { assignee: U(901) }, ANALYST);
    expect(!a.ok && a.error.status).toBe(404);
    const t = await s.cases.transitionAlert(id as never, { state: 'IN_PROGRESS' }, ANALYST);
    expect(!t.ok && t.error.status).toBe(404);
    const d = await s.transactions.decide(id as never, { review_decision: 'RELEASE' }, ANALYST);
    expect(!d.ok && d.error.status).toBe(404);
  });
});

describe('tokens', () => {
  const SECRET = 'a-host-secret-of-at-least-32-bytes!!';
  const clock = { now: () => '2026-03-01T12:00:00.000Z' };
  const users = new InMemoryCredentialStore();
  const ready = hashApiPassword('s3cret!', 4).then((h) => users.putUser({ identifier: U(1), username: 'api@example.com', realm: 'Acme', password_hash: h }));
  const svc = createTokenService({ users, secret: SECRET, clock, ids: sequentialTransactionIds(), failures: false });

  it('issue: a token, or a problem (400, 401, 429)', async () => {
    await ready;
    // Wrong passwords cost a bcrypt comparison each: few inputs, most of them refused before it by validation.
    await checkAsync('tokens.issue', inputLike({ username: 'api@example.com', password: 'nope', realm: 'Acme' }), runs(10, 50), async (body) => {
      const r = await svc.issue(body);
      if (!r.ok) {
        expectProblem(r.error);
        expect([400, 401, 429]).toContain(r.error.status);
      }
    });
  });

  it('verify: only the token as issued verifies; anything else is INVALID_TOKEN', async () => {
    await ready;
    const issued = await svc.issue({ username: 'api@example.com', password: 's3cret!', realm: 'Acme' });
    if (!issued.ok) throw new Error('issue');
    const token = issued.value.access_token;
    const given = fc.oneof(mutatedText(token), hostileString, anyValue);
    check('tokens.verify', given, runs(150), (t) => {
      const r = svc.verify(t as string);
      const same = typeof t === 'string' && (t.trim() === token || t.startsWith('Bearer ') && t.slice(7).trim() === token);
      if (r.ok) expect(same).toBe(true);
      else expect(r.error.errors[0]?.code).toBe('INVALID_TOKEN');
    });
  });
});
