// How one table value becomes text in the text formats (csv follows the same rules in @quayline/domain's toCsv, which
// also neutralises cells a spreadsheet would run as a formula).
export type TExportColumn = { key: string; header: string };
export type TExportRow = Record<string, unknown>;

/** Empty for null/undefined, ISO-8601 for dates, JSON for nested values, the string form of anything else. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The given columns, or every key in first-seen order with the key as its header. */
export function resolveColumns(rows: TExportRow[], columns?: TExportColumn[]): TExportColumn[] {
  if (columns) return columns;
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  return [...keys].map((key) => ({ key, header: key }));
}
