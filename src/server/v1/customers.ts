/**
 * Customers of the transaction area over HTTP. A transaction names its customer by `customer_external_identifier`;
 * the service maps it to `customer_identifier`, a UUID derived from the account and the external identifier
 * (SHA-1, version-5 layout), so every instance maps one customer alike without a shared counter. A host may also
 * store a profile per customer (name, type, risk level, segment, account opening date, attributes): scenarios read
 * it (`customer.risk_level`, `account_age_days`, ...) and cases show it. Without a profile a customer is its
 * identifier, named after the customer party of its transaction.
 */
import { createHash } from 'node:crypto';
import type { CaseCustomerRiskLevel, CaseCustomerType } from '../../cases/enums.js';
import type { CaseCustomerInput } from '../../cases/service.js';
import type { TransactionCustomerContext } from '../../transactions/engine.js';
import type { ScenarioLiteral } from '../../transactions/scenario-types.js';
import type { SqliteDatabase } from '../../sqlite/database.js';
import { sqliteCalls } from '../../storage/sqlite.js';

export interface CustomerProfile {
  identifier: string;
  external_identifier: string;
  name: string | null;
  type: CaseCustomerType;
  risk_level: CaseCustomerRiskLevel;
  segment: string | null;
  account_opened_at: string | null;
  attributes: Record<string, ScenarioLiteral>;
  /** 1 when created, one more per update. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** Customer profiles by customer identifier. */
export interface CustomerProfileStore {
  get(identifier: string): Promise<CustomerProfile | null>;
  /** Write `profile` when the stored version is `expectedVersion` (0: none stored); false otherwise. */
  put(profile: CustomerProfile, expectedVersion: number): Promise<boolean>;
}

/** A UUID (version-5 layout) derived from `seed`. */
export function stableUuid(seed: string): string {
  const h = createHash('sha1').update(seed).digest('hex');
  const variant = ((parseInt(h[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The customer identifier of an external identifier in an account. */
export const customerIdentifierOf = (account: string, externalIdentifier: string): string =>
  stableUuid(`tamis:customer:${account}:${externalIdentifier}`);

export class InMemoryCustomerProfiles implements CustomerProfileStore {
  private readonly items = new Map<string, CustomerProfile>();
  async get(identifier: string): Promise<CustomerProfile | null> {
    const p = this.items.get(identifier);
    return p ? structuredClone(p) : null;
  }
  async put(profile: CustomerProfile, expectedVersion: number): Promise<boolean> {
    if ((this.items.get(profile.identifier)?.version ?? 0) !== expectedVersion) return false;
    this.items.set(profile.identifier, structuredClone(profile));
    return true;
  }
}

export function createSqliteCustomerProfiles(db: SqliteDatabase): CustomerProfileStore {
  const calls = sqliteCalls(db);
  calls.run(() =>
    db.exec('CREATE TABLE IF NOT EXISTS tamis_customer_profiles (identifier TEXT PRIMARY KEY, version INTEGER NOT NULL, data TEXT NOT NULL)'),
  );
  const byId = calls.statement('SELECT data FROM tamis_customer_profiles WHERE identifier = ?');
  const insert = calls.statement('INSERT INTO tamis_customer_profiles (identifier, version, data) VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
  const update = calls.statement('UPDATE tamis_customer_profiles SET version = ?, data = ? WHERE identifier = ? AND version = ?');
  return {
    async get(identifier) {
      const row = byId.get(identifier) as { data: string } | undefined;
      return row ? (JSON.parse(row.data) as CustomerProfile) : null;
    },
    async put(profile, expectedVersion) {
      const data = JSON.stringify(profile);
      const r = expectedVersion === 0 ? insert.run(profile.identifier, profile.version, data) : update.run(profile.version, data, profile.identifier, expectedVersion);
      return r.changes === 1;
    },
  };
}

type Party = { name?: string | null; identifier?: { type?: string } | null } | null | undefined;

/** The name of the transaction's CUSTOMER party (creditor, debtor, remittance creditor, card holder), if any. */
export function customerPartyName(transaction: unknown): string | null {
  const d = (transaction as { details?: { details?: Record<string, unknown> } } | null)?.details?.details;
  if (!d || typeof d !== 'object') return null;
  const creditor = d.type === 'REMITTANCE' ? (d.creditor as { details?: Party } | undefined)?.details : (d.creditor as Party);
  const candidates: Party[] = [d.debtor as Party, creditor, (d.card_holder as { details?: Party } | undefined)?.details];
  for (const p of candidates) {
    if (p && p.identifier?.type === 'CUSTOMER' && typeof p.name === 'string' && p.name.trim() !== '') return p.name.trim();
  }
  return null;
}

/** What the scenario engine reads of a customer. */
export function evaluationCustomer(identifier: string, profile: CustomerProfile | null): TransactionCustomerContext {
  if (!profile) return { identifier };
  return {
    identifier,
    ...(profile.risk_level !== 'SKIPPED' ? { risk_level: profile.risk_level } : {}),
    ...(profile.segment !== null ? { segment: profile.segment } : {}),
    ...(profile.account_opened_at !== null ? { account_opened_at: profile.account_opened_at } : {}),
    ...(Object.keys(profile.attributes).length > 0 ? { attributes: profile.attributes } : {}),
  };
}

/** What a case shows of a customer. */
export function caseCustomer(identifier: string, externalIdentifier: string | null, profile: CustomerProfile | null, partyName: string | null): CaseCustomerInput {
  return {
    identifier,
    name: profile?.name ?? partyName ?? externalIdentifier ?? identifier,
    risk_level: profile?.risk_level ?? 'SKIPPED',
    type: profile?.type ?? 'UNDEFINED',
    version: profile?.version ?? 1,
    external_identifier: externalIdentifier ?? profile?.external_identifier ?? null,
  };
}
