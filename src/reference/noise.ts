/**
 * The payment-reference word lists (lists/reference/, compiled into generated-stop-words.ts), folded through
 * the one normaliser so they meet reference words on equal terms.
 */
import { normalizeName } from '../names/normalize.js';
import { REFERENCE_COMMON_WORDS, REFERENCE_ORDINARY_WORDS, REFERENCE_STOP_WORDS } from './generated-stop-words.js';

export interface ReferenceWords {
  /** Purpose and bookkeeping words: never start or support a match. */
  stop: ReadonlySet<string>;
  /** Common words: a list name made of one of them needs a second word of support. */
  common: ReadonlySet<string>;
  /**
   * Ordinary words of the languages references are written in: a one-word list name spelt like one needs exact
   * spelling and a second word of support, and a reference word that is one is never read as an acronym.
   */
  ordinary: ReadonlySet<string>;
}

function fold(entries: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of entries) {
    const word = normalizeName(entry).join('');
    if (word !== '') out.add(word);
  }
  return out;
}

let defaults: ReferenceWords | undefined;

/** The bundled lists, folded once on first use. */
export function referenceWords(): ReferenceWords {
  defaults ??= { stop: fold(REFERENCE_STOP_WORDS), common: fold(REFERENCE_COMMON_WORDS), ordinary: fold(REFERENCE_ORDINARY_WORDS) };
  return defaults;
}
