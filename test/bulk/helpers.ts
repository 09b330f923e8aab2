import ExcelJS from 'exceljs';
import { createScreener } from '../../src/screening/screener.js';
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
