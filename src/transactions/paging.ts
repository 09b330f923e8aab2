/** Page parameters of the area's paged lists (`page_number` from 1, `page_size` 1 to 1000). */
import type { Result } from '../errors.js';
import type { TransactionPageRequest } from './ports.js';
import type { TransactionViolation } from './types.js';

export function validateTransactionPageRequest(
  page: TransactionPageRequest = {},
  defaultSize = 50,
): Result<Required<TransactionPageRequest>, TransactionViolation[]> {
  const page_number = page.page_number ?? 1;
  const page_size = page.page_size ?? defaultSize;
  const errors: TransactionViolation[] = [];
  if (!Number.isInteger(page_number) || page_number < 1)
    errors.push({ code: 'INVALID_NUMBER', message: 'page_number must be an integer of at least 1', path: '$.page_number' });
  if (!Number.isInteger(page_size) || page_size < 1 || page_size > 1000)
    errors.push({ code: 'INVALID_NUMBER', message: 'page_size must be an integer from 1 to 1000', path: '$.page_size' });
  return errors.length ? { ok: false, error: errors } : { ok: true, value: { page_number, page_size } };
}

/** The spec's page envelope: `first`, `self`, `next`, `prev`, `total_count`; paths carry `page_number`. */
export function transactionPageEnvelope(
  path: string,
  page: { page_number: number; page_size: number },
  total: number,
  extraQuery = '',
): { first: string; self: string; next: string | null; prev: string | null; total_count: number } {
  const last = Math.max(1, Math.ceil(total / page.page_size));
  const at = (n: number) => `${path}?page_number=${n}&page_size=${page.page_size}${extraQuery}`;
  return {
    first: at(1),
    self: at(page.page_number),
    next: page.page_number < last ? at(page.page_number + 1) : null,
    prev: page.page_number > 1 ? at(Math.min(page.page_number - 1, last)) : null,
    total_count: total,
  };
}
