import { describe, expect, it } from 'vitest';
import { content, fakeScreener, person, setup, STORES } from './helpers.js';

const refScreener = () =>
  fakeScreener([
    person('r1', 'ACME TRADING', { entity_type: 'company', types: ['sanction'], sources: ['ofac-sdn'] }),
    person('r2', 'ACME PEP', { types: ['pep'], sources: ['eu-peps'] }),
  ]);

describe.each(STORES)('POST /searches/references (%s store)', (_name, makeStore) => {
  it('screens a payment reference with the reference screener and stores it as a search', async () => {
    const rs = refScreener();
    const t = await setup(makeStore, undefined, { referenceScreener: rs });
    const r = await t.alice.screenPaymentReference({ search_term: 'acme', client_ref: 'PAY-1', search_profile: 'sanctions-only', fuzziness: 0.4 });
    expect(r).toMatchObject({ status: 'success', code: 200 });
    const d = content(r).data;
    expect(d).toMatchObject({ search_term: 'acme', client_ref: 'PAY-1', fuzziness: 0.4, total_matches: 1, search_profile: { slug: 'sanctions-only' } });
    expect(d.hits.map((h) => h.doc.id)).toEqual(['r1']);
    expect(d.blacklist_hits).toEqual([]);
    expect(rs.calls[0]).toMatchObject({ search_term: 'acme', client_ref: 'PAY-1', fuzziness: 0.4, filters: { types: ['sanction'] } });
    expect(t.screener.calls).toEqual([]); // the name screener was not used
    // a case like any other
    expect(content(await t.alice.listSearches({ client_ref: 'PAY-1' })).data.map((x) => x.id)).toEqual([d.id]);
    expect((await t.alice.updateSearchEntities(d.id, { entities: ['r1'], match_status: 'false_positive' })).status).toBe('success');
    // monitoring re-runs it with the (new) reference screener
    await t.alice.updateMonitors(d.id, { is_monitored: true });
    const rs2 = fakeScreener([person('r3', 'ACME TRADING 2', { types: ['sanction'] })]);
    const report = await t.service.rescreenMonitored(t.screener, rs2);
    expect(report.changed).toEqual([d.id]);
    expect(rs2.calls.length).toBe(1);
    expect(content(await t.alice.getSearch(d.id)).data.hits.map((h) => h.doc.id)).toEqual(['r3']);
  });

  it('accepts the profile id as well as the slug', async () => {
    const t = await setup(makeStore, undefined, { referenceScreener: refScreener() });
    const d = content(await t.alice.screenPaymentReference({ search_term: 'acme', client_ref: 'P', search_profile: 'prof-pep' })).data;
    expect(d.hits.map((h) => h.doc.id)).toEqual(['r2']);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['missing search_term', { client_ref: 'P', search_profile: 'pep' }, 'required'],
    ['search_term over 255', { search_term: 'x'.repeat(256), client_ref: 'P', search_profile: 'pep' }, 'too_long'],
    ['missing client_ref', { search_term: 'acme', search_profile: 'pep' }, 'required'],
    ['client_ref over 255', { search_term: 'acme', client_ref: 'x'.repeat(256), search_profile: 'pep' }, 'too_long'],
    ['missing search_profile', { search_term: 'acme', client_ref: 'P' }, 'required'],
    ['unknown search_profile', { search_term: 'acme', client_ref: 'P', search_profile: 'nope' }, 'unknown_search_profile'],
    ['fuzziness over 1', { search_term: 'acme', client_ref: 'P', search_profile: 'pep', fuzziness: 2 }, 'invalid_fuzziness'],
  ];
  for (const [label, body, code] of invalid) {
    it(`400: ${label}`, async () => {
      const t = await setup(makeStore, undefined, { referenceScreener: refScreener() });
      const r = await t.alice.screenPaymentReference(body);
      expect(r).toMatchObject({ code: 400, status: 'failure' });
      expect((r as { errors: { code: string }[] }).errors.map((e) => e.code)).toContain(code);
    });
  }

  it('290-character references for the regional class of users', async () => {
    const t = await setup(makeStore, undefined, { referenceScreener: refScreener(), referenceTermMaxLength: 290 });
    const ok = await t.alice.screenPaymentReference({ search_term: 'a'.repeat(290), client_ref: 'P', search_profile: 'pep' });
    expect(ok.status).toBe('success');
    expect(await t.alice.screenPaymentReference({ search_term: 'a'.repeat(291), client_ref: 'P', search_profile: 'pep' })).toMatchObject({ code: 400 });
  });

  it('501 when no reference screener is configured', async () => {
    const t = await setup(makeStore);
    expect(await t.alice.screenPaymentReference({ search_term: 'acme', client_ref: 'P', search_profile: 'pep' })).toMatchObject({
      code: 501,
      status: 'failure',
    });
  });
});
