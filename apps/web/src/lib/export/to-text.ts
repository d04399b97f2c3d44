// Rows as plain text for reading by eye: space-aligned columns under a header and a rule of dashes.
import { cellText, type TExportColumn, type TExportRow } from './cell-text';

/** One line per cell: line breaks and tabs inside a value would break the alignment, so they become spaces. */
function flat(value: unknown): string {
  return cellText(value).replace(/\r\n|[\r\n\t]/g, ' ');
}

/** Width in code points, so an accented letter or an emoji written as a surrogate pair counts once. */
const width = (text: string) => [...text].length;

export function toText({ rows, columns }: { rows: TExportRow[]; columns: TExportColumn[] }): string {
  const table = [columns.map((c) => flat(c.header)), ...rows.map((row) => columns.map((c) => flat(row[c.key])))];
  const widths = columns.map((_, i) => Math.max(...table.map((cells) => width(cells[i] ?? ''))));
  const line = (cells: string[]) => cells.map((cell, i) => cell + ' '.repeat((widths[i] ?? 0) - width(cell))).join('  ').trimEnd();
  const [header = [], ...body] = table;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line), ''].join('\n');
}
