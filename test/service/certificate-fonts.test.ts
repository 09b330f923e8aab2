/**
 * The certificate sets Arabic, Cyrillic, CJK and Hangul names in fonts that cover them: each script's face is
 * embedded (as a subset) and its text maps back to the same characters (ToUnicode), so it reads and extracts.
 */
import { describe, expect, it } from 'vitest';
import { faceOf, runs } from '../../src/service/certificate-fonts.js';
import { renderCertificate } from '../../src/service/certificate.js';
import type { SearchRecord } from '../../src/service/types.js';
import { pdfText } from './pdf-text.js';

const TERMS = { cyrillic: 'Владимир Путин', cjk: '习近平', hangul: '김정은', arabic: 'محمود ناصر', latin: 'Jean Dupré' };

const search = {
  id: 1,
  ref: 'r-1',
  search_term: Object.values(TERMS).join(' '),
  submitted_term: Object.values(TERMS).join(' '),
  client_ref: null,
  searcher_id: 1,
  assignee_id: null,
  search_profile: null,
  filters: { exact_match: false, fuzziness: 0.5 },
  match_status: 'no_match',
  risk_level: 'unknown',
  is_monitored: false,
  is_suspended: false,
  tags: {},
  total_hits: 0,
  total_matches: 0,
  total_blacklist_hits: 0,
  created_at: '2026-01-02 03:04:05',
  updated_at: '2026-01-02 03:04:05',
} as unknown as SearchRecord;

describe('certificate fonts', () => {
  it.each([
    ['Ж', 'text'],
    ['é', 'text'],
    ['م', 'arabic'],
    ['习', 'cjk'],
    ['の', 'cjk'],
    ['김', 'hangul'],
  ])('%s is set in the %s face', (ch, face) => {
    expect(faceOf(ch.codePointAt(0) as number)).toBe(face);
  });

  it('cuts mixed text into runs; Arabic words come right to left, spaces between them in the text face', () => {
    expect(runs('Ali علي 李')).toEqual([
      { face: 'text', text: 'Ali ' },
      { face: 'arabic', text: 'علي' },
      { face: 'text', text: ' ' },
      { face: 'cjk', text: '李' },
    ]);
    expect(runs('محمود بن ناصر (1)')).toEqual([
      { face: 'arabic', text: '(1)' },
      { face: 'text', text: ' ' },
      { face: 'arabic', text: 'ناصر' },
      { face: 'text', text: ' ' },
      { face: 'arabic', text: 'بن' },
      { face: 'text', text: ' ' },
      { face: 'arabic', text: 'محمود' },
    ]);
  });

  it('embeds a face per script, and the terms read back from the glyphs drawn', async () => {
    const pdf = (await renderCertificate({ search, searcher: null, assignee: null, hits: [], blacklistHits: [], issuedAt: new Date(0), issuedAtText: 'now' }, { compress: false })).toString('latin1');
    const fonts = [...pdf.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1]);
    expect(new Set(fonts)).toEqual(new Set(['NotoSans-Bold', 'NotoSans-Regular', 'NotoNaskhArabic', 'NotoSansHans-Regular', 'NotoSansKR-Regular']));
    expect(pdf).not.toMatch(/\/BaseFont \/Helvetica/);
    const text = pdfText(pdf);
    for (const term of [TERMS.cyrillic, TERMS.cjk, TERMS.hangul, TERMS.latin]) expect(text).toContain(term);
    // Arabic is drawn right to left: read in drawing order, the last word comes first, each word's letters reversed.
    const drawn = TERMS.arabic.split(' ').reverse().map((w) => [...w].reverse().join('')).join(' ');
    expect(text).toContain(drawn);
  });
});
