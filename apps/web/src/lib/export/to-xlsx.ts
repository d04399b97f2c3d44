// Rows as a real Office Open XML workbook (one sheet, bold frozen header) written by write-excel-file (MIT).
import writeExcelFile, { type Cell, type SheetData } from 'write-excel-file/universal';
import { cellText, type TExportColumn, type TExportRow } from './cell-text';

/** Numbers, booleans and dates keep their type so spreadsheet sums and sorts work; everything else is text. */
function xlsxCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (value instanceof Date) return { value, type: Date, format: 'yyyy-mm-dd hh:mm' };
  return cellText(value);
}

/** Excel refuses sheet names over 31 characters or with any of []:*?/\ in them. */
export function xlsxSheetName(name: string): string {
  const cleaned = name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31);
  return cleaned || 'Sheet1';
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

export async function toXlsx({ rows, columns, sheetName }: { rows: TExportRow[]; columns: TExportColumn[]; sheetName: string }): Promise<Blob> {
  const header: Cell[] = columns.map((c) => ({ value: c.header, fontWeight: 'bold' }));
  const data: SheetData = [header, ...rows.map((row) => columns.map((c) => xlsxCell(row[c.key])))];
  // Wide enough for the longest text of the column, within bounds so one long note does not make a 300-character column.
  const widths = columns.map((c) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, c.header.length + 2, ...rows.map((row) => cellText(row[c.key]).length + 2))));
  return writeExcelFile(data, { sheet: xlsxSheetName(sheetName), stickyRowsCount: 1, columns: widths.map((width) => ({ width })) }).toBlob();
}
