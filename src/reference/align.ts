/**
 * Aligning a list name with consecutive words of a payment reference (step 4 of match.ts): a dynamic programme
 * over (list word, reference word) that maximises placement quality. Every core word must be placed; affixes,
 * particles, numbers and single letters may be; reference words may be glued into one list word or one
 * reference word may hold several list words; a particle of the reference may stand between two words.
 *
 * A reference verifies dozens of candidate names, so the programme keeps its table in typed arrays reused
 * across candidates and builds objects only along the best path.
 */
import { PLACEMENT_QUALITY, type PlacedWord } from '../names/assign.js';
import type { PreparedWord } from '../names/prepare.js';
import type { WordMatchType } from '../names/types.js';
import { wordMatchType, type WordMatchContext } from '../names/word-match.js';
import type { EntityIndex } from '../screening/entity-index.js';
import type { NameOrder } from './ngram-index.js';
import type { ReferenceToken } from './match.js';
import type { TypeMemo } from './type-memo.js';

export const LETTERS = /^[a-z]+$/;
/** At most this many words glued into one. */
export const MAX_GLUE = 3;
const STRONG: ReadonlySet<WordMatchType> = new Set([
  'exact_match',
  'edit_distance',
  'phonetic',
  'equivalent_name',
  'removed_spaces',
  'digit_to_word',
  'word_to_digit',
]);

/** Types that spell a word as listed. */
export const SPELT: ReadonlySet<WordMatchType> = new Set(['exact_match', 'edit_distance', 'removed_spaces']);

/** Whether one of two words may be part of a glued form of the other: one holds the other, and they differ. */
export function gluable(a: string, b: string): boolean {
  return a.length !== b.length && (a.length > b.length ? a.includes(b) : b.includes(a));
}

/**
 * Placements of one reference word on one list word, by type and list position: made once and shared by every
 * alignment (a reference builds dozens), so never changed once made.
 */
const PLACED = new Map<WordMatchType, PlacedWord[]>();
const GAP_PLACED: PlacedWord = { type: 'name_variations_removal', list: [] };

function placedOn(type: WordMatchType, position: number): PlacedWord {
  let byPosition = PLACED.get(type);
  if (byPosition === undefined) PLACED.set(type, (byPosition = []));
  return (byPosition[position] ??= { type, list: [position] });
}

/** Per-word types that the person-only rules (nicknames, initials) cannot change (wordMatchType's order). */
export const SAME_UNDER_BOTH_RULES: ReadonlySet<WordMatchType> = new Set(['exact_match', 'edit_distance', 'phonetic']);

export interface Alignment {
  from: number;
  to: number;
  /** One placement per reference word from `from` to `to`. */
  placed: PlacedWord[];
  quality: number;
  /** Core list words matched strongly by full reference words. */
  coreSupport: number;
  /** Optional words of the list name (affixes, particles, numbers) present in the reference, stop words aside. */
  affixes: number;
  /** Core words of the list name that are stop words, matched exactly. */
  stopSupport: number;
  hypocorism: boolean;
  /** Every word of the name spelt exactly, one reference word each, in reading order (`Aligner.exact`). */
  exact: boolean;
}

/**
 * Per-reference memo of how reference words match list words: each (reference word, vocabulary word, person
 * rules) pair is compared once, however many candidate names share the word.
 */
export class PairCache {
  private readonly person: WordMatchContext;
  private readonly other: WordMatchContext;

  /**
   * `known`: for each reference word looked up in the vocabulary, the vocabulary words it matches under person
   * rules with their types (`CandidateFinder.vocabularyTypes`, which finds every word the per-word rules
   * match); a word outside it matches under neither rules. `memo` is emptied and holds the answers.
   */
  constructor(
    readonly tokens: readonly ReferenceToken[],
    private readonly known: readonly (ReadonlyMap<number, WordMatchType> | undefined)[],
    minEditLength: number | null,
    readonly index: EntityIndex,
    private readonly memo: TypeMemo,
  ) {
    this.person = { tables: index.tables, minEditLength, nicknames: true, initials: true };
    this.other = { tables: index.tables, minEditLength, nicknames: false, initials: false };
    memo.reset();
  }

  /** How reference word `p` matches vocabulary word `id`: noise words only exactly (or digit and number word). */
  type(p: number, id: number, person: boolean): WordMatchType | null {
    const memo = this.memo.get(id, p, person);
    if (memo !== undefined) return memo;
    const type = this.compare(p, id, person);
    this.memo.set(id, p, person, type);
    return type;
  }

  private compare(p: number, id: number, person: boolean): WordMatchType | null {
    const matches = this.known[p];
    if (matches !== undefined) {
      const personType = matches.get(id);
      if (personType === undefined) return null;
      // The types found before nicknames and initials are looked at are the same under either rules.
      if (person || SAME_UNDER_BOTH_RULES.has(personType)) return personType;
    }
    const tok = this.tokens[p]!;
    const word = this.index.vocab.words[id]!;
    return tok.noise === 'stop_word' ? (tok.text === word.text ? 'exact_match' : null) : wordMatchType(tok.word, word, person ? this.person : this.other);
  }

  /** Reference word `p` may be part of a glued form of vocabulary word `id` (one holds the other). */
  gluable(p: number, id: number): boolean {
    return gluable(this.tokens[p]!.text, this.index.vocab.words[id]!.text);
  }

  isNickname(p: number, id: number): boolean {
    const ga = this.index.tables.nicknames.get(this.tokens[p]!.text);
    const gb = this.index.tables.nicknames.get(this.index.vocab.words[id]!.text);
    return ga !== undefined && gb !== undefined && ga.some((g) => gb.includes(g));
  }
}

/** Moves of the programme: the move's kind times 4, plus the number of words it glues. */
const SKIP = 1 * 4;
const PLACE = 2 * 4;
/** Reference words p..p+g-1 glued into list word k ("AL QAIDA" ~ "ALQAIDA"). */
const GLUED_REFERENCE = 3 * 4;
/** Reference word p holding list words k..k+g-1 ("MOHAMADALI" ~ "MOHAMAD ALI"). */
const GLUED_LIST = 4 * 4;
/**
 * A particle of the reference between two words of the name ("OSAMA BIN LADEN" for "OSAMA LADEN"); not a stop word
 * of references ("AND", "FOR", "OF"), which joins two names rather than standing inside one.
 */
const GAP = 5 * 4;

/**
 * Aligns candidate names with the words of one reference. Not reentrant: one per reference, used by one caller
 * at a time.
 */
export class Aligner {
  private quality = new Float64Array(64);
  private move = new Uint8Array(64);
  // The name being aligned.
  private wordIds: readonly number[] = [];
  private order!: NameOrder;
  private person = false;
  private start = 0;
  private width = 0;
  private readonly vocab: readonly PreparedWord[];
  /** 1 for each reference word written in letters only (the words that glue). */
  private readonly letters: Uint8Array;

  constructor(
    private readonly tokens: readonly ReferenceToken[],
    private readonly pairs: PairCache,
    index: EntityIndex,
    private readonly stop: ReadonlySet<string>,
  ) {
    this.vocab = index.vocab.words;
    this.letters = Uint8Array.from(tokens, (t) => (LETTERS.test(t.text) ? 1 : 0));
  }

  /**
   * Align every word of the name (in reading order) with reference words from `start`. Null when a core word
   * cannot be placed or the match does not begin at `start`.
   */
  align(start: number, wordIds: readonly number[], order: NameOrder, person: boolean): Alignment | null {
    const exact = this.exact(start, wordIds, order, person);
    if (exact !== null) return exact;
    const n = this.tokens.length;
    const m = wordIds.length;
    this.wordIds = wordIds;
    this.order = order;
    this.person = person;
    this.start = start;
    this.width = n + 1;
    const cells = (m + 1) * this.width;
    if (this.quality.length < cells) {
      this.quality = new Float64Array(cells * 2);
      this.move = new Uint8Array(cells * 2);
    }
    this.quality.fill(NaN, 0, cells);
    const top = this.best(0, start);
    if (top === -Infinity) return null;
    const a: Alignment = { from: start, to: start, placed: [], quality: top, coreSupport: 0, affixes: 0, stopSupport: 0, hypocorism: false, exact: false };
    let first = -1;
    let k = 0;
    let p = start;
    while (k < m) {
      const next = this.follow(k, p, this.move[k * this.width + p]!, a);
      const nextP = next & 255;
      if (nextP > p) {
        if (first < 0) first = p;
        a.to = nextP;
      }
      k = next >>> 8;
      p = nextP;
    }
    return first === start ? a : null;
  }

  /**
   * The fast path: every word of the name, optional ones included, spelt exactly by the reference words from
   * `start`, one to one. No other alignment scores higher, so the programme is not needed.
   */
  private exact(start: number, wordIds: readonly number[], order: NameOrder, person: boolean): Alignment | null {
    const tokens = this.tokens;
    const m = wordIds.length;
    if (start + m > tokens.length) return null;
    for (let k = 0; k < m; k++) if (this.pairs.type(start + k, wordIds[k]!, person) !== 'exact_match') return null;
    const placed: PlacedWord[] = [];
    let coreSupport = 0;
    let affixes = 0;
    let stopSupport = 0;
    let quality = 0;
    for (let k = 0; k < m; k++) {
      const tok = tokens[start + k]!;
      const kind = order.kinds[k]!;
      placed.push(placedOn('exact_match', order.positions[k]!));
      quality += PLACEMENT_QUALITY.exact_match + (kind === 'core' ? 0 : 1);
      if (kind === 'core') {
        if (tok.noise === undefined && tok.text.length >= 2) coreSupport++;
        else if (tok.noise === 'stop_word') stopSupport++;
      } else if (kind !== 'initial' && tok.noise !== 'stop_word' && !this.stop.has(this.vocab[wordIds[k]!]!.text)) affixes++;
    }
    return { from: start, to: start + m, placed, quality, coreSupport, affixes, stopSupport, hypocorism: false, exact: true };
  }

  /** Best quality of placing list words from `k` on with reference words from `p` on (-Infinity: impossible). */
  private best(k: number, p: number): number {
    const m = this.wordIds.length;
    if (k === m) return 0;
    const cell = k * this.width + p;
    const known = this.quality[cell]!;
    if (!Number.isNaN(known)) return known;
    let result = -Infinity;
    let chosen = 0;
    const tokens = this.tokens;
    const n = tokens.length;
    const kind = this.order.kinds[k]!;
    const core = kind === 'core';
    const id = this.wordIds[k]!;
    if (!core) {
      const q = this.through(0, k + 1, p);
      if (q > result) {
        result = q;
        chosen = SKIP;
      }
    }
    if (p < n) {
      const tok = tokens[p]!;
      const type = this.pairs.type(p, id, this.person);
      if (type !== null) {
        const q = this.through(PLACEMENT_QUALITY[type] + (core ? 0 : 1), k + 1, p + 1);
        if (q > result) {
          result = q;
          chosen = PLACE + 1;
        }
      }
      const text = this.vocab[id]!.text;
      // Glued either way, the shorter of the two words begins the longer.
      if (this.letters[p] === 1 && (text.length > tok.text.length ? text.startsWith(tok.text) : text.length < tok.text.length && tok.text.startsWith(text))) {
        let glued = tok.text;
        for (let g = 2; g <= MAX_GLUE && p + g <= n; g++) {
          const next = tokens[p + g - 1]!;
          if (this.letters[p + g - 1] !== 1) break;
          glued += next.text;
          if (glued.length > text.length) break;
          if (glued === text) {
            const q = this.through(PLACEMENT_QUALITY.removed_spaces * g, k + 1, p + g);
            if (q > result) {
              result = q;
              chosen = GLUED_REFERENCE + g;
            }
          }
        }
        let joined = text;
        for (let g = 2; g <= MAX_GLUE && k + g <= m; g++) {
          joined += this.vocab[this.wordIds[k + g - 1]!]!.text;
          if (joined.length > tok.text.length) break;
          if (joined === tok.text) {
            const q = this.through(PLACEMENT_QUALITY.removed_spaces * g, k + g, p + 1);
            if (q > result) {
              result = q;
              chosen = GLUED_LIST + g;
            }
          }
        }
      }
      if (core && k > 0 && tok.word.particle && tok.noise === undefined && p > this.start) {
        const q = this.through(0, k, p + 1);
        if (q > result) {
          result = q;
          chosen = GAP;
        }
      }
    }
    this.quality[cell] = result;
    this.move[cell] = chosen;
    return result;
  }

  /** The quality of a move plus the best from where it leads (-Infinity when nothing can follow). */
  private through(quality: number, k: number, p: number): number {
    const rest = this.best(k, p);
    return rest === -Infinity ? -Infinity : quality + rest;
  }

  /**
   * Follow the move chosen at (k, p): add its placements and support to `a`, and return where it leads as
   * k × 256 + p (a reference has fewer than 256 words).
   */
  private follow(k: number, p: number, move: number, a: Alignment): number {
    const kind = this.order.kinds[k]!;
    const core = kind === 'core';
    const pos = this.order.positions[k]!;
    const id = this.wordIds[k]!;
    const g = move & 3;
    switch (move - g) {
      case SKIP:
        return (k + 1) * 256 + p;
      case GAP:
        a.placed.push(GAP_PLACED);
        return k * 256 + p + 1;
      case GLUED_REFERENCE:
        for (let j = 0; j < g; j++) a.placed.push(placedOn('removed_spaces', pos));
        if (core) a.coreSupport++;
        else if (kind !== 'initial' && !this.stop.has(this.vocab[id]!.text)) a.affixes++;
        return (k + 1) * 256 + p + g;
      case GLUED_LIST: {
        const list: number[] = [];
        for (let j = k; j < k + g; j++) {
          list.push(this.order.positions[j]!);
          const jKind = this.order.kinds[j];
          if (jKind === 'core') a.coreSupport++;
          else if (jKind !== 'initial' && !this.stop.has(this.vocab[this.wordIds[j]!]!.text)) a.affixes++;
        }
        a.placed.push({ type: 'removed_spaces', list });
        return (k + g) * 256 + p + 1;
      }
      default: {
        const tok = this.tokens[p]!;
        const type = this.pairs.type(p, id, this.person)!;
        a.placed.push(placedOn(type, pos));
        if (core) {
          if (STRONG.has(type) && tok.noise === undefined && tok.text.length >= 2) a.coreSupport++;
          if (type === 'exact_match' && tok.noise === 'stop_word') a.stopSupport++;
        } else if (kind !== 'initial' && (type === 'exact_match' || type === 'digit_to_word' || type === 'word_to_digit') && tok.noise !== 'stop_word') {
          // A matched optional word (affix, particle, number) supports a name made of one common word ("GRACE 1").
          a.affixes++;
        }
        if (type === 'equivalent_name' && this.person && this.pairs.isNickname(p, id)) a.hypocorism = true;
        return (k + 1) * 256 + p + 1;
      }
    }
  }
}
