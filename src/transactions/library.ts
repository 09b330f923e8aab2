/**
 * The scenario library written for this project (JSON data in `library/`, see library/README.md).
 */
import cardTesting from './library/card-testing.json' with { type: 'json' };
import cashPickup from './library/cash-pickup-high-risk.json' with { type: 'json' };
import chargebackRefund from './library/chargeback-refund-abuse.json' with { type: 'json' };
import counterpartyScreening from './library/counterparty-screening.json' with { type: 'json' };
import dormant from './library/dormant-account-reactivated.json' with { type: 'json' };
import highRiskJurisdiction from './library/high-risk-jurisdiction.json' with { type: 'json' };
import largeTransaction from './library/large-transaction.json' with { type: 'json' };
import lookups from './library/lookups.json' with { type: 'json' };
import manySenders from './library/many-senders-one-receiver.json' with { type: 'json' };
import newCounterparty from './library/new-counterparty-or-country.json' with { type: 'json' };
import rapidMovement from './library/rapid-movement.json' with { type: 'json' };
import roundAmounts from './library/round-amounts.json' with { type: 'json' };
import structuring from './library/structuring.json' with { type: 'json' };
import velocity from './library/velocity.json' with { type: 'json' };
import type { Result } from '../errors.js';
import { createScenarioEngine, type ScenarioEngine, type ScenarioEngineOptions } from './engine.js';
import type { ScenarioLiteral, ScenarioDefinition } from './scenario-types.js';
import type { TransactionViolation } from './types.js';

const asScenario = (x: unknown): ScenarioDefinition => x as ScenarioDefinition;

/** The library by slug; each is validated when compiled. */
export const SCENARIO_LIBRARY_BY_NAME: Readonly<Record<string, ScenarioDefinition>> = Object.freeze({
  'large-transaction': asScenario(largeTransaction),
  structuring: asScenario(structuring),
  velocity: asScenario(velocity),
  'rapid-movement': asScenario(rapidMovement),
  'high-risk-jurisdiction': asScenario(highRiskJurisdiction),
  'new-counterparty-or-country': asScenario(newCounterparty),
  'dormant-account-reactivated': asScenario(dormant),
  'round-amounts': asScenario(roundAmounts),
  'card-testing': asScenario(cardTesting),
  'chargeback-refund-abuse': asScenario(chargebackRefund),
  'cash-pickup-high-risk': asScenario(cashPickup),
  'many-senders-one-receiver': asScenario(manySenders),
});

/** Every library scenario that needs no screener. */
export const SCENARIO_LIBRARY: readonly ScenarioDefinition[] = Object.freeze(Object.values(SCENARIO_LIBRARY_BY_NAME));

/** Screens creditor, debtor and ultimate parties with the host's `Screener`. */
export const COUNTERPARTY_SCREENING_SCENARIO: ScenarioDefinition = asScenario(counterpartyScreening);

/** Default lookup lists of the library (FATF lists; see library/README.md for provenance). */
export const LIBRARY_LOOKUPS: Readonly<Record<string, readonly ScenarioLiteral[]>> = Object.freeze(
  lookups as Record<string, readonly ScenarioLiteral[]>,
);

/**
 * An engine over the library (or `scenarios` when given), with the library's lookup lists overridden by name by
 * `lookups`.
 */
export function createLibraryEngine(
  options: Partial<ScenarioEngineOptions> = {},
): Result<ScenarioEngine, TransactionViolation[]> {
  return createScenarioEngine({
    ...options,
    scenarios: options.scenarios ?? SCENARIO_LIBRARY,
    lookups: { ...LIBRARY_LOOKUPS, ...(options.lookups ?? {}) },
  });
}
