import type { SearchProfile } from '../../src/reference/index.js';

/** The host profiles the reference tests screen under. */
export const PROFILES: SearchProfile[] = [
  { name: 'Default', slug: 'default' },
  { name: 'Sanctions only', slug: 'sanctions', types: ['sanction'] },
  { name: 'PEP', slug: 'pep', types: ['pep'] },
  { name: 'Loose', slug: 'loose', single_word_person_names: true },
  { name: 'No typos', slug: 'no-typos', fuzziness: 0 },
  { name: 'Warnings (by id)', id: 'prof-7', types: ['warning'] },
];
