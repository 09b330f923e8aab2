/** Payment references against the real OFAC SDN list (../shared/data/ofac), skipped when the files are absent. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseOfacSdn } from '../../src/importers/index.js';
import { screenReference } from '../../src/reference/index.js';
import { createScreener, type TamisScreener } from '../../src/screening/screener.js';

const OFAC_DIR = fileURLToPath(new URL('../../../shared/data/ofac', import.meta.url));
const haveOfac = existsSync(join(OFAC_DIR, 'sdn.csv'));
if (!haveOfac) console.warn(`skipping payment references against OFAC: ${OFAC_DIR} is absent (see ../shared/data/README.md)`);

describe.skipIf(!haveOfac)('payment references against the OFAC SDN list', () => {
  let screener: TamisScreener;
  beforeAll(() => {
    const read = (f: string) => (existsSync(join(OFAC_DIR, f)) ? readFileSync(join(OFAC_DIR, f)) : undefined);
    const r = parseOfacSdn({ sdn: read('sdn.csv')!, alt: read('alt.csv'), add: read('add.csv'), comments: read('sdn_comments.csv') }, { skipInvalid: true });
    if (!r.ok) throw new Error('OFAC import failed');
    screener = createScreener({ entities: r.value.entities });
  });
  const found = (term: string) => {
    const r = screenReference(screener, { search_term: term, client_ref: 'ofac', search_profile: 'default' });
    if (!r.ok) throw new Error(r.error.message);
    return r.value.hits.map((h) => [h.doc.name, h.match_details.map((d) => d.substring).join(' | ')]);
  };

  it.each([
    ['DONATION TO HAMAS REF 2231', ['HAMAS', 'HAMAS']],
    ['INV 77 HIZBALLAH', ['HIZBALLAH', 'HIZBALLAH']],
    ["PAYMENT AL QA'IDA 2024", ["AL QA'IDA", "AL QA'IDA"]],
    ['ISLAMIC REVOLUTIONARY GUARD CORPS SERVICES', ['ISLAMIC REVOLUTIONARY GUARD CORPS', 'ISLAMIC REVOLUTIONARY GUARD CORPS']],
  ])('%s', (term, [name, substring]) => {
    expect(found(term)).toContainEqual([name, substring]);
  });

  it.each(['INV 2231 PAYMENT FOR CONSULTING', 'SALARY MARCH 2024 EUR 1500.00', 'RENT APARTMENT 12B IBAN DE89370400440532013000', 'school fees term 2 Emily Clarke'])(
    'finds nothing in %s',
    (term) => {
      expect(found(term)).toEqual([]);
    },
  );
});
