// Client-side export of a table (spec section 7): rows the user sees to a csv, json, xlsx, html, xml, txt or css file.
import { DEFAULT_EXPORT_FILE_NAME, toCsv } from '@quayline/domain';
import { resolveColumns, type TExportColumn, type TExportRow } from './cell-text';
import { ExportError } from './export-errors';
import { toCss } from './to-css';
import { toHtml } from './to-html';
import { toText } from './to-text';
import { toXml } from './to-xml';

export type { TExportColumn, TExportRow } from './cell-text';

export const EXPORT_FORMATS = ['csv', 'xlsx', 'json', 'html', 'xml', 'txt', 'css'] as const;
export type TExportFormat = (typeof EXPORT_FORMATS)[number];

/** The spec names the Excel type `xls`; like the server's downloads it is written as a modern .xlsx workbook. */
const FORMAT_ALIASES: Record<string, TExportFormat> = { xls: 'xlsx' };

/** The formats that need rows and columns: a bare string has no table in it. */
const TABULAR: ReadonlySet<TExportFormat> = new Set(['csv', 'xlsx', 'html', 'xml', 'css']);

export const EXPORT_MIME_TYPES: Record<TExportFormat, string> = {
  csv: 'text/csv;charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  json: 'application/json;charset=utf-8',
  html: 'text/html;charset=utf-8',
  xml: 'application/xml;charset=utf-8',
  txt: 'text/plain;charset=utf-8',
  css: 'text/css;charset=utf-8',
};

export type TExportOptions = {
  /** Rows of plain objects; `json` also takes a JSON string and `txt` any string (written as it is). */
  data: unknown;
  /** One of EXPORT_FORMATS (or `xls`); anything else fails with the spec's unknown-type error. */
  format: string;
  /** Which keys, in which order, under which header; default every key with the key as header. */
  columns?: TExportColumn[];
  /** Without extension; default `download`. */
  fileName?: string;
  /** CSV only: a UTF-8 byte-order mark, so Excel opens non-ASCII text correctly. */
  withBom?: boolean;
  /** CSV only; default comma. */
  delimiter?: string;
};

export type TExportFile = { blob: Blob; fileName: string; format: TExportFormat };

export function resolveExportFormat(format: string): TExportFormat {
  const known = (EXPORT_FORMATS as readonly string[]).includes(format) ? (format as TExportFormat) : FORMAT_ALIASES[format];
  if (!known) throw new ExportError('unknown_type', format);
  return known;
}

function isRowArray(data: unknown): data is TExportRow[] {
  return Array.isArray(data) && data.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row) && !(row instanceof Date));
}

/** Rows projected onto the columns, so json holds exactly what the other formats hold, keyed by column key. */
function projectRows(rows: TExportRow[], columns: TExportColumn[]): TExportRow[] {
  return rows.map((row) => Object.fromEntries(columns.map((c) => [c.key, row[c.key] ?? null])));
}

/** The workbook writer is a chunk of its own; offline or after a new release it may not load, which the user is told. */
async function loadXlsxWriter(format: string) {
  try {
    return (await import('./to-xlsx')).toXlsx;
  } catch {
    throw new ExportError('writer_unavailable', format);
  }
}

/** The file's text (or binary for xlsx) without the Blob wrapper; the checks happen here, before anything is built. */
async function render(options: TExportOptions, format: TExportFormat, baseName: string): Promise<string | Blob> {
  const { data } = options;
  if (typeof data === 'string') {
    if (TABULAR.has(format)) throw new ExportError('string_data', options.format);
    if (format === 'txt') return data;
    try {
      return JSON.stringify(JSON.parse(data), null, 4);
    } catch {
      throw new ExportError('invalid_json', options.format);
    }
  }
  if (!isRowArray(data)) throw new ExportError('invalid_rows', options.format);
  const columns = resolveColumns(data, options.columns);
  switch (format) {
    case 'csv':
      return toCsv(data, { columns, bom: options.withBom ?? false, delimiter: options.delimiter ?? ',' });
    case 'json':
      return JSON.stringify(projectRows(data, columns), null, 4);
    case 'html':
      return toHtml({ rows: data, columns, title: baseName });
    case 'xml':
      return toXml({ rows: data, columns });
    case 'txt':
      return toText({ rows: data, columns });
    case 'css':
      return toCss({ rows: data, columns });
    case 'xlsx': {
      // The workbook writer loads on first use: most people never export to Excel.
      return (await loadXlsxWriter(options.format))({ rows: data, columns, sheetName: baseName });
    }
  }
}

/** Builds the file; throws ExportError with the spec's text for data or a type it cannot export. */
export async function exportTable(options: TExportOptions): Promise<TExportFile> {
  const format = resolveExportFormat(options.format);
  const baseName = options.fileName?.trim() || DEFAULT_EXPORT_FILE_NAME;
  const content = await render(options, format, baseName);
  const blob = content instanceof Blob ? content : new Blob([content], { type: EXPORT_MIME_TYPES[format] });
  return { blob, fileName: `${baseName}.${format}`, format };
}
