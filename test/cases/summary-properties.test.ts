import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priorityBand } from '../../src/cases/index.js';
import { ANALYST, U, must, setup } from './helpers.js';

type Step = { kind: 'add'; customer: number; priorities: Array<number | null> } | { kind: 'state'; pick: number; state: 'NOT_STARTED' | 'IN_PROGRESS' | 'POSITIVE_END_STATE' | 'NEGATIVE_END_STATE' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), customer: fc.integer({ min: 0, max: 2 }), priorities: fc.array(fc.option(fc.integer({ min: 1, max: 9 }), { nil: null }), { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant('state' as const), pick: fc.nat(), state: fc.constantFrom('NOT_STARTED', 'IN_PROGRESS', 'POSITIVE_END_STATE', 'NEGATIVE_END_STATE') }),
);

describe('alerts summary invariants', () => {
  it('after any sequence of alert additions and alert state changes, every case summary matches its alerts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const s = setup('memory');
        const alertIds: string[] = [];
        for (const st of steps) {
          if (st.kind === 'add') {
            const r = must(
              await s.cases.addAlerts({
                case_type: 'TRANSACTION_MONITORING',
                customer: { identifier: U(100 + st.customer), name: `C${st.customer}` },
                alerts: st.priorities.map((p, i) => ({ priority: p, risk_source: 'TRANSACTION_MONITORING', type: 'TRANSACTION_MONITORING', title: `a${i}` })),
              }),
            );
            alertIds.push(...r.alerts.map((a) => a.identifier));
          } else if (alertIds.length > 0) {
            must(await s.cases.transitionAlert(alertIds[st.pick % alertIds.length]!, { state: st.state }, ANALYST));
          }
        }
        const list = must(await s.cases.listCases({ page_size: 1000 }));
        let total = 0;
        for (const c of list.cases) {
          const alerts = must(await s.cases.listAlerts(c.identifier));
          total += alerts.length;
          const priorities = alerts.map((a) => a.priority).filter((p): p is number => p !== null);
          expect(c.alerts.count).toBe(alerts.length);
          expect(c.alerts.highest_priority).toBe(priorities.length ? Math.min(...priorities) : null);
          expect(c.review_items_count).toBe(alerts.filter((a) => a.state === 'NOT_STARTED' || a.state === 'IN_PROGRESS').length);
          const band = must(await s.cases.listCases({ priority_band: priorityBand(c.alerts.highest_priority), page_size: 1000 }));
          expect(band.cases.map((x) => x.identifier)).toContain(c.identifier);
        }
        expect(total).toBe(alertIds.length);
        expect(list.cases.length).toBe(new Set(steps.filter((x) => x.kind === 'add').map((x) => (x as { customer: number }).customer)).size);
      }),
      { numRuns: 40 },
    );
  });
});
