// Rows as a stylesheet: a table has no stylesheet of its own, so the data rides in custom properties, one rule per row
// (`.row-1 { --vessel: "ATLANTIC STAR"; }`) after a `.header` rule with the column headers. A styled report can show
// a value with `content: var(--vessel)`; every value is a CSS string, so any text is safe inside the file.
import { cellText, type TExportColumn, type TExportRow } from './cell-text';

/**
 * A CSS string of any text: `"` and `\` escaped, and line breaks, other control characters and `<` (so the file can sit
 * in a <style> element without closing it) written as hex escapes followed by a space; NUL, which CSS turns into
 * U+FFFD anyway, is written as that.
 */
export function cssString(text: string): string {
  const escaped = text.replace(/[\u0000-\u001F\u007F"\\<]/g, (c) => {
    if (c === '"' || c === '\\') return `\\${c}`;
    const code = c === '\u0000' ? 0xfffd : c.charCodeAt(0);
    return `\\${code.toString(16)} `;
  });
  return `"${escaped}"`;
}

/**
 * A custom-property name for a column key: `--` and the key in lower case with every run of characters outside
 * a-z, 0-9, `-` and `_` made one `-`; an empty result becomes `column`.
 */
export function cssPropertyName(key: string): string {
  const name = key.toLowerCase().replace(/[^a-z0-9_-]+/g, '-');
  return `--${name || 'column'}`;
}

/** Distinct property names per column: two keys that clean up to the same name get `-2`, `-3`… */
function propertyNames(columns: TExportColumn[]): string[] {
  const used = new Set<string>();
  return columns.map((c) => {
    const base = cssPropertyName(c.key);
    let name = base;
    for (let n = 2; used.has(name); n += 1) name = `${base}-${n}`;
    used.add(name);
    return name;
  });
}

function rule(selector: string, names: string[], values: string[]): string[] {
  return [`${selector} {`, ...names.map((name, i) => `  ${name}: ${cssString(values[i] ?? '')};`), '}'];
}

export function toCss({ rows, columns }: { rows: TExportRow[]; columns: TExportColumn[] }): string {
  const names = propertyNames(columns);
  const lines = ['@charset "UTF-8";', ...rule('.header', names, columns.map((c) => c.header))];
  rows.forEach((row, i) => lines.push('', ...rule(`.row-${i + 1}`, names, columns.map((c) => cellText(row[c.key])))));
  return `${lines.join('\n')}\n`;
}
