import { describe, expect, it } from 'vitest';
import { ZBoardShift } from './schemas/shift-planner';
import { ZLocalizedNames, localizedName } from './schemas/master-data';
import { shiftsInWindow } from './shift-calendar';

describe('names of master data per language', () => {
  const early = { name: 'Early', names: { de: 'Frühschicht', fr: 'Équipe du matin' } };

  it("reads the reader's language, else the record's own name", () => {
    expect(localizedName(early, 'de')).toBe('Frühschicht');
    expect(localizedName(early, 'fr')).toBe('Équipe du matin');
    expect(localizedName(early, 'es')).toBe('Early');
    expect(localizedName({ name: 'Late' }, 'de')).toBe('Late');
  });

  it('takes only the languages of the app, names of a readable length, and no direction controls', () => {
    expect(ZLocalizedNames.safeParse({ de: 'Spätschicht' }).success).toBe(true);
    expect(ZLocalizedNames.safeParse({ nl: 'Vroege dienst' }).success).toBe(false);
    expect(ZLocalizedNames.safeParse({ de: '' }).success).toBe(false);
    expect(ZLocalizedNames.safeParse({ de: 'x'.repeat(81) }).success).toBe(false);
    expect(ZLocalizedNames.safeParse({ de: 'Nacht\u202Etfihcs' }).success).toBe(false);
  });

  it("carries a shift's names from its definition to every occurrence", () => {
    const from = Date.parse('2026-07-01T00:00:00Z');
    const occurrences = shiftsInWindow({ shifts: [{ id: 1, shift_number: 1, start_time: '06:00', end_time: '14:00', ...early }], timeZone: 'Europe/Berlin', from, to: from + 2 * 86_400_000 });
    expect(occurrences.length).toBeGreaterThan(0);
    for (const o of occurrences) expect(localizedName(o, 'de')).toBe('Frühschicht');
    expect(ZBoardShift.shape.names.safeParse(early.names).success).toBe(true);
  });
});
