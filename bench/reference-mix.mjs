// @ts-check
/**
 * The seeded mix of payment references that bench/reference.mjs screens (and bench/reference-profile.mjs profiles).
 */
import { generateNonMatchingNames, mulberry32 } from './synthetic.mjs';

const PURPOSES = ['CONSULTING', 'INVOICE', 'RENT', 'SALARY', 'SCHOOL FEES', 'SERVICES', 'GOODS', 'LOAN REPAYMENT', 'DONATION', 'INSURANCE'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** @param {() => number} rnd @param {readonly string[]} a */
const any = (rnd, a) => /** @type {string} */ (a[Math.floor(rnd() * a.length)]);

/** A one-letter typo in the longest word (length 6 or more), else the name unchanged. */
function typo(/** @type {string} */ name, /** @type {() => number} */ rnd) {
  const words = name.split(' ');
  let longest = 0;
  words.forEach((w, i) => {
    if (w.length > (words[longest] ?? '').length) longest = i;
  });
  const w = words[longest] ?? '';
  if (w.length < 6) return name;
  const at = 1 + Math.floor(rnd() * (w.length - 2));
  words[longest] = w.slice(0, at) + w.slice(at + 1);
  return words.join(' ');
}

/**
 * A seeded mix of payment references over `entities`.
 * @param {any[]} entities
 * @param {number} count
 * @param {number} seed
 */
export function references(entities, count, seed) {
  const rnd = mulberry32(seed);
  const outsiders = generateNonMatchingNames(Math.max(100, Math.floor(count / 4)), seed, entities.length <= 20000 ? entities : entities.slice(0, 20000));
  const listed = () => {
    const e = entities[Math.floor(rnd() * entities.length)];
    const names = [e.name, ...(e.aka ?? []).map((/** @type {{ name: string }} */ a) => a.name)];
    return String(any(rnd, names)).replace(/[,]/g, '').toUpperCase();
  };
  const name = () => {
    const r = rnd();
    const n = listed();
    if (r < 0.45) return n;
    if (r < 0.65) return typo(n, rnd);
    if (r < 0.75) return n.split(' ').reverse().join(' ');
    if (r < 0.85) return n.replace(' ', '-');
    if (r < 0.9) return n.toLowerCase();
    return n.split(' ').slice(0, 2).join('');
  };
  const num = () => String(Math.floor(rnd() * 1e6));
  const templates = [
    () => `INV ${num()} PAYMENT TO ${name()} FOR ${any(rnd, PURPOSES)}`,
    () => `${name()} SALARY ${any(rnd, MONTHS)} 2024`,
    () => `RENT ${any(rnd, MONTHS)} ${name()} REF ${num()}`,
    () => `Transfer to ${name()} inv ${num()} ${(rnd() * 1000).toFixed(2)} EUR`,
    () => `${any(rnd, PURPOSES)} ${num()}/2024 ${name()} AND ${name()}`,
    () => `IBAN DE89370400440532013000 ${name()}`,
    () => `PAYMENT ${any(rnd, PURPOSES)} ${any(rnd, outsiders).toUpperCase()} ${num()}`,
    () => `INV-${num()} ${any(rnd, PURPOSES)} ${any(rnd, MONTHS)} 2024 THANK YOU`,
    () => `REF ${num()} ${any(rnd, outsiders)} ${any(rnd, PURPOSES).toLowerCase()}`,
  ];
  // The first six templates carry listed names; the last three none (customers' own names, payment words).
  return Array.from({ length: count }, () => {
    const k = Math.floor(rnd() * templates.length);
    const template = /** @type {() => string} */ (templates[k]);
    return { text: template().slice(0, 255), listed: k < 6 };
  });
}
