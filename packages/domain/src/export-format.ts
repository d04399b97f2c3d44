// CSV export as spec section 7 describes it: quoted fields, comma by default, optional BOM, cells safe to open in a
// spreadsheet, and its error texts.
import type { TLocale } from './locales';

export const EXPORT_ERRORS = {
  notArrayOfObjects: 'Invalid export data. Please provide an array of object',
  invalidJson: 'Invalid export data. Please provide a valid JSON',
  stringData: (type: string) => `Can't export string data to ${type}.`,
  unknownType: (type: string) => `Can't export unknown data type ${type}.`,
} as const;

export const DEFAULT_EXPORT_FILE_NAME = 'download';

export type TCsvOptions = { delimiter?: string; bom?: boolean; columns?: { key: string; header: string }[]; decimalComma?: boolean };

/** Languages whose spreadsheets read a decimal comma; their list separator (and so a CSV's) is the semicolon. */
const DECIMAL_COMMA_LOCALES: readonly TLocale[] = ['de', 'fr', 'es'];

/** How a spreadsheet in the reader's language expects a CSV: `;` and `3,5` in German, French and Spanish, `,` and `3.5` in English. */
export function csvConventionsOf(locale: TLocale): { delimiter: ',' | ';'; decimalComma: boolean } {
  return DECIMAL_COMMA_LOCALES.includes(locale) ? { delimiter: ';', decimalComma: true } : { delimiter: ',', decimalComma: false };
}

/** A first character that makes a spreadsheet read a cell as a formula: = + - @, tab, carriage return (OWASP). */
const FORMULA_TRIGGER = /^[=+\-@\t\r]/;

/**
 * A number written as text, and nothing else: a sign, digits with `.` or `,` between groups, an exponent
 * ("-3.5", "+49", "-1,234.5", "-3,5", "1e-3"). A spreadsheet reads such a cell as a number; without letters,
 * brackets or operators it can call nothing.
 */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:[.,]\d+)*|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/**
 * The text of one CSV cell, neutralised against formula injection as OWASP's CSV-injection guidance describes: a
 * cell that would start with a formula trigger gets a leading single quote, so a spreadsheet shows it as text and
 * runs nothing (`=HYPERLINK(…)` typed into a vessel name stays a name). A real number stays a number: a number
 * value by its type, a text by the strict pattern above, so negative deviations and "+49" keep working in sums.
 */
export function csvCellText(value: unknown, decimalComma = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return decimalComma ? String(value).replace('.', ',') : String(value);
  if (typeof value === 'bigint') return String(value);
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return FORMULA_TRIGGER.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

function quote(value: unknown, decimalComma = false): string {
  return `"${csvCellText(value, decimalComma).replace(/"/g, '""')}"`;
}

/** Rows of objects to CSV; every field is quoted, lines end with CRLF (RFC 4180), formula triggers neutralised. */
export function toCsv(rows: unknown, options: TCsvOptions = {}): string {
  if (typeof rows === 'string') throw new Error(EXPORT_ERRORS.stringData('csv'));
  if (!Array.isArray(rows) || rows.some((r) => r === null || typeof r !== 'object' || Array.isArray(r))) throw new Error(EXPORT_ERRORS.notArrayOfObjects);
  const delimiter = options.delimiter ?? ',';
  const records = rows as Record<string, unknown>[];
  const columns = options.columns ?? [...new Set(records.flatMap((r) => Object.keys(r)))].map((key) => ({ key, header: key }));
  const decimalComma = options.decimalComma ?? false;
  const lines = [columns.map((c) => quote(c.header)).join(delimiter), ...records.map((r) => columns.map((c) => quote(r[c.key], decimalComma)).join(delimiter))];
  return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

// One formatter per zone: a download formats every time of thousands of rows.
const exportFormatters = new Map<string, Intl.DateTimeFormat>();
function exportFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = exportFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    exportFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Formats an instant for a person in a time zone: 2026-03-29 14:05 (sortable in spreadsheets). */
export function formatInstantInZone(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = exportFormatter(timeZone).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/**
 * A download's file name after the days it covers, in the zone its times are shown in: `movement-report-2026-07-01`
 * for one day, `portcalls-2026-07-01-2026-07-14` for a period (`to` is exclusive).
 */
export function fileNameForPeriod(kind: string, period: { from: string; to: string }, timeZone: string): string {
  const first = formatInstantInZone(period.from, timeZone).slice(0, 10);
  const last = formatInstantInZone(new Date(Date.parse(period.to) - 1).toISOString(), timeZone).slice(0, 10);
  return first === last ? `${kind}-${first}` : `${kind}-${first}-${last}`;
}
