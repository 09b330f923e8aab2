/**
 * The search certificate (GET /searches/{id}/certificate): a PDF saying who searched what, when, with which
 * filters, and the hits with their statuses. Produced with pdfkit; names in Arabic, Cyrillic, CJK and Hangul are
 * set in fonts that cover them (certificate-fonts.ts).
 */
import { loadPeer } from '../peer.js';
import { certificateFonts, runs, type Face } from './certificate-fonts.js';
import type { HitRecord, SearchRecord, UserRecord } from './types.js';

export interface CertificateInput {
  search: SearchRecord;
  searcher: UserRecord | null;
  assignee: UserRecord | null;
  hits: HitRecord[];
  blacklistHits: HitRecord[];
  /** Time of issue (from the service clock); also the PDF creation date. */
  issuedAt: Date;
  issuedAtText: string;
}

export interface CertificateOptions {
  /** Compress content streams (default true). Tests turn it off to read the text. */
  compress?: boolean;
}

function userText(u: UserRecord | null, id: number | null): string {
  if (id === null) return 'none';
  return u ? `${u.name} <${u.email}> (user ${u.id})` : `user ${id}`;
}

export async function renderCertificate(input: CertificateInput, options: CertificateOptions = {}): Promise<Buffer> {
  // Loaded on first use: importing the service does not pay for pdfkit's font tables.
  const { default: PDFDocument } = await loadPeer('pdfkit', 'Rendering certificates', () => import('pdfkit'));
  const { search: s } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: {
      Title: `Search certificate ${s.ref}`,
      Subject: `Screening search "${s.search_term}"`,
      Author: input.searcher?.name ?? `user ${s.searcher_id}`,
      Keywords: s.search_term,
      CreationDate: input.issuedAt,
      ModDate: input.issuedAt,
    },
  });
  const fonts = await certificateFonts();
  const registered = new Set<string>();
  const fontName = (face: Face, bold: boolean): string => {
    const data = fonts.get(face, bold) ?? (face === 'text' ? null : fonts.get('text', bold));
    if (!data) return bold ? 'Helvetica-Bold' : 'Helvetica';
    const name = `${face}-${bold ? 'bold' : 'regular'}`;
    if (!registered.has(name)) doc.registerFont(name, data);
    registered.add(name);
    return name;
  };
  /** Writes `text` in runs of the faces that cover it. */
  const write = (text: string, o: { bold?: boolean; continued?: boolean } = {}) => {
    const parts = runs(text);
    if (parts.length === 0) {
      doc.font(fontName('text', o.bold === true)).text(' ', { continued: o.continued === true });
      return;
    }
    parts.forEach((p, i) => {
      doc.font(fontName(p.face, o.bold === true)).text(p.text, { continued: i < parts.length - 1 || o.continued === true });
    });
  };
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.fontSize(18);
  write('Screening search certificate');
  doc.moveDown(0.5).fontSize(10);
  const line = (label: string, value: string) => {
    write(`${label}: `, { bold: true, continued: true });
    write(value);
  };
  line('Search', `${s.id} (ref ${s.ref})`);
  line('Search term', s.search_term);
  line('Submitted term', s.submitted_term);
  line('Client reference', s.client_ref ?? 'none');
  line('Searched by', userText(input.searcher, s.searcher_id));
  line('Searched at (UTC)', s.created_at);
  line('Last updated (UTC)', s.updated_at);
  line('Assignee', userText(input.assignee, s.assignee_id));
  line('Search profile', s.search_profile ? `${s.search_profile.name} (${s.search_profile.slug})` : 'none');
  line('Filters', JSON.stringify(s.filters));
  line('Match status', s.match_status);
  line('Risk level', s.risk_level);
  line('Monitored', s.is_monitored ? (s.is_suspended ? 'yes (suspended)' : 'yes') : 'no');
  const tags = Object.entries(s.tags).map(([k, v]) => `${k}: ${v}`);
  line('Tags', tags.length > 0 ? tags.join(', ') : 'none');
  line('Total hits', `${s.total_hits} (matches ${s.total_matches}, internal-list hits ${s.total_blacklist_hits})`);

  const hitSection = (title: string, hits: HitRecord[]) => {
    doc.moveDown(1).fontSize(12);
    write(`${title} (${hits.length})`, { bold: true });
    doc.fontSize(9);
    if (hits.length === 0) {
      write('none');
      return;
    }
    hits.forEach((h, i) => {
      const d = h.hit.doc;
      doc.moveDown(0.3);
      write(`${i + 1}. ${d.name}`, { bold: true, continued: true });
      write(`  [${d.entity_type}, id ${d.id}]`);
      const akas = (d.aka ?? []).map((a) => a.name).filter((n) => n !== d.name);
      if (akas.length > 0) write(`also known as ${akas.join('; ')}`);
      write(
        `match status ${h.hit.match_status}; risk level ${h.hit.risk_level}; whitelisted ${h.hit.is_whitelisted === true ? 'yes' : 'no'}; ` +
          `match types ${h.hit.match_types.join(', ')}; score ${h.hit.score}`,
      );
      write(`types ${d.types.join(', ') || 'none'}; sources ${d.sources.join(', ') || 'none'}`);
    });
  };
  hitSection('Hits', input.hits);
  if (input.blacklistHits.length > 0) hitSection('Internal-list hits', input.blacklistHits);

  doc.moveDown(1).fontSize(8);
  write(`Issued ${input.issuedAtText} UTC by tamis.`);
  doc.end();
  return done;
}
