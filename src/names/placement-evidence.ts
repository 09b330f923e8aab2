/** The evidence of a placement of query words on a list name (evidence.ts), and a bound checked before the search. */
import type { AffixRole } from './affixes.js';
import { coreRangeInto, MAX_ACRONYM, MIN_ACRONYM, placement, type AssignContext, type Assignment, type Option, type PlacedWord, type Span } from './placement.js';
import {
  INITIAL_MASS,
  LIST_LEFT,
  SHORT_GLUE_LENGTH,
  SHORT_GLUE_SIMILARITY,
  SIMILARITY,
  SKELETON_SIMILARITY,
  editSimilarity,
  evidenceOf,
} from './evidence.js';
import type { PreparedWord } from './prepare.js';
import type { WordMatchType } from './types.js';

/**
 * Whether some placement could make a hit: one option anchors, and the objective can reach 0 (the threshold) with
 * each query word at its best option (a word that a glued option of an earlier word may cover counts at least 0).
 * Most list names a query is compared with fail this, and skip the search.
 */
export function mayPass(options: readonly (readonly Option[])[], ctx: AssignContext, n = options.length): boolean {
  let anchor = false;
  let bound = 0;
  let coveredTo = 0;
  for (let i = 0; i < n; i++) {
    let best = -Infinity;
    let reach = i + 1;
    for (const o of options[i]!) {
      if (o.anchor) anchor = true;
      if (o.value > best) best = o.value;
      reach = Math.max(reach, i + o.queryCount);
    }
    bound += i < coveredTo ? Math.max(0, best) : best;
    coveredTo = Math.max(coveredTo, reach);
  }
  if (!anchor) return false;
  return bound - ctx.lambda * LIST_LEFT * ctx.listTotal >= -1e-9;
}

/** The query's core span (singleWordsMayPass), reused. */
const CORE: Span = { from: 0, to: 0 };

/**
 * `mayPass` for a list name on which every option places one query word on one list word (the caller knows the
 * name holds no glued, split or abbreviated form of the query nor an acronym of its words): each query word at
 * its best option, computed from the pair types alone, as optionsInto would value it, without building the
 * options. Undefined when the query could still be an acronym of the name (organisation rules).
 */
export function singleWordsMayPass(
  query: readonly PreparedWord[],
  roles: readonly (AffixRole | undefined)[],
  list: readonly PreparedWord[],
  pair: readonly (readonly (WordMatchType | null)[])[],
  ctx: AssignContext,
): boolean | undefined {
  if (ctx.acronyms) {
    const core = coreRangeInto(query, roles, CORE);
    const q = query[core.from]!;
    if (core.to === core.from + 1 && !q.isNumber && q.text.length >= MIN_ACRONYM && q.text.length <= MAX_ACRONYM) return undefined;
  }
  const { listMass, queryMass, lambda } = ctx;
  const gain = 1 + lambda * (ctx.queryWeight + LIST_LEFT);
  const cost = lambda * ctx.queryWeight;
  let bound = 0;
  for (let i = 0; i < query.length; i++) {
    // A repeated word has one option, worth nothing.
    if (ctx.duplicateOf?.[i] !== undefined) continue;
    const q = query[i]!;
    const qm = queryMass[i]!;
    const qInitial = q.text.length === 1 && !q.isNumber;
    // Left unplaced; or dropped for free under name_variations.
    let best = 0 - cost * qm;
    if (ctx.nameVariations && roles[i] === undefined && !q.particle && qm > 0 && best < 0) best = 0;
    const row = pair[i]!;
    for (let j = 0; j < list.length; j++) {
      const type = row[j];
      if (!type) continue;
      const l = list[j]!;
      const lm = listMass[j]!;
      let value: number;
      if (qInitial || (l.text.length === 1 && !l.isNumber)) {
        // `+INITIAL_MASS`: an imported constant as it is makes the branches a tagged value (each mass a new heap number).
        const credit = Math.min(qInitial ? +INITIAL_MASS : qm, lm);
        if (!(credit > 0)) continue;
        value = credit * gain - cost * (qInitial ? +INITIAL_MASS : qm);
      } else {
        let sim = SIMILARITY[type];
        if (type === 'edit_distance') sim = editSimilarity(Math.max(q.text.length, l.text.length));
        if (type === 'phonetic' && (q.script === 'abjad') !== (l.script === 'abjad')) sim = SKELETON_SIMILARITY;
        value = sim * lm * gain - cost * lm;
      }
      if (value > best) best = value;
    }
    bound += best;
  }
  return bound - lambda * LIST_LEFT * ctx.listTotal >= -1e-9;
}

/** The placements and evidence of the chosen options (one per query word or run of glued query words). */
export function evaluate(choices: readonly Option[], n: number, query: readonly PreparedWord[], list: readonly PreparedWord[], ctx: AssignContext): Assignment {
  const placed: PlacedWord[] = [];
  let credit = 0;
  let queryLeft = 0;
  let anchored = false;
  let parts = 0;
  let unplaced = 0;
  let sharpUnplaced = false;
  if (MATCHED.length < list.length) MATCHED = new Uint8Array(2 * list.length);
  const matched = MATCHED;
  matched.fill(0, 0, list.length);
  // The one query word placed by a full word when only one is (its first index), and whether it is spelt out.
  let partAt = -1;
  let partExact = false;
  let i = 0;
  for (const c of choices) {
    for (let k = 0; k < c.queryCount; k++) placed.push(placement(c));
    // Very short words glued (`Li Na` → `Lina`) are weak evidence: they neither anchor nor make two name parts.
    const shortGlue = c.queryCount > 1 && c.type === 'removed_spaces' && shortWords(query, i, c.queryCount);
    const earned = shortGlue ? Math.min(c.credit, SHORT_GLUE_SIMILARITY * c.queryMass) : c.credit;
    credit += earned;
    queryLeft += c.queryMass - earned;
    if (c.list.length === 0 && c.queryMass > 0) {
      unplaced += c.queryMass;
      if (sharp(query[i]!, ctx)) sharpUnplaced = true;
    }
    for (const j of c.list) matched[j] = 1;
    if (c.anchor && !shortGlue) anchored = true;
    if (c.part) {
      parts += shortGlue ? 1 : c.queryCount;
      partAt = parts === 1 ? i : -1;
      partExact = c.anchor && !shortGlue && !FUZZY.has(c.type);
    }
    i += c.queryCount;
  }
  // A repeated word is reported as its first occurrence was placed.
  for (let q = 0; q < n; q++) {
    const first = ctx.duplicateOf?.[q];
    if (first !== undefined) placed[q] = placed[first]!;
  }
  let listTotal = 0;
  let unmatched = 0;
  let sharpUnmatched = false;
  for (let j = 0; j < list.length; j++) {
    const mass = ctx.listMass[j]!;
    listTotal += mass;
    if (matched[j] || mass === 0) continue;
    unmatched += mass;
    if (sharp(list[j]!, ctx)) sharpUnmatched = true;
  }
  const listLeft = listTotal - credit;
  // A single name part placed fuzzily (by one edit, sound, equivalence or a fuzzy glue) while the query says more
  // (another word left unplaced, or placed on an initial or a letter with list words left over or in another order
  // than the query's): one fuzzy word is no evidence that the rest is the listed name (`Hamid Karimi` ~ `Karumi`,
  // `M. Oliveira` ~ `Miguel Rodriguez Olivera`, `S. Carter` ~ `S-Cape Yacht Charter`, `K. Barker` ~ `Baker Khatab`).
  let loneFuzzy = false;
  if (parts === 1 && partAt >= 0 && !partExact) {
    const span = choices.find((c) => c.part)!.queryCount;
    const leftOver = (unmatched > 0 && newWordLeft(list, matched, ctx)) || crossed(placed);
    for (let q = 0; q < n; q++) {
      if ((q >= partAt && q < partAt + span) || ctx.queryMass[q]! === 0 || weightless(query[q]!, list, ctx)) continue;
      if (placed[q]!.list.length === 0 || leftOver) loneFuzzy = true;
    }
  }
  const contradiction = (sharpUnplaced && unmatched > 0) || (sharpUnmatched && unplaced > 0) || loneFuzzy;
  const evidence = evidenceOf(credit, queryLeft, listLeft, Math.min(unplaced, unmatched), ctx.queryWeight);
  return { placed, credit, queryLeft, listLeft, evidence, anchored, parts, contradiction };
}

/** The list words a placement matched (evaluate), 1 each, reused from name to name: the matcher runs once at a time. */
let MATCHED = new Uint8Array(32);

/** Anchoring types that leave a word's spelling uncertain (any other anchor spells it out, or an acronym). */
const FUZZY: ReadonlySet<string> = new Set(['edit_distance', 'phonetic']);

/** Query words from..from+count-1 are all of two letters or fewer. */
function shortWords(query: readonly PreparedWord[], from: number, count: number): boolean {
  for (let k = from; k < from + count; k++) if (query[k]!.text.length > SHORT_GLUE_LENGTH) return false;
  return true;
}

/** Some list word that weighs is left unmatched and is no repeat of a matched one (`J Y J`: the second `J`). */
function newWordLeft(list: readonly PreparedWord[], matched: Uint8Array, ctx: AssignContext): boolean {
  for (let j = 0; j < list.length; j++) {
    if (matched[j] || ctx.listMass[j] === 0) continue;
    if (!list.some((w, k) => matched[k] === 1 && w.text === list[j]!.text)) return true;
  }
  return false;
}

/** Placed words in another order than the query's (`K. Barker` on `Baker Khatab`). */
function crossed(placed: readonly PlacedWord[]): boolean {
  let last = -1;
  for (const p of placed) {
    if (p.list.length === 0) continue;
    if (p.list[0]! < last) return true;
    last = p.list[p.list.length - 1]!;
  }
  return false;
}

/** The list holds the word as one that weighs nothing (a connector or an affix: `y` in `Vestimenta J Y J`). */
function weightless(w: PreparedWord, list: readonly PreparedWord[], ctx: AssignContext): boolean {
  for (let j = 0; j < list.length; j++) if (ctx.listMass[j] === 0 && list[j]!.text === w.text) return true;
  return false;
}

/** An initial or a number: left over on both sides, such words contradict (`J Smith`, `K Smith`; `Star 3`, `Star 4`). */
function sharp(w: PreparedWord, ctx: AssignContext): boolean {
  return w.text.length === 1 || w.isNumber || ctx.tables.wordToDigits.has(w.text);
}
