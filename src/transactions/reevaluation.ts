/**
 * Re-evaluation keeps one current risk per (transaction, scenario, triggered segment). The risks an earlier
 * evaluation of the transaction raised are found through the ports every host has (the transaction's audit trail
 * names them, the risk store holds them); a risk raised again is the stored one, kept as it is (its identifier, its
 * decision and risk types a reviewer may have set, and their audit records), and the new evaluation's result and
 * audit records refer to it.
 */
import type { EvaluationResult } from './engine-types.js';
import type { AuditSink, RiskStore, StoredRisk } from './ports.js';
import type { TransactionAuditRecord, TransactionMonitoringRisk } from './types.js';

/** What makes two risks the same: the transaction, the scenario and the segment(s) that triggered. */
const riskKey = (r: TransactionMonitoringRisk): string =>
  JSON.stringify([r.detail.transaction.identifier, r.detail.scenario.identifier, r.detail.triggered_segment.identifiers]);

/** The stored risks earlier evaluations of a transaction raised, by `riskKey` (the first raised wins). */
export async function earlierRisks(audit: AuditSink, risks: RiskStore, transactionIdentifier: string): Promise<Map<string, StoredRisk>> {
  const ids = new Set<string>();
  for (const a of await audit.forTransaction(transactionIdentifier)) {
    if (a.type === 'TRANSACTION_MONITORED' || a.type === 'PAYMENT_SCREENED') for (const id of a.detail.risk_identifiers) ids.add(id);
  }
  const byKey = new Map<string, StoredRisk>();
  for (const id of ids) {
    const stored = await risks.get(id);
    if (stored && !byKey.has(riskKey(stored.risk))) byKey.set(riskKey(stored.risk), stored);
  }
  return byKey;
}

/**
 * The result with every risk raised before replaced by the stored one (its identifier in the alerts, scenario
 * evaluations and audit records), and the risks raised for the first time, to store.
 */
export function keepEarlierRisks(
  result: EvaluationResult,
  earlier: ReadonlyMap<string, StoredRisk>,
): { result: EvaluationResult; fresh: TransactionMonitoringRisk[] } {
  const renamed = new Map<string, string>();
  const fresh: TransactionMonitoringRisk[] = [];
  const risks = result.risks.map((r) => {
    const kept = earlier.get(riskKey(r));
    if (!kept) {
      fresh.push(r);
      return r;
    }
    renamed.set(r.identifier, kept.risk.identifier);
    return kept.risk;
  });
  if (renamed.size === 0) return { result, fresh };
  const id = (x: string) => renamed.get(x) ?? x;
  const audit_records = result.audit_records.map((a): TransactionAuditRecord => {
    if (a.type === 'TRANSACTION_MONITORED' || a.type === 'PAYMENT_SCREENED') {
      return { ...a, detail: { ...a.detail, risk_identifiers: a.detail.risk_identifiers.map(id) } } as TransactionAuditRecord;
    }
    if (a.type === 'ALERT_MUTED_FOR_RISK' && a.detail.risk.identifier) {
      return { ...a, detail: { ...a.detail, risk: { ...a.detail.risk, identifier: id(a.detail.risk.identifier) } } };
    }
    return a;
  });
  return {
    result: {
      ...result,
      risks,
      alerts: result.alerts.map((a) => ({ ...a, risk_identifier: id(a.risk_identifier) })),
      scenario_evaluations: result.scenario_evaluations.map((e) => (e.risk_identifier ? { ...e, risk_identifier: id(e.risk_identifier) } : e)),
      audit_records,
    },
    fresh,
  };
}
