/**
 * The noise guard of reference matching (match.ts, step 5; docs/references.md, "Noise rules"): whether an
 * alignment of a list name with reference words is support enough to report. A name of two or more core words
 * needs two of them matched by full words (a stop word of the name matched exactly may be the second); a name of
 * one core word must be spelt as listed, a one-word person name is reported only when enabled, a person name of
 * one core word and particles only with the particles, and a common word only with a second word of the name.
 */
import type { WordMatchType } from '../names/types.js';
import { SPELT, type Alignment, type PairCache } from './align.js';
import type { ReferenceMatchSettings, ReferenceToken } from './match-types.js';
import type { NameOrder } from './ngram-index.js';
import { WordLookup } from './word-lookup.js';

/** Types by which an optional word of the name (affix, particle, number) counts as a second word (align.ts). */
const OPTIONAL_SUPPORT: ReadonlySet<WordMatchType> = new Set(['exact_match', 'digit_to_word', 'word_to_digit']);
/** A word in at least this share of the list's entities (and at least COMMON_DF_MIN of them) is common. */
const COMMON_DF_SHARE = 1 / 2000;
const COMMON_DF_MIN = 25;

/** The noise rules over the words and vocabulary of `WordLookup`; the reference matcher (match.ts) builds on it. */
export class NoiseGuard extends WordLookup {
  /** The tokens of the reference being screened. */
  protected lastTokens: readonly ReferenceToken[] | undefined;

  /**
   * For a name of one core word, the conditions of `supported` that need no alignment: the core word is spelt as
   * listed by some reference word (or glued with others), and, where a second word of the name must be there, one
   * of its optional words is (matched exactly or glued). Most names of one core word that a reference word finds
   * match it only by sound or as an equivalent, and are dropped here without aligning them.
   */
  protected maySupport(n: number, pairs: PairCache, order: NameOrder, wordIds: readonly number[], person: boolean): boolean {
    const k = order.kinds.indexOf('core');
    const id = wordIds[k]!;
    const core = this.index.vocab.words[id]!;
    if (core.text.length < 3) return false;
    let spelt = false;
    for (let p = 0; p < n && !spelt; p++) {
      const type = pairs.type(p, id, person);
      spelt = (type !== null && SPELT.has(type)) || pairs.gluable(p, id);
    }
    if (!spelt) return false;
    if (!this.needsSecondWord(order, person, core.text, id)) return true;
    for (let j = 0; j < wordIds.length; j++) {
      const kind = order.kinds[j];
      if (kind === 'core' || kind === 'initial') continue;
      for (let p = 0; p < n; p++) {
        const type = pairs.type(p, wordIds[j]!, person);
        if ((type !== null && OPTIONAL_SUPPORT.has(type) && pairs.tokens[p]!.noise !== 'stop_word') || pairs.gluable(p, wordIds[j]!)) return true;
      }
    }
    return false;
  }

  protected supported(a: Alignment, order: NameOrder, wordIds: readonly number[], person: boolean, settings: ReferenceMatchSettings): boolean {
    // Two core words or more: two matched by full words; a stop word of the name, matched exactly, may be one.
    if (order.core >= 2) {
      // Two words of support, one of them spelt as listed (exactly, with a typo or glued): sound-alikes and
      // equivalents alone do not anchor a name (`ZOO WINE` is not `Soe Win`).
      const supported = a.coreSupport >= 2 || (a.coreSupport >= 1 && a.coreSupport + a.stopSupport >= 2);
      return supported && a.placed.some((pl) => pl.list.length > 0 && (SPELT.has(pl.type) || pl.type === 'digit_to_word' || pl.type === 'word_to_digit'));
    }
    if (a.coreSupport < 1) return false;
    const k = order.kinds.indexOf('core');
    const id = wordIds[k]!;
    const core = this.index.vocab.words[id]!;
    if (core.text.length < 3) return false;
    // One word alone must be spelt as listed (exactly, one typo, or glued), not merely sound alike.
    const position = order.positions[k]!;
    let p = 0;
    while (p < a.placed.length && !(a.placed[p]!.list.includes(position) && SPELT.has(a.placed[p]!.type))) p++;
    if (p === a.placed.length) return false;
    // "HAMZA": a one-word person name only when enabled.
    if (person && wordsBesidesAffixes(order) === 1 && !settings.singleWordPersonNames) return false;
    const second = a.coreSupport + a.affixes >= 2;
    // A number of the name must be there ("OFFICE" is not "OFFICE 39").
    if (!this.numbersPresent(a, order)) return false;
    if (this.needsSecondWord(order, person, core.text, id)) {
      // An ordinary word needs its exact spelling as well as the second word; a typo never is an ordinary word.
      const typo = a.placed[p]!.type === 'edit_distance';
      return second && !(typo && (this.words.ordinary.has(core.text) || this.words.ordinary.has(this.tokenText(a, p))));
    }
    // One typo is one edit's worth of support: not enough alone (HAMAZ), and never when the reference word is an
    // ordinary word of its own (SOLAR is no typo of SOLMAR, GEORGE none of GORGE).
    if (a.placed[p]!.type === 'edit_distance') return second && !this.words.ordinary.has(this.tokenText(a, p));
    return true;
  }

  /** The reference word placed at `p` of an alignment (its folded text), read back from the found span. */
  private tokenText(a: Alignment, p: number): string {
    return this.lastTokens?.[a.from + p]?.text ?? '';
  }

  /** Every number of the name is matched by the alignment. */
  private numbersPresent(a: Alignment, order: NameOrder): boolean {
    for (let k = 0; k < order.kinds.length; k++) {
      if (order.kinds[k] !== 'number') continue;
      const position = order.positions[k]!;
      if (!a.placed.some((pl) => pl.list.includes(position))) return false;
    }
    return true;
  }

  /**
   * Whether a name of one core word is reported only with a second of its words in the reference: "ABU ALI",
   * "EL CHAPO" (a person name with a particle, number or initial), or a common word ("GRACE" needs "GRACE 1").
   */
  private needsSecondWord(order: NameOrder, person: boolean, text: string, id: number): boolean {
    return (person && wordsBesidesAffixes(order) > 1) || this.isCommon(text, id) || this.words.ordinary.has(text) || order.kinds.includes('number');
  }

  /** A common word: in the common-word or stop-word list, or in many of the list's entities. */
  isCommon(text: string, id: number): boolean {
    if (this.words.common.has(text) || this.words.stop.has(text)) return true;
    const df = this.index.documentFrequency(id);
    return df >= Math.max(COMMON_DF_MIN, this.index.size * COMMON_DF_SHARE);
  }
}

/** Words of the name other than its affixes and single letters: 1 for a one-word name ("HAMZA", "J. Smith"). */
export function wordsBesidesAffixes(order: NameOrder): number {
  let count = 0;
  for (const kind of order.kinds) if (kind !== 'affix' && kind !== 'initial') count++;
  return count;
}
