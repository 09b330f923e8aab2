/**
 * Finding list names in the free text of a payment reference (issue 5; GUIDE.md section 1 per-word rules).
 *
 * 1. The reference is tokenised with offsets (tokens.ts) and each word is classed: noise (a stop word, or a
 *    word holding a digit: amounts, dates, invoice numbers, IBAN-like strings), a name particle, an initial, or
 *    an ordinary word that may anchor a match.
 * 2. Each anchoring word looks up the vocabulary words it matches (exact, one edit by the fuzziness table,
 *    phonetic, equivalents, digits) through the vocabulary's keys; glued and split forms are looked up too.
 * 3. Runs of two and three adjacent words, single words and acronyms are looked up in the n-gram index
 *    (ngram-index.ts): each hit is a candidate (a list name, read in list order or surname first, anchored at
 *    a reference word).
 * 4. Each candidate is verified by aligning the whole list name with consecutive reference words (align.ts):
 *    every core word must match (per-word types of word-match.ts, glued words, initials); affixes, particles,
 *    numbers and single letters are optional; a particle of the reference (not a stop word) may stand between
 *    two words of the name.
 * 5. Noise guard (docs/references.md, "Noise rules"): a name of two or more core words needs two of them
 *    matched by full words (a stop word of the name matched exactly may be the second); a name of one core word
 *    must be spelt as listed, a one-word person name is reported only when enabled, a person name of one core
 *    word and particles only with the particles, and a common word only with a second word of the name.
 */
import type { PlacedWord } from '../names/assign.js';
import { matchClassOf } from '../names/name-match.js';
import type { WordMatchType } from '../names/types.js';
import type { EntityIndex } from '../screening/entity-index.js';
import { scoreMatch } from '../names/score.js';
import { aloneEntry, initialKey, pairKey, ReferenceIndex, tripleKey, type NameOrder, type Reading } from './ngram-index.js';
import { MAX_REFERENCE_WORDS } from './tokens.js';
import { Aligner, LETTERS, MAX_GLUE, PairCache, type Alignment } from './align.js';
import type { Found, ReferenceMatchSettings, ReferenceToken } from './match-types.js';
import { NoiseGuard, wordsBesidesAffixes } from './noise-guard.js';
import { PairHits, type PairHit } from './pair-hits.js';
import { TypeMemo } from './type-memo.js';

export type { Found, Noise, ReferenceMatchSettings, ReferenceToken } from './match-types.js';

/** Particles and initials of the reference that may stand between a word and the next when looking up pairs. */
const MAX_PARTICLE_GAP = 2;
/**
 * Initials of a name read from a reference word need four letters: three-letter codes fill references, and nearly
 * every one spells some organisation's initials (an acronym the list publishes as an aka is a name of its own).
 */
const MIN_REFERENCE_ACRONYM = 4;
/** An acronym shared by more names than this is too ambiguous to report. */
const MAX_ACRONYM_NAMES = 20;
const SCORE_CACHE_LIMIT = 100_000;
const PAIR_CACHE_LIMIT = 100_000;

/**
 * Per screening index: the n-gram index, the candidate finder's vocabulary lookups and a cache of them (the
 * look-ups in word-lookup.ts, the noise guard in noise-guard.ts).
 */
export class ReferenceMatcher extends NoiseGuard {
  readonly ngrams: ReferenceIndex;
  /** Word pairs the n-gram index holds, by the runs of vocabulary ids of two reference words. */
  private readonly pairHits: PairHits;
  /** The per-word answers of the reference being verified (`PairCache`). */
  private readonly typeMemo = new TypeMemo();
  /**
   * Scores on an aka [0] and on a primary name [1] by signature (entry, placement, words), while the list (and
   * so every word's weight) stays the same.
   */
  private scores: [Map<string | number, number>, Map<string | number, number>] = [new Map(), new Map()];
  /** The list's slots and live entities when `pairHits` and `scores` were last checked against it. */
  private listSlots = -1;
  private listSize = -1;

  constructor(index: EntityIndex) {
    super(index);
    this.ngrams = new ReferenceIndex(index);
    this.pairHits = new PairHits(this.ngrams, PAIR_CACHE_LIMIT);
  }

  /**
   * Every list name occurring in the reference, before grouping by entity. A reference has at most
   * MAX_REFERENCE_WORDS words (290 characters hold at most 145); a longer text is refused.
   */
  find(text: string, settings: ReferenceMatchSettings): { tokens: ReferenceToken[]; found: Found[] } {
    this.ngrams.refresh();
    if (this.index.vocab.size !== this.cachedVocabSize) {
      // New list words: cached look-ups may miss them.
      this.cache = new Map();
      this.splitCache = new Map();
      this.idCache = new Map();
      this.idLists = new Map();
      this.cachedVocabSize = this.index.vocab.size;
      this.pairHits.clear();
    }
    this.followList();
    const tokens = this.tokens(text);
    this.lastTokens = tokens;
    const n = tokens.length;
    if (n > MAX_REFERENCE_WORDS) throw new RangeError(`a payment reference has at most ${MAX_REFERENCE_WORDS} words`);
    // Per anchoring word, the vocabulary words it matches under person rules, with the type.
    const known: (ReadonlyMap<number, WordMatchType> | undefined)[] = new Array(n);
    // Units: vocabulary ids each reference word (or run of glued words) stands for, by start token.
    const units: { to: number; ids: readonly number[] }[][] = tokens.map(() => []);
    for (let t = 0; t < n; t++) {
      const tok = tokens[t]!;
      if (tok.anchor) {
        const matches = this.lookup(tok.word, settings.minEditLength);
        units[t]!.push({ to: t + 1, ids: matches.ids });
        known[t] = matches.types;
      } else {
        const id = this.wordId(tok.text);
        if (id !== undefined) units[t]!.push({ to: t + 1, ids: this.idList(id) });
      }
      let glued = tok.text;
      for (let g = 2; g <= MAX_GLUE && t + g <= n; g++) {
        const next = tokens[t + g - 1]!;
        if (!LETTERS.test(next.text) || !LETTERS.test(tok.text)) break;
        glued += next.text;
        const id = this.wordId(glued);
        if (id !== undefined) units[t]!.push({ to: t + g, ids: this.idList(id) });
      }
    }
    const candidates = new Set<number>(); // entry * 256 + anchor token
    const add = (entries: readonly number[] | undefined, anchor: number): void => {
      if (entries === undefined) return;
      for (const e of entries) candidates.add(e * 256 + anchor);
    };
    /** Names of one core word under a word of a glued form, found whole: names of that word alone included. */
    const addSingles = (items: readonly number[] | undefined, anchor: number): void => {
      if (items === undefined) return;
      for (const item of items) candidates.add((item < 0 ? aloneEntry(item) : item) * 256 + anchor);
    };
    const isInitial = (p: number): boolean => p >= 0 && p < n && tokens[p]!.text.length === 1 && LETTERS.test(tokens[p]!.text);
    /** By position: the units starting there, or after at most MAX_PARTICLE_GAP particles or initials. */
    const after: { to: number; ids: readonly number[]; anchored: boolean }[][] = [];
    for (let end = 0; end <= n; end++) {
      const out: { to: number; ids: readonly number[]; anchored: boolean }[] = [];
      for (let p = end, gap = 0; p < n && gap <= MAX_PARTICLE_GAP; p++, gap++) {
        for (const u of units[p]!) out.push({ to: u.to, ids: u.ids, anchored: tokens[p]!.anchor || u.to - p > 1 });
        if (!tokens[p]!.word.particle && !isInitial(p)) break;
      }
      after.push(out);
    }
    const following = (end: number) => after[end]!;
    const ngrams = this.ngrams;
    /** Names beginning with a pair the index holds, and with a third word from the units after `end`. */
    const takePair = (hit: PairHit | undefined, end: number, anchor: number, afterInitial: boolean): void => {
      if (hit === undefined) return;
      if (afterInitial) add(hit.skips, anchor);
      if (hit.names === undefined) return;
      add(hit.names, anchor);
      if (!hit.prefix) return;
      for (const third of following(end)) for (const c of third.ids) add(ngrams.triples.get(tripleKey(hit.key, c)), anchor);
      // The third word of a person name written as an initial ("IVAN PETROVICH S").
      if (isInitial(end)) add(ngrams.thirdInitials.get(tripleKey(hit.key, initialKey(tokens[end]!.text))), anchor);
    };
    for (let t = 0; t < n; t++) {
      const afterInitial = isInitial(t - 1);
      for (const unit of units[t]!) {
        const anchored = tokens[t]!.anchor || unit.to - t > 1;
        if (anchored) {
          // The word's own look-up (a glued form is spelt as listed by construction).
          const spelling = unit.to === t + 1 ? { text: tokens[t]!.text, types: known[t]! } : undefined;
          add(this.pairHits.singles(unit.ids, false, spelling), t);
          if (settings.singleWordPersonNames) add(this.pairHits.singles(unit.ids, true), t);
        }
        for (const next of following(unit.to)) {
          if (!anchored && !next.anchored) continue;
          for (const hit of this.pairHits.of(unit.ids, next.ids, afterInitial)) takePair(hit, next.to, t, afterInitial);
        }
        // A middle initial ("MOHAMAD A HASSAN"): the first and third core words.
        if (anchored && isInitial(unit.to)) {
          for (const next of following(unit.to + 1)) for (const a of unit.ids) for (const b of next.ids) add(ngrams.middles.get(pairKey(a, b)), t);
        }
      }
      // One reference word written as two list words glued ("MOHAMADALI").
      const tok = tokens[t]!;
      if (tok.anchor && LETTERS.test(tok.text) && tok.text.length >= 5) {
        const split = this.splits(tok.text);
        for (let c = 0; c < split.length; c += 2) {
          const a = split[c]!;
          const b = split[c + 1]!;
          takePair(this.pairHits.probe(a, b, false), t + 1, t, false);
          addSingles(ngrams.singles[a], t);
          addSingles(ngrams.singles[b], t);
          if (settings.singleWordPersonNames) {
            add(ngrams.personSingles[a], t);
            add(ngrams.personSingles[b], t);
          }
        }
      }
    }

    const found: Found[] = [];
    const seen = new Set<number>();
    const pairs = new PairCache(tokens, known, settings.minEditLength, this.index, this.typeMemo);
    const aligner = new Aligner(tokens, pairs, this.index, this.words.stop);
    for (const c of candidates) {
      const entry = Math.floor(c / 256);
      const anchor = c % 256;
      const reading = this.ngrams.reading(entry);
      if (reading === undefined) continue;
      const a = this.verify(tokens, pairs, aligner, reading, anchor, settings);
      if (a === null) continue;
      // One key per group and span: the same name found from another anchor or reading is found once.
      const key = spanKey(entry, a.from, a.to);
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(foundOf(text, tokens, entry, reading, ReferenceIndex.rotated(entry), false, a));
    }
    this.acronymsFound(text, tokens, found, seen);
    return { tokens, found };
  }

  /** The best alignment of the name with consecutive reference words around the anchor, or null. */
  private verify(
    tokens: readonly ReferenceToken[],
    pairs: PairCache,
    aligner: Aligner,
    reading: Reading,
    anchor: number,
    settings: ReferenceMatchSettings,
  ): Alignment | null {
    const { order, wordIds, person } = reading;
    if (order.core === 1 && person && !settings.singleWordPersonNames && wordsBesidesAffixes(order) === 1) return null;
    const firstCore = order.kinds.indexOf('core');
    // Quick rejection: every core word must match some reference word near the anchor (glued forms aside).
    const lo = Math.max(0, anchor - firstCore - 2);
    const hi = Math.min(tokens.length, anchor + order.positions.length * MAX_GLUE + MAX_PARTICLE_GAP);
    // From the anchor onwards first, where the name's words usually are, then back from it.
    const near = (p: number, id: number): boolean => pairs.type(p, id, person) !== null || pairs.gluable(p, id);
    for (let k = 0; k < wordIds.length; k++) {
      if (order.kinds[k] !== 'core') continue;
      const id = wordIds[k]!;
      let found = false;
      for (let p = anchor; p < hi && !found; p++) found = near(p, id);
      for (let p = anchor - 1; p >= lo && !found; p--) found = near(p, id);
      if (!found) return null;
    }
    if (order.core === 1 && !this.maySupport(tokens.length, pairs, order, wordIds, person)) return null;
    let best: Alignment | null = null;
    // The name may start up to its optional leading words (and one initial) before the anchor.
    for (let start = anchor; start >= lo; start--) {
      if (!mayBegin(start, wordIds, order, pairs, person)) continue;
      const found = aligner.align(start, wordIds, order, person);
      if (found === null || found.to <= anchor) continue;
      if (best === null || found.quality > best.quality || (found.quality === best.quality && found.to - found.from > best.to - best.from)) best = found;
    }
    if (best === null) return null;
    return this.supported(best, order, wordIds, person, settings) ? best : null;
  }

  /** Reference words in capitals standing for the initials of an organisation name ("IRGC"). */
  private acronymsFound(text: string, tokens: readonly ReferenceToken[], out: Found[], seen: Set<number>): void {
    tokens.forEach((tok, t) => {
      if (!tok.anchor || !tok.upper || !LETTERS.test(tok.text) || tok.text.length < MIN_REFERENCE_ACRONYM) return;
      if (this.words.common.has(tok.text) || this.words.ordinary.has(tok.text)) return;
      const entries = this.ngrams.acronyms.get(tok.text);
      if (entries === undefined || entries.length > MAX_ACRONYM_NAMES) return;
      for (const entry of entries) {
        const reading = this.ngrams.reading(entry);
        if (reading === undefined) continue;
        const key = spanKey(entry, t, t + 1);
        if (seen.has(key)) continue;
        seen.add(key);
        const { order } = reading;
        const core = order.positions.filter((_, k) => order.kinds[k] === 'core');
        const placed: PlacedWord[] = [{ type: 'initial_to_word', list: core, acronym: true }];
        out.push(foundOf(text, tokens, entry, reading, false, true, { from: t, to: t + 1, placed, quality: 0, coreSupport: 1, affixes: 0, stopSupport: 0, hypocorism: false, exact: false }));
      }
    });
  }

  /** Forget the cached answers that a change of the list made stale. */
  private followList(): void {
    const slots = this.index.slotCount;
    const size = this.index.size;
    if (slots === this.listSlots && size === this.listSize) return;
    // New names: pairs that held nothing may hold them now (a removed entity is skipped when its bearers are read).
    if (slots !== this.listSlots) this.pairHits.clear();
    // Any change moves the words' weights, and the scores with them.
    this.scores = [new Map(), new Map()];
    this.listSlots = slots;
    this.listSize = size;
  }

  /** The score of a found name for a bearer: one of the bearer's names (0: its primary name). */
  score(f: Found, slot: number, name: number): number {
    const primary = name === 0 ? 1 : 0;
    const known = f.scores[primary];
    if (known !== undefined) return known;
    // The names of a group share words and roles, so the score depends only on the entry and the placement.
    this.followList();
    if (this.scores[0].size + this.scores[1].size >= SCORE_CACHE_LIMIT) this.scores = [new Map(), new Map()];
    if (f.signature === undefined) {
      let key = `${f.entry}`;
      for (let i = 0; i < f.placed.length; i++) key += ` ${f.words[i]!.text}:${f.placed[i]!.type}:${f.placed[i]!.list.join('.')}`;
      f.signature = key;
    }
    const scores = this.scores[primary]!;
    let score = scores.get(f.signature);
    if (score === undefined) {
      score = scoreMatch({
        queryWords: f.words,
        edgeAffix: f.placed.map(() => false),
        placed: f.placed,
        name: this.index.names(slot)[name]!,
        matchClass: f.matchClass,
        inOrder: !f.rotated,
        isPrimary: name === 0,
        birthYear: undefined,
        weight: this.index.weight,
      });
      scores.set(f.signature, score);
    }
    return (f.scores[primary] = score);
  }
}

/** A name group and a span of reference words, as one number (a reference has fewer than 256 words). */
function spanKey(entry: number, from: number, to: number): number {
  return (entry >>> 1) * 65536 + from * 256 + to;
}

function foundOf(text: string, tokens: readonly ReferenceToken[], entry: number, reading: Reading, rotated: boolean, acronym: boolean, a: Alignment): Found {
  const start = tokens[a.from]!.start;
  const end = tokens[a.to - 1]!.end;
  return {
    entry,
    reading,
    rotated,
    acronym,
    from: a.from,
    to: a.to,
    start,
    end,
    substring: text.slice(start, end),
    placed: a.placed,
    matchClass: matchClassOf(a.placed),
    hypocorism: a.hypocorism,
    words: tokens.slice(a.from, a.to).map((t) => t.word),
    scores: [undefined, undefined],
    signature: a.exact ? entry : undefined,
  };
}

/**
 * Whether reference word `p` may be the first word of a match: it matches (or is part of a glued form of) a word
 * of the name that only optional words precede.
 */
function mayBegin(p: number, wordIds: readonly number[], order: NameOrder, pairs: PairCache, person: boolean): boolean {
  for (let k = 0; k < wordIds.length; k++) {
    if (pairs.type(p, wordIds[k]!, person) !== null || pairs.gluable(p, wordIds[k]!)) return true;
    if (order.kinds[k] === 'core') return false;
  }
  return false;
}
