import ExcelJS from 'exceljs';
import { InMemoryBatchStore, createBulkService, createInMemoryLookupLists, type BulkServiceOptions } from '../../src/bulk/index.js';
import { createScreener } from '../../src/screening/screener.js';
import { fixedTransactionClock, sequentialTransactionIds } from '../../src/transactions/index.js';
import type { Entity } from '../../src/types/entity.js';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const ENTITIES: Entity[] = [
  { id: 'sdn-1', entity_type: 'person', name: 'Ivan Petrovich Sidorov', sources: ['test-list'], types: ['sanction'] },
  { id: 'pep-1', entity_type: 'person', name: 'Maria Gonzalez', sources: ['test-list'], types: ['pep-class-1'] },
  { id: 'co-1', entity_type: 'company', name: 'Acme Trading Limited', sources: ['test-list'], types: ['sanction'] },
];

export const screener = () => createScreener({ entities: ENTITIES });

export function csv(rows: string[][]): string {
  return rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n';
}

export async function xlsx(sheets: Array<Array<Array<string | number | Date | null>>>): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  sheets.forEach((rows, i) => {
    const ws = wb.addWorksheet(`Sheet${i + 1}`);
    for (const r of rows) ws.addRow(r);
  });
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** A bulk service over an in-memory store, a lookup list `mcc` and the small screener. */
export function bulkService(over: Partial<BulkServiceOptions> = {}) {
  const lookupLists = createInMemoryLookupLists({ mcc: { status: 'ACTIVE', values: [] } });
  const store = new InMemoryBatchStore();
  const svc = createBulkService({
    store,
    clock: fixedTransactionClock('2026-03-01T12:00:00Z', 1),
    ids: sequentialTransactionIds('0000eeee'),
    account_identifier: '00000000-0000-4000-8000-0000000000ac',
    screener: screener(),
    lookupLists,
    ...over,
  });
  return { svc, lookupLists, store };
}
