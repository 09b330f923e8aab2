/**
 * Example scenarios written in the hosted service's language (JSON in `library/`, see library/README.md). The
 * high-risk country or currency scenario is a template composed with an instance.
 */
import dormant from './library/dormant-account.json' with { type: 'json' };
import firstTransaction from './library/first-transaction.json' with { type: 'json' };
import highRiskInstance from './library/high-risk-country-or-currency.instance.json' with { type: 'json' };
import highRiskTemplate from './library/high-risk-country-or-currency.template.json' with { type: 'json' };
import percentageOfBalance from './library/percentage-of-balance.json' with { type: 'json' };
import roundAmounts from './library/round-amounts.json' with { type: 'json' };
import structuring from './library/structuring.json' with { type: 'json' };
import velocity from './library/velocity.json' with { type: 'json' };
import { composeScenarioDocument } from './document.js';

/** The template of the high-risk country or currency scenario (`segments: []`) and the instance it ships with. */
export const HOSTED_HIGH_RISK_TEMPLATE: unknown = highRiskTemplate;
export const HOSTED_HIGH_RISK_INSTANCE: unknown = highRiskInstance;

/** The examples by slug, each a document in the hosted language (register them in `createScenarioEngine`). */
export const HOSTED_SCENARIO_LIBRARY_BY_NAME: Readonly<Record<string, unknown>> = Object.freeze({
  velocity,
  structuring,
  'round-amounts': roundAmounts,
  'dormant-account': dormant,
  'percentage-of-balance': percentageOfBalance,
  'first-transaction': firstTransaction,
  'high-risk-country-or-currency': composeScenarioDocument(highRiskTemplate, highRiskInstance),
});

export const HOSTED_SCENARIO_LIBRARY: readonly unknown[] = Object.freeze(Object.values(HOSTED_SCENARIO_LIBRARY_BY_NAME));
