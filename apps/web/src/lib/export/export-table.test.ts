import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ExportError } from './export-errors';
import { readBlobBytes, readBlobText } from './read-blob';
import { exportTable, type TExportColumn, type TExportRow } from './export-table';
import { transform } from 'lightningcss';
import { cssPropertyName } from './to-css';
import { xmlElementName } from './to-xml';

/**
 * A stylesheet read back by a real CSS parser (lightningcss, Vite's own, with error recovery off so anything invalid
 * throws): each rule's selector and its custom properties with their string values decoded.
 */
function readCss(css: string): Record<string, Record<string, string>> {
  const rules: Record<string, Record<string, string>> = {};
  transform({
    filename: 'export.css',
    code: new TextEncoder().encode(css),
    errorRecovery: false,
    visitor: {
      Rule: {
        style(rule) {
          const selector = rule.value.selectors.map((s) => s.map((c) => (c.type === 'class' ? `.${c.name}` : c.type)).join('')).join(',');
          const values: Record<string, string> = {};
          for (const d of rule.value.declarations?.declarations ?? []) {
            if (d.property !== 'custom') throw new Error(`unexpected property ${d.property}`);
            const tokens = d.value.value;
            const only = tokens[0];
            if (tokens.length !== 1 || only?.type !== 'token' || only.value.type !== 'string') throw new Error(`${d.value.name} is not one string`);
            values[d.value.name] = only.value.value;
          }
          rules[selector] = values;
          return rule;
        },
      },
    },
  });
  return rules;
}

// Quotes, a delimiter, a line break, non-ASCII letters, an emoji and markup: every format has to survive these.
const ROWS: TExportRow[] = [
  { vessel: 'Nordic "Star"', berth: 'Quay 1, north', note: 'first\nsecond', count: 3 },
  { vessel: 'Zoë 🚢', berth: '<&>', note: null, count: 12 },
];
const COLUMNS: TExportColumn[] = [
  { key: 'vessel', header: 'Vessel' },
  { key: 'berth', header: 'Berth' },
  { key: 'note', header: 'Note' },
  { key: 'count', header: 'Count' },
];

async function text(format: string, extra: Partial<Parameters<typeof exportTable>[0]> = {}) {
  const file = await exportTable({ data: ROWS, columns: COLUMNS, format, ...extra });
  return { ...file, text: await readBlobText(file.blob) };
}

async function failure(run: () => Promise<unknown>): Promise<ExportError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ExportError) return error;
    throw error;
  }
  throw new Error('expected an ExportError');
}

describe('exportTable', () => {
  it('writes csv with every field quoted, quotes doubled, comma, CRLF and no BOM by default', async () => {
    const file = await text('csv');
    expect(file.fileName).toBe('download.csv');
    expect(file.blob.type).toBe('text/csv;charset=utf-8');
    expect(file.text).toBe(
      '"Vessel","Berth","Note","Count"\r\n' + '"Nordic ""Star""","Quay 1, north","first\nsecond","3"\r\n' + '"Zoë 🚢","<&>","","12"\r\n',
    );
  });

  it('writes csv with a BOM and another delimiter when asked', async () => {
    const file = await exportTable({ data: [{ a: 'x;y' }], format: 'csv', withBom: true, delimiter: ';', fileName: 'ports' });
    const bytes = await readBlobBytes(file.blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('"a"\r\n"x;y"\r\n');
    expect(file.fileName).toBe('ports.csv');
  });

  it('writes json indented by four spaces, keyed by column key, in column order', async () => {
    const file = await text('json');
    expect(file.fileName).toBe('download.json');
    expect(file.text).toBe(
      [
        '[',
        '    {',
        '        "vessel": "Nordic \\"Star\\"",',
        '        "berth": "Quay 1, north",',
        '        "note": "first\\nsecond",',
        '        "count": 3',
        '    },',
        '    {',
        '        "vessel": "Zoë 🚢",',
        '        "berth": "<&>",',
        '        "note": null,',
        '        "count": 12',
        '    }',
        ']',
      ].join('\n'),
    );
  });

  it('re-indents a JSON string for json and keeps a string as it is for txt', async () => {
    expect(await readBlobText((await exportTable({ data: '{"a":[1,2]}', format: 'json' })).blob)).toBe('{\n    "a": [\n        1,\n        2\n    ]\n}');
    expect(await readBlobText((await exportTable({ data: 'plain <text>', format: 'txt' })).blob)).toBe('plain <text>');
  });

  it('writes an html document with one escaped table', async () => {
    const file = await text('html', { fileName: 'a<b' });
    expect(file.fileName).toBe('a<b.html');
    expect(file.text).toBe(
      [
        '<!DOCTYPE html>',
        '<html>',
        '<head>',
        '<meta charset="utf-8">',
        '<title>a&lt;b</title>',
        '</head>',
        '<body>',
        '<table>',
        '<thead><tr><th>Vessel</th><th>Berth</th><th>Note</th><th>Count</th></tr></thead>',
        '<tbody>',
        '<tr><td>Nordic &quot;Star&quot;</td><td>Quay 1, north</td><td>first\nsecond</td><td>3</td></tr>',
        '<tr><td>Zoë 🚢</td><td>&lt;&amp;&gt;</td><td></td><td>12</td></tr>',
        '</tbody>',
        '</table>',
        '</body>',
        '</html>',
        '',
      ].join('\n'),
    );
  });

  it('writes well-formed xml with escaped text and element names made from the keys', async () => {
    const file = await exportTable({ data: [{ 'vessel name': 'A & B', '1st': '<x>', 'xmlish': 'bell\u0007' }], format: 'xml' });
    const xml = await readBlobText(file.blob);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rows>',
        '  <row>',
        '    <vessel_name>A &amp; B</vessel_name>',
        '    <_1st>&lt;x&gt;</_1st>',
        '    <_xmlish>bell</_xmlish>',
        '  </row>',
        '</rows>',
        '',
      ].join('\n'),
    );
    const parsed = new DOMParser().parseFromString(xml, 'application/xml');
    expect(parsed.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(parsed.getElementsByTagName('vessel_name')[0]?.textContent).toBe('A & B');
  });

  it('makes distinct xml element names for keys that clean up alike', async () => {
    expect(xmlElementName('')).toBe('_');
    expect(xmlElementName('a:b')).toBe('a_b');
    const xml = await readBlobText((await exportTable({ data: [{ 'a b': 1, a_b: 2 }], format: 'xml' })).blob);
    expect(xml).toContain('<a_b>1</a_b>');
    expect(xml).toContain('<a_b_2>2</a_b_2>');
  });

  it('writes txt as space-aligned columns under a rule, one line per row', async () => {
    const file = await text('txt');
    expect(file.fileName).toBe('download.txt');
    expect(file.text).toBe(
      [
        'Vessel         Berth          Note          Count',
        '-------------  -------------  ------------  -----',
        'Nordic "Star"  Quay 1, north  first second  3',
        'Zoë 🚢          <&>                          12',
        '',
      ].join('\n'),
    );
  });

  it('writes css as one rule per row whose custom properties hold the values as CSS strings', async () => {
    const file = await text('css');
    expect(file.fileName).toBe('download.css');
    expect(file.blob.type).toBe('text/css;charset=utf-8');
    expect(file.text).toBe(
      [
        '@charset "UTF-8";',
        '.header {',
        '  --vessel: "Vessel";',
        '  --berth: "Berth";',
        '  --note: "Note";',
        '  --count: "Count";',
        '}',
        '',
        '.row-1 {',
        '  --vessel: "Nordic \\"Star\\"";',
        '  --berth: "Quay 1, north";',
        '  --note: "first\\a second";',
        '  --count: "3";',
        '}',
        '',
        '.row-2 {',
        '  --vessel: "Zoë 🚢";',
        '  --berth: "\\3c &>";',
        '  --note: "";',
        '  --count: "12";',
        '}',
        '',
      ].join('\n'),
    );
    // A real parser takes it without a single error and reads every value back exactly.
    expect(readCss(file.text)).toEqual({
      '.header': { '--vessel': 'Vessel', '--berth': 'Berth', '--note': 'Note', '--count': 'Count' },
      '.row-1': { '--vessel': 'Nordic "Star"', '--berth': 'Quay 1, north', '--note': 'first\nsecond', '--count': '3' },
      '.row-2': { '--vessel': 'Zoë 🚢', '--berth': '<&>', '--note': '', '--count': '12' },
    });
  });

  it('keeps css valid for any text and any column key', async () => {
    const nasty = 'a\\b "c" \u0000 \t tab \r\n line }; } .x { color: red } /* c */ </style><script>1</script> \u007F \u2028 end\\';
    const columns = [
      { key: 'Vessel name', header: 'Vessel "name" }' },
      { key: 'vessel-name', header: 'h2' },
      { key: '', header: 'h3' },
      { key: '1st', header: 'h4' },
      { key: 'Zoë', header: 'h5' },
    ];
    const file = await exportTable({ data: [{ 'Vessel name': nasty, 'vessel-name': 'x', '': 'y', '1st': 'z', Zoë: 'w' }], columns, format: 'css' });
    const css = await readBlobText(file.blob);
    expect(css).not.toContain('</style>');
    const rules = readCss(css);
    expect(Object.keys(rules)).toEqual(['.header', '.row-1']);
    // CSS reads NUL as U+FFFD, so that is what the file says; everything else comes back as it was.
    expect(rules['.row-1']).toEqual({ '--vessel-name': nasty.replace('\u0000', '\uFFFD'), '--vessel-name-2': 'x', '--column': 'y', '--1st': 'z', '--zo-': 'w' });
    expect(rules['.header']!['--vessel-name']).toBe('Vessel "name" }');
    expect(cssPropertyName('Berth arrival (local)')).toBe('--berth-arrival-local-');
  });

  it('writes a real xlsx workbook: a zip whose sheet holds the header and the cells', async () => {
    const file = await exportTable({ data: ROWS, columns: COLUMNS, format: 'xlsx' });
    expect(file.fileName).toBe('download.xlsx');
    expect(file.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const entries = unzipSync(await readBlobBytes(file.blob));
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
    // Resolve every cell through the shared-string table the way a spreadsheet does, then compare the grid.
    const xml = (name: string) => new DOMParser().parseFromString(strFromU8(entries[name] ?? new Uint8Array()), 'application/xml');
    const shared = [...xml('xl/sharedStrings.xml').getElementsByTagName('si')].map((si) => si.textContent ?? '');
    const cells = Object.fromEntries(
      [...xml('xl/worksheets/sheet1.xml').getElementsByTagName('c')].map((c) => {
        const value = c.getElementsByTagName('v')[0]?.textContent ?? '';
        return [c.getAttribute('r'), c.getAttribute('t') === 's' ? shared[Number(value)] : Number(value)];
      }),
    );
    // The empty note (C3) is no cell at all; the counts stay numbers.
    expect(cells).toEqual({
      A1: 'Vessel', B1: 'Berth', C1: 'Note', D1: 'Count',
      A2: 'Nordic "Star"', B2: 'Quay 1, north', C2: 'first\nsecond', D2: 3,
      A3: 'Zoë 🚢', B3: '<&>', D3: 12,
    });
    expect(strFromU8(entries['xl/workbook.xml'] ?? new Uint8Array())).toContain('name="download"');
  });

  it('neutralises cells a spreadsheet would run as a formula in csv, and keeps real numbers as numbers', async () => {
    const data = [{ vessel: '=HYPERLINK("https://evil.example","Click")', note: '@SUM(1+1)', deviation: -3.5, shown: '-2.25' }];
    const file = await exportTable({ data, format: 'csv' });
    expect(await readBlobText(file.blob)).toBe('"vessel","note","deviation","shown"\r\n' + `"'=HYPERLINK(""https://evil.example"",""Click"")","'@SUM(1+1)","-3.5","-2.25"\r\n`);
  });

  it('writes a text that looks like a formula as a text cell in xlsx, never as a formula', async () => {
    const planted = '=HYPERLINK("https://evil.example","Click")';
    const file = await exportTable({ data: [{ vessel: planted, deviation: -3.5 }], format: 'xlsx' });
    const entries = unzipSync(await readBlobBytes(file.blob));
    const sheet = strFromU8(entries['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).not.toMatch(/<f[ >]/);
    const shared = new DOMParser().parseFromString(strFromU8(entries['xl/sharedStrings.xml'] ?? new Uint8Array()), 'application/xml');
    expect([...shared.getElementsByTagName('si')].map((si) => si.textContent)).toContain(planted);
    expect(sheet).toContain('<v>-3.5</v>');
  });

  it('accepts the spec name xls and writes the same workbook as .xlsx', async () => {
    const file = await exportTable({ data: ROWS, format: 'xls' });
    expect(file.fileName).toBe('download.xlsx');
  });

  it('uses every key in first-seen order when no columns are given', async () => {
    const file = await exportTable({ data: [{ b: 1 }, { a: 2, b: 3 }], format: 'csv' });
    expect(await readBlobText(file.blob)).toBe('"b","a"\r\n"1",""\r\n"3","2"\r\n');
  });

  describe('errors (spec section 8)', () => {
    it('refuses data that is not an array of objects', async () => {
      for (const data of [{ a: 1 }, [1, 2], [['a']], [null], 42, null]) {
        const error = await failure(() => exportTable({ data, format: 'csv' }));
        expect(error.message).toBe('Invalid export data. Please provide an array of object');
        expect(error.code).toBe('invalid_rows');
        expect(error.translationKey).toBe('export.errors.invalid_rows');
      }
    });

    it('refuses a string that is not valid JSON', async () => {
      const error = await failure(() => exportTable({ data: '{"a":', format: 'json' }));
      expect(error.message).toBe('Invalid export data. Please provide a valid JSON');
      expect(error.code).toBe('invalid_json');
    });

    it('refuses a string for a tabular type, naming the type', async () => {
      for (const format of ['csv', 'xlsx', 'html', 'xml', 'css']) {
        const error = await failure(() => exportTable({ data: '[{"a":1}]', format }));
        expect(error.message).toBe(`Can't export string data to ${format}.`);
        expect(error.code).toBe('string_data');
        expect(error.type).toBe(format);
      }
    });

    it('refuses an unknown type before looking at the data', async () => {
      for (const format of ['pdf', 'CSS', '']) {
        const error = await failure(() => exportTable({ data: ROWS, format }));
        expect(error.message).toBe(`Can't export unknown data type ${format}.`);
        expect(error.code).toBe('unknown_type');
      }
    });
  });
});
