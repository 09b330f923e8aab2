/**
 * The certificate's fonts: Noto faces that cover the scripts of screening lists, from the optional
 * `@embedpdf/fonts-*` packages (OFL-1.1), read on first use. Text is cut into runs by script and each run is set in
 * the face that covers it: Latin, Cyrillic and Greek in Noto Sans; Arabic in Noto Naskh Arabic; CJK ideographs and
 * kana in Noto Sans SC; Hangul in Noto Sans KR. A face whose package is not installed falls back to Helvetica
 * (whose glyphs stop at Latin-1). See docs/server.md, "Certificates".
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type Face = 'text' | 'arabic' | 'cjk' | 'hangul';

interface FaceFiles {
  pkg: string;
  regular: string;
  bold?: string;
}

const FILES: Record<Face, FaceFiles> = {
  text: { pkg: '@embedpdf/fonts-latin', regular: 'fonts/NotoSans-Regular.ttf', bold: 'fonts/NotoSans-Bold.ttf' },
  arabic: { pkg: '@embedpdf/fonts-arabic', regular: 'fonts/NotoNaskhArabic-Regular.ttf', bold: 'fonts/NotoNaskhArabic-Bold.ttf' },
  cjk: { pkg: '@embedpdf/fonts-sc', regular: 'fonts/NotoSansHans-Regular.otf' },
  hangul: { pkg: '@embedpdf/fonts-kr', regular: 'fonts/NotoSansKR-Regular.otf' },
};

/** Code point ranges of the faces other than `text` (inclusive). */
const RANGES: [number, number, Face][] = [
  [0x0600, 0x06ff, 'arabic'],
  [0x0750, 0x077f, 'arabic'],
  [0x08a0, 0x08ff, 'arabic'],
  [0xfb50, 0xfdff, 'arabic'],
  [0xfe70, 0xfeff, 'arabic'],
  [0x1100, 0x11ff, 'hangul'],
  [0x3130, 0x318f, 'hangul'],
  [0xa960, 0xa97f, 'hangul'],
  [0xac00, 0xd7ff, 'hangul'],
  [0x2e80, 0x2fdf, 'cjk'],
  [0x3000, 0x30ff, 'cjk'],
  [0x3190, 0x31ff, 'cjk'],
  [0x3400, 0x4dbf, 'cjk'],
  [0x4e00, 0x9fff, 'cjk'],
  [0xf900, 0xfaff, 'cjk'],
  [0xff00, 0xffef, 'cjk'],
  [0x20000, 0x2fa1f, 'cjk'],
];

export function faceOf(codePoint: number): Face {
  for (const [from, to, face] of RANGES) if (codePoint >= from && codePoint <= to) return face;
  return 'text';
}

/**
 * The text cut into runs of one face; spaces and punctuation stay with the run they are in. A run of Arabic words
 * is laid out right to left: its words come in reverse order, each shaped by the font, spaces between them in the
 * text face (a plain bidi for runs of one direction; mixed-direction runs inside a word are not reordered).
 */
export function runs(text: string): { face: Face; text: string }[] {
  const cut: { face: Face; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    const neutral = /[\s\p{P}\p{M}\d]/u.test(ch);
    const last = cut[cut.length - 1];
    const face = neutral && last ? last.face : faceOf(cp);
    if (last && last.face === face) last.text += ch;
    else cut.push({ face, text: ch });
  }
  const out: { face: Face; text: string }[] = [];
  const push = (face: Face, t: string) => {
    if (t === '') return;
    const last = out[out.length - 1];
    if (last && last.face === face) last.text += t;
    else out.push({ face, text: t });
  };
  for (const r of cut) {
    if (r.face !== 'arabic') {
      push(r.face, r.text);
      continue;
    }
    const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(r.text) as RegExpExecArray;
    push('text', m[1] as string);
    for (const token of (m[2] as string).split(/(\s+)/).reverse()) push(/^\s+$/.test(token) ? 'text' : 'arabic', token);
    push('text', m[3] as string);
  }
  return out;
}

/** Font data per face and weight (null: the package is not installed). */
export interface CertificateFonts {
  get(face: Face, bold: boolean): Buffer | null;
}

let loaded: Promise<CertificateFonts> | null = null;

async function readFace(require: NodeJS.Require, files: FaceFiles): Promise<{ regular: Buffer; bold: Buffer | null } | null> {
  let root: string;
  try {
    root = join(dirname(require.resolve(files.pkg)), '..');
  } catch {
    return null;
  }
  const regular = await readFile(join(root, files.regular));
  const bold = files.bold ? await readFile(join(root, files.bold)) : null;
  return { regular, bold };
}

/** Reads the installed faces once (the first certificate pays for it; about 15 MB for the four faces). */
export function certificateFonts(): Promise<CertificateFonts> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const faces = new Map<Face, { regular: Buffer; bold: Buffer | null }>();
    for (const face of Object.keys(FILES) as Face[]) {
      const f = await readFace(require, FILES[face]);
      if (f) faces.set(face, f);
    }
    return {
      get(face, bold) {
        const f = faces.get(face);
        return f ? (bold ? (f.bold ?? f.regular) : f.regular) : null;
      },
    };
  })();
  return loaded;
}
