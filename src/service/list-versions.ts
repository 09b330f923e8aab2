/**
 * List versions, recorded where every instance of a service sees them. Each load of the screening lists has a
 * fingerprint (a hash of what was read); loading lists whose fingerprint differs from the current version's records
 * a new version, and loading the current lists again does not. The re-screening of monitored searches that a new
 * version calls for is claimed: one instance wins the claim and re-screens, the others only switch their screener.
 * A claim whose owner stopped before completing it (no completion within `staleAfterMs`) may be taken over; a
 * re-screen run twice changes nothing the second time (results already match the version).
 *
 * Adapters: `createMemoryListVersions()` (one process), `createPostgresListVersions(pool)` (`tamis/postgres`).
 */
export interface ListVersion {
  /** 1, 2, ...: increases with every change of lists. */
  version: number;
  fingerprint: string;
  /** What was loaded (sources), for people. */
  description: string;
  /** ISO time of the record. */
  created_at: string;
}

export interface ListVersionStore {
  /** The current version when its fingerprint is `fingerprint`, else a new version recorded with it (atomic). */
  record(fingerprint: string, description: string, nowIso: string): Promise<ListVersion>;
  /** The latest version, or null before the first record. */
  current(): Promise<ListVersion | null>;
  /**
   * Claims the re-screening of `version` for `owner`: true for exactly one of concurrent callers, and again only when
   * the claim was not completed within `staleAfterMs` (its owner is presumed dead). False once completed.
   */
  claimRescreen(version: number, owner: string, nowIso: string, staleAfterMs: number): Promise<boolean>;
  /** Marks the re-screening of `version` done. */
  completeRescreen(version: number, owner: string, nowIso: string): Promise<void>;
}

interface Claim {
  owner: string;
  at: number;
  done: boolean;
}

/** List versions of one process (the default of a service: one instance, same rules). */
export function createMemoryListVersions(): ListVersionStore {
  const versions: ListVersion[] = [];
  const claims = new Map<number, Claim>();
  return {
    async record(fingerprint, description, nowIso) {
      const cur = versions[versions.length - 1];
      if (cur && cur.fingerprint === fingerprint) return { ...cur };
      const v: ListVersion = { version: versions.length + 1, fingerprint, description, created_at: nowIso };
      versions.push(v);
      return { ...v };
    },
    async current() {
      const cur = versions[versions.length - 1];
      return cur ? { ...cur } : null;
    },
    async claimRescreen(version, owner, nowIso, staleAfterMs) {
      const now = Date.parse(nowIso);
      const c = claims.get(version);
      if (c && (c.done || now - c.at < staleAfterMs)) return false;
      claims.set(version, { owner, at: now, done: false });
      return true;
    },
    async completeRescreen(version, owner, nowIso) {
      claims.set(version, { owner, at: Date.parse(nowIso), done: true });
    },
  };
}
