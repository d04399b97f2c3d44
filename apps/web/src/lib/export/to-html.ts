// Rows as a standalone HTML document holding one escaped <table>.
import { cellText, type TExportColumn, type TExportRow } from './cell-text';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

export function toHtml({ rows, columns, title }: { rows: TExportRow[]; columns: TExportColumn[]; title: string }): string {
  const head = columns.map((c) => `<th>${escapeHtml(c.header)}</th>`).join('');
  const body = rows.map((row) => `<tr>${columns.map((c) => `<td>${escapeHtml(cellText(row[c.key]))}</td>`).join('')}</tr>`);
  return [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title>`,
    '</head>',
    '<body>',
    '<table>',
    `<thead><tr>${head}</tr></thead>`,
    '<tbody>',
    ...body,
    '</tbody>',
    '</table>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
