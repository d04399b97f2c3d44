// Every column of every download has its header in every language file: a missing text would fall back to the key.
import { LOCALES } from '@quayline/domain';
import { describe, expect, it } from 'vitest';
import { SHIFT_PLAN_COLUMNS, SHIFT_REPORT_COLUMNS } from '../shift-planner/shift-download-columns';
import { translatedText } from '../translations/translation-files';
import { AUDIT_COLUMNS, DRAFT_COLUMNS, PORTCALL_COLUMNS, TASK_COLUMNS } from './download-columns';

describe('download headers', () => {
  it.each(LOCALES)('are all in the %s language file', (locale) => {
    const keys = [
      ...[...PORTCALL_COLUMNS, ...AUDIT_COLUMNS, ...TASK_COLUMNS, ...DRAFT_COLUMNS].map((c) => `downloadColumns.calls.${c}`),
      ...[...SHIFT_PLAN_COLUMNS, ...SHIFT_REPORT_COLUMNS, 'sheet_plan', 'sheet_report'].map((c) => `downloadColumns.shifts.${c}`),
    ];
    expect(keys.filter((key) => !translatedText(locale, key))).toEqual([]);
  });

  it('read the German texts the German screens show', () => {
    expect(translatedText('de', 'downloadColumns.calls.berth_arrival')).toBe('Ankunft am Liegeplatz');
    expect(translatedText('de', 'downloadColumns.shifts.sheet_plan')).toBe('Schichtplan');
  });
});
