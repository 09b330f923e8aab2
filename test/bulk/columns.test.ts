import { describe, expect, it } from 'vitest';
import { validateRow } from '../../src/bulk/columns.js';

const TODAY = '2026-03-01';
const codes = (values: Record<string, string>): string[] =>
  validateRow('create-and-screen', { customer_external_identifier: 'c-1', last_name: 'Smith', ...values }, TODAY).map((e) => e.code);

describe('bulk column validators (validator, libphonenumber-js, ibantools)', () => {
  it.each([
    ['an email address', { email: 'anna@example.co.uk' }],
    ['an http URL with a path and query', { website: 'http://example.com/a?b=c' }],
    ['an international phone number', { phone: '+33 1 23 45 67 89' }],
    ['a national phone number read in the row country', { phone: '020 7946 0958', country: 'GB' }],
    ['a national phone number read in the row nationality', { phone: '01 23 45 67 89', nationality: 'FR' }],
    ['an IBAN in electronic form', { iban: 'DE89370400440532013000' }],
    ['an IBAN in lower case with spaces', { iban: 'gb82 west 1234 5698 7654 32' }],
    ['a leap day', { date_of_birth: '2000-02-29' }],
  ])('accepts %s', (_name, values) => {
    expect(codes(values)).toEqual([]);
  });

  it.each([
    ['an email address without a domain suffix', { email: 'anna@example' }, 'INVALID_EMAIL_ADDRESS'],
    ['an email address with a space', { email: 'an na@example.com' }, 'INVALID_EMAIL_ADDRESS'],
    ['a URL without a scheme', { website: 'example.com' }, 'INVALID_URL'],
    ['a URL on a host with no domain', { website: 'http://localhost' }, 'INVALID_URL'],
    ['a phone number too short for its country', { phone: '+44 20 7946' }, 'INVALID_PHONE_NUMBER'],
    ['a national phone number with no country on the row', { phone: '020 7946 0958' }, 'INVALID_PHONE_NUMBER'],
    ['letters in a phone number', { phone: '+44 20 CALL NOW' }, 'INVALID_PHONE_NUMBER'],
    ['an IBAN whose check digits fail', { iban: 'DE89370400440532013001' }, 'INVALID_IBAN'],
    ['an IBAN too short for its country', { iban: 'DE8937040044053201300' }, 'INVALID_IBAN'],
    ['an IBAN of no country', { iban: 'XX82WEST12345698765432' }, 'INVALID_IBAN'],
    ['a day that does not exist', { date_of_birth: '2001-02-29' }, 'INVALID_DATE'],
    ['a date without leading zeros', { date_of_birth: '2001-2-3' }, 'INVALID_DATE'],
    ['a date with slashes', { date_of_birth: '2001/02/03' }, 'INVALID_DATE'],
  ])('rejects %s with %s', (_name, values, code) => {
    expect(codes(values)).toEqual([code]);
  });
});
