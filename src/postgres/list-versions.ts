/**
 * List versions in the database (`ListVersionStore`): every instance sees the same current version, and the
 * re-screening of a new version is claimed by one instance (a conditional update of the version's row: unclaimed,
 * or claimed long ago and never completed). Recording takes a transaction-scoped advisory lock, so two instances
 * loading the same new lists at once record one version.
 */
import type { ListVersion, ListVersionStore } from '../service/list-versions.js';
import { inTransaction, type PgPool } from './pool.js';

type Row = { version: string; fingerprint: string; description: string; created_at: Date | string };
const toVersion = (r: Row): ListVersion => ({
  version: Number(r.version),
  fingerprint: r.fingerprint,
  description: r.description,
  created_at: new Date(r.created_at).toISOString(),
});
const CURRENT = 'SELECT version, fingerprint, description, created_at FROM tamis_list_versions ORDER BY version DESC LIMIT 1';

export function createPostgresListVersions(pool: PgPool): ListVersionStore {
  return {
    record(fingerprint, description, nowIso) {
      return inTransaction(pool, async (db) => {
        await db.query("SELECT pg_advisory_xact_lock(hashtext('tamis.list_versions'))");
        const cur = (await db.query<Row>(CURRENT)).rows[0];
        if (cur && cur.fingerprint === fingerprint) return toVersion(cur);
        const r = await db.query<Row>(
          'INSERT INTO tamis_list_versions (fingerprint, description, created_at) VALUES ($1, $2, $3) RETURNING version, fingerprint, description, created_at',
          [fingerprint, description, nowIso],
        );
        return toVersion(r.rows[0] as Row);
      });
    },
    async current() {
      const r = (await pool.query<Row>(CURRENT)).rows[0];
      return r ? toVersion(r) : null;
    },
    async claimRescreen(version, owner, nowIso, staleAfterMs) {
      const r = await pool.query(
        `UPDATE tamis_list_versions SET rescreen_owner = $2, rescreen_claimed_at = $3
         WHERE version = $1 AND rescreen_done_at IS NULL
           AND (rescreen_claimed_at IS NULL OR rescreen_claimed_at <= $3::timestamptz - make_interval(secs => $4::double precision / 1000))`,
        [version, owner, nowIso, staleAfterMs],
      );
      return r.rowCount === 1;
    },
    async completeRescreen(version, owner, nowIso) {
      await pool.query('UPDATE tamis_list_versions SET rescreen_owner = $2, rescreen_done_at = $3 WHERE version = $1', [version, owner, nowIso]);
    },
  };
}
