/**
 * The text of an uncompressed pdfkit PDF, read as a PDF reader extracts it: each glyph string of the content
 * streams decoded through the ToUnicode map of the font in use. Runs are joined
 * without separators; Arabic words come in visual order (as drawn).
 */
export function pdfText(pdf: string): string {
  const objects = new Map<string, string>();
  for (const m of pdf.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) objects.set(m[1] as string, m[2] as string);
  const unicodeOf = new Map<string, string[]>();
  for (const [id, body] of objects) {
    const ref = /\/ToUnicode (\d+) 0 R/.exec(body);
    if (!ref) continue;
    const map: string[] = [];
    for (const range of (objects.get(ref[1] as string) ?? '').matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/gi)) {
      let at = parseInt(range[1] as string, 16);
      for (const entry of (range[2] as string).matchAll(/<([0-9a-f ]+)>/gi)) {
        map[at++] = String.fromCharCode(...(entry[1] as string).split(' ').map((h) => parseInt(h, 16)));
      }
    }
    unicodeOf.set(id, map);
  }
  const fontObject = new Map<string, string>();
  for (const m of pdf.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontObject.set(m[1] as string, m[2] as string);
  let out = '';
  let map: string[] = [];
  for (const m of pdf.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\] TJ/g)) {
    if (m[1] !== undefined) map = unicodeOf.get(fontObject.get(m[1]) ?? '') ?? [];
    else if (m[2] !== undefined) {
      for (const s of m[2].matchAll(/<([0-9a-f]+)>/gi)) {
        const hex = s[1] as string;
        for (let i = 0; i + 3 < hex.length; i += 4) out += map[parseInt(hex.slice(i, i + 4), 16)] ?? '\ufffd';
      }
    }
  }
  return out;
}
