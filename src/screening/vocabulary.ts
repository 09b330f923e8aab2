/**
 * The vocabulary of a screening index: every distinct folded word once, prepared once, with the keys that
 * find it from a query word without scanning: one-deletion neighbours (one edit), Double Metaphone codes,
 * consonant skeletons (abjad scripts), and the words' first letters for initials.
 */
import type { TokenScript } from '../names/normalize.js';
import { prepareWord, type PreparedWord } from '../names/prepare.js';
import type { WordTables } from '../names/tables.js';

/** The word and every form of it with one letter deleted (symmetric-deletion keys for one edit). */
export function deletionKeys(word: string): string[] {
  const keys = [word];
  for (let i = 0; i < word.length; i++) {
    const key = word.slice(0, i) + word.slice(i + 1);
    if (!keys.includes(key)) keys.push(key);
  }
  return keys;
}

const NONE: readonly number[] = [];

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [id]);
  else if (list[list.length - 1] !== id) list.push(id);
}

export class Vocabulary {
  readonly words: PreparedWord[] = [];
  /** Word key (its text, plus its native form for Han, Hangul and Kana words) → id. */
  private readonly ids = new Map<string, number>();
  /** Folded text → ids of every word with it. */
  private readonly byText = new Map<string, number[]>();
  /** One-deletion keys → word ids (words of 3+ characters). */
  readonly deletions = new Map<string, number[]>();
  /** Double Metaphone code → word ids. */
  readonly phonetic = new Map<string, number[]>();
  /** Consonant skeleton → ids of words written in an abjad script. */
  readonly abjadSkeletons = new Map<string, number[]>();
  /** Consonant skeleton → ids of every word, built on the first query written in an abjad script. */
  private allSkeletons: Map<string, number[]> | undefined;
  /** Some word is written in Han, Hangul or Kana (found by its text through `withText` only, not `id`). */
  hasNative = false;

  constructor(private readonly tables: WordTables) {}

  get size(): number {
    return this.words.length;
  }

  /** The id of a word written in a Latin-based script (or any, when no native form is given). */
  id(text: string): number | undefined {
    return this.ids.get(text);
  }

  /** Every word with this folded text: the Latin one and those written in Han, Hangul or Kana. */
  withText(text: string): readonly number[] {
    return this.byText.get(text) ?? NONE;
  }

  /** The id of a word, adding it (prepared) when new. */
  intern(text: string, script: TokenScript, native?: string): number {
    const key = native === undefined ? text : `${text}\u0000${native}`;
    const known = this.ids.get(key);
    if (known !== undefined) {
      // A word seen in Latin and in an abjad script is compared by skeleton too.
      if (script === 'abjad' && this.words[known]!.script !== 'abjad') this.addAbjad(known, this.words[known]!.skeleton);
      return known;
    }
    return this.add(prepareWord(text, script, this.tables, native));
  }

  /** Add an already prepared word (used when restoring a snapshot). */
  add(word: PreparedWord): number {
    const id = this.words.length;
    // Built field by field: an object spread here gave each word a hidden class of its own (V8), which made every
    // read of a vocabulary word a megamorphic look-up.
    this.words.push({
      text: word.text,
      script: word.script,
      phonetic: word.phonetic,
      skeleton: word.skeleton,
      isNumber: word.isNumber,
      particle: word.particle,
      id,
      native: word.native,
    });
    this.ids.set(word.native === undefined ? word.text : `${word.text}\u0000${word.native}`, id);
    if (word.native !== undefined) this.hasNative = true;
    push(this.byText, word.text, id);
    if (word.text.length >= 3 && !word.isNumber) for (const key of deletionKeys(word.text)) push(this.deletions, key, id);
    const [p, s] = word.phonetic;
    if (p !== '') push(this.phonetic, p, id);
    if (s !== '' && s !== p) push(this.phonetic, s, id);
    if (this.allSkeletons !== undefined) addSkeleton(this.allSkeletons, id, word.skeleton);
    if (word.script === 'abjad') this.addAbjad(id, word.skeleton);
    return id;
  }

  /** Skeleton keys (one-deletion keys for skeletons of 3+ letters) → ids of every word. */
  skeletons(): ReadonlyMap<string, number[]> {
    if (this.allSkeletons === undefined) {
      this.allSkeletons = new Map();
      this.words.forEach((w, id) => addSkeleton(this.allSkeletons!, id, w.skeleton));
    }
    return this.allSkeletons;
  }

  private addAbjad(id: number, skeleton: string): void {
    addSkeleton(this.abjadSkeletons, id, skeleton);
  }
}

export function skeletonKeys(skeleton: string): string[] {
  if (skeleton === '') return [];
  return skeleton.length >= 3 ? deletionKeys(skeleton) : [skeleton];
}

function addSkeleton(map: Map<string, number[]>, id: number, skeleton: string): void {
  for (const key of skeletonKeys(skeleton)) push(map, key, id);
}
