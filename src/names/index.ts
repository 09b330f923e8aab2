export * from './types.js';
export { tokenizeName, normalizeName, foldName, type NameToken, type TokenScript } from './normalize.js';
export { buildWordTables, defaultWordTables, DEFAULT_RAW_TABLES, type RawWordTables, type WordTables } from './tables.js';
export { shortestWordForOneEdit, DEFAULT_FUZZINESS } from './fuzziness.js';
export { compareEntity, type CompareOptions } from './compare.js';
export { birthYears, isDeceased } from './birth-year.js';
export { phoneticMemo, PhoneticMemo, DEFAULT_PHONETIC_MEMO_WORDS } from './prepare.js';
