// Rows as XML: <rows><row><column-key>text</column-key>…</row></rows>, with element names made valid from the keys.
import { cellText, type TExportColumn, type TExportRow } from './cell-text';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes markup and drops the control characters XML 1.0 cannot carry at all (a parser would reject the file). */
export function escapeXml(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);
}

/**
 * An XML element name for a column key: characters outside the name rules become `_`, a name that would start with
 * a digit, `-`, `.` or the reserved `xml` gets a leading `_`, and an empty key becomes `_`.
 * No `:` either, so no key turns into a namespace prefix.
 */
export function xmlElementName(key: string): string {
  let name = key.replace(/[^\p{L}\p{N}_.-]/gu, '_');
  if (name === '' || !/^[\p{L}_]/u.test(name) || /^xml/i.test(name)) name = `_${name}`;
  return name;
}

/** Distinct element names per column: two keys that clean up to the same name get `_2`, `_3`… */
function elementNames(columns: TExportColumn[]): string[] {
  const used = new Set<string>();
  return columns.map((c) => {
    const base = xmlElementName(c.key);
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base}_${n}`;
    used.add(name);
    return name;
  });
}

export function toXml({ rows, columns }: { rows: TExportRow[]; columns: TExportColumn[] }): string {
  const names = elementNames(columns);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<rows>'];
  for (const row of rows) {
    lines.push('  <row>');
    columns.forEach((c, i) => lines.push(`    <${names[i]}>${escapeXml(cellText(row[c.key]))}</${names[i]}>`));
    lines.push('  </row>');
  }
  lines.push('</rows>', '');
  return lines.join('\n');
}
