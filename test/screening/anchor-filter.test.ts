/**
 * The anchor rules of the postings walk (postings-walk.ts): under the evidence rule a candidate must hold a word a
 * hit could be anchored on (QueryReach.anchorable) and one the name check takes as an anchor, so the walk drops,
 * before reading their words, the entities reached only through other words (sound-alikes two edits or more away).
 * It must keep every hit: each row is a hit a scan of every entity finds, on a list where many entities hold
 * sound-alikes of both query words and nothing to anchor on; the index must find exactly the scan's hits, reading
 * the words of few entities. The walk goes through the postings of the second query word's reach (fewer than
 * the anchorable words'), so the sound-alikes are reached and must be dropped there.
 */
import { describe, expect, it } from 'vitest';
import { createScreener } from '../../src/screening/screener.js';
import type { Entity } from '../../src/types/entity.js';
import { filler, person } from './fixtures.js';
import { indexScanAndTouched } from './index-and-scan.js';

/** Entities holding sound-alikes of both query words (`Kathryn` of `Catherine`, `Ceeta` of `Zeta`), no anchor. */
const SOUND_ALIKES: Entity[] = [];
for (let k = 0; k < 80; k++) SOUND_ALIKES.push(person(`f${k}`, `Kathryn Ceeta ${filler(k)}`));
/**
 * Entities holding the first query word alone: the anchorable words hold more postings than the second query word's
 * reach, which any hit must hold (the walk's driver), and few enough for the anchor rule to read them.
 */
const HALVES: Entity[] = [];
for (let k = 0; k < 120; k++) HALVES.push(person(`c${k}`, `Catherine ${filler(k + 100)}`));
const TARGETS: Entity[] = [
  person('exact', 'Catherine Zeta'),
  person('anchored-second', 'Kathryn Zeta'),
  person('anchored-first', 'Catherine Ceeta'),
  person('edits', 'Katherine Zetta'),
];
const screener = createScreener({ entities: [...SOUND_ALIKES, ...HALVES, ...TARGETS] });

describe('the walk drops entities with no word to anchor a hit on, and keeps every hit', () => {
  it.each([
    ['an exact name', { search_term: 'Catherine Zeta' }, 'exact'],
    ['a sound-alike first name with the surname exact', { search_term: 'Catherine Zeta' }, 'anchored-second'],
    ['a sound-alike surname with the first name exact', { search_term: 'Catherine Zeta' }, 'anchored-first'],
    ['both words one edit away', { search_term: 'Catherine Zeta' }, 'edits'],
    ['the same at the widest fuzziness', { search_term: 'Catherine Zeta', fuzziness: 1 }, 'anchored-first'],
  ] as const)('%s', (_shape, request, expected) => {
    const { viaIndex, scan, touched } = indexScanAndTouched(screener, request);
    expect(scan).toContain(expected);
    expect(viaIndex).toEqual(scan);
    // Of the 84 entities holding words of both query words, the 80 with nothing to anchor on were not read.
    expect(touched).toBeLessThan(10);
  });
});
