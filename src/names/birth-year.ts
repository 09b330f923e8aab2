/** Birth-year filter and secondary matches (GUIDE.md section 1, "Birth year"). */
import type { Entity } from '../types/entity.js';

const YEAR = /\b(\d{4})\b/g;

function fieldYears(entity: Entity, tag: string): number[] {
  const years: number[] = [];
  for (const field of entity.fields ?? []) {
    if (field.tag !== tag) continue;
    for (const m of field.value.matchAll(YEAR)) {
      const y = Number(m[1]);
      if (!years.includes(y)) years.push(y);
    }
  }
  return years;
}

/** Every year of birth the entity's `date_of_birth` fields name. */
export function birthYears(entity: Entity): number[] {
  return fieldYears(entity, 'date_of_birth');
}

/** Whether the entity has a `date_of_death`. */
export function isDeceased(entity: Entity): boolean {
  return (entity.fields ?? []).some((f) => f.tag === 'date_of_death' && f.value.trim() !== '');
}

export type BirthYearVerdict = 'exact' | 'fuzzy' | 'excluded' | 'unknown';

/**
 * `unknown`: the entity has no birth year (it stays); `excluded`: every known year is outside the window;
 * otherwise `exact` when a year equals, `fuzzy` when one lies within the window.
 */
export function birthYearVerdict(years: readonly number[], searched: number, window: number): BirthYearVerdict {
  if (years.length === 0) return 'unknown';
  if (years.includes(searched)) return 'exact';
  return years.some((y) => Math.abs(y - searched) <= window) ? 'fuzzy' : 'excluded';
}
