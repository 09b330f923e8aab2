/** The conformance suite of list-version stores (Lucia v3 style, as store-conformance.ts). */
import { describe, expect, it } from 'vitest';
import type { ListVersionStore } from '../list-versions.js';

/**
 * The conformance suite of list-version stores (`ListVersionStore`): `make` returns an empty one.
 */
export function testListVersions(name: string, make: () => ListVersionStore | Promise<ListVersionStore>): void {
  describe(`list versions conformance: ${name}`, () => {
    const t = (min: number) => new Date(Date.UTC(2026, 0, 1, 0, min)).toISOString();
    it('records a new version only when the fingerprint changes, and answers the current one', async () => {
      const s = await make();
      expect(await s.current()).toBeNull();
      const v1 = await s.record('fp-a', 'lists a', t(0));
      expect(v1).toEqual({ version: 1, fingerprint: 'fp-a', description: 'lists a', created_at: t(0) });
      expect(await s.record('fp-a', 'again', t(1))).toEqual(v1);
      const v2 = await s.record('fp-b', 'lists b', t(2));
      expect(v2.version).toBe(2);
      expect(await s.current()).toEqual(v2);
      // Lists going back to earlier content are a new version (monitored searches were last screened against b).
      expect((await s.record('fp-a', 'lists a', t(3))).version).toBe(3);
    });

    it('of concurrent records of one fingerprint, one version results', async () => {
      const s = await make();
      const got = await Promise.all([1, 2, 3, 4].map(() => s.record('fp-x', 'x', t(0))));
      expect(new Set(got.map((v) => v.version)).size).toBe(1);
      expect((await s.current())?.version).toBe(got[0]?.version);
    });

    it('one claimer of the re-screening wins; a stale claim is taken over; a completed one never is', async () => {
      const s = await make();
      const v = await s.record('fp', 'd', t(0));
      const won = await Promise.all(['i1', 'i2', 'i3'].map((id) => s.claimRescreen(v.version, id, t(1), 10 * 60_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
      expect(await s.claimRescreen(v.version, 'i4', t(5), 10 * 60_000)).toBe(false);
      expect(await s.claimRescreen(v.version, 'i4', t(12), 10 * 60_000)).toBe(true);
      await s.completeRescreen(v.version, 'i4', t(13));
      expect(await s.claimRescreen(v.version, 'i5', t(60), 10 * 60_000)).toBe(false);
    });
  });
}
