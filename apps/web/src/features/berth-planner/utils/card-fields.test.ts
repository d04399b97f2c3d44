import { describe, expect, it } from 'vitest';
import { plannerPortcallOf } from '@quayline/domain';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import { makePortcall } from '@/test/portcall-fixtures';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import de from '../../../../../server/src/modules/translations/locales/de.json';
import { type TCardContext, cardLines, createCardTexts } from './card-fields';

const i18n = createI18n({ locale: 'en', translation: en as TTranslationTree });
const context = { texts: createCardTexts(i18n.t), timeZone: 'Europe/Berlin', locale: 'en' as const, bollardNames: new Map<number, string>() };
const progressLine = (overrides: Parameters<typeof makePortcall>[0]) => cardLines(plannerPortcallOf(makePortcall(overrides)), ['cargo_ops_progress'], context, 3)[0]?.text ?? null;

describe('the cargo progress line of a card', () => {
  it('shows the volume done, not the share of the cargo window that has passed', () => {
    // The cargo window lies wholly in the past; by the clock the call would be at 100 %.
    const cargo = [{ id: 1, cargo_type: 'General' as const, discharge: 300, load: 100, restow: 0, total: 400, move_count: 0, move_count_unit: 'pieces' as const, crane_intensity: 1, quantities: null, quantity_totals: null }];
    const line = progressLine({ cargo_operations_start: '2020-01-01T00:00:00.000Z', cargo_operations_end: '2020-01-02T00:00:00.000Z', cargo_details: cargo, cargo_progress_percentage: 37.5, total_volume: 400, actual_volume: 150, remaining_volume: 250 });
    expect(line).toBe('Cargo operations 38 % done');
  });

  it('has no line for a call without planned volume', () => {
    expect(progressLine({ cargo_operations_start: '2020-01-01T00:00:00.000Z', cargo_operations_end: '2020-01-02T00:00:00.000Z' })).toBeNull();
  });
});

describe('the cargo window line of a card', () => {
  it('says it is the cargo window, so it is not read as the berth stay', () => {
    const call = plannerPortcallOf(makePortcall({ cargo_operations_start: '2026-07-15T08:00:00.000Z', cargo_operations_end: '2026-07-15T16:30:00.000Z' }));
    const line = cardLines(call, ['cargo_operations_time'], context, 3)[0]?.text;
    expect(line).toMatch(/^Cargo .*10:00 – .*18:30$/);
  });
});

describe('the pilot boarding place line of a card', () => {
  it("names the place in the reader's language when the terminal has a name for it, else as the call carries it", () => {
    const call = plannerPortcallOf(makePortcall({ pilot_boarding_place_id: 7, pilot_boarding_place_name: 'Brunsbüttel pilot change', pilot_boarding_place_arrival: '2026-07-15T08:00:00.000Z' }));
    const german = { ...context, placeNames: new Map([[7, 'Lotsenwechsel Brunsbüttel']]) };
    expect(cardLines(call, ['pilot_boarding_place_arrival'], german, 3)[0]?.text).toMatch(/^Lotsenwechsel Brunsbüttel/);
    expect(cardLines(call, ['pilot_boarding_place_arrival'], context, 3)[0]?.text).toMatch(/^Brunsbüttel pilot change/);
  });
});

describe('the vessel type line of a card', () => {
  const line = (overrides: Parameters<typeof makePortcall>[0], ctx: TCardContext = context) => cardLines(plannerPortcallOf(makePortcall(overrides)), ['vessel_type'], ctx, 3)[0]?.text;
  it("shows the detailed type in the reader's language, a text of the writer's own as typed, else the coded type's label", () => {
    const german = { ...context, texts: createCardTexts(createI18n({ locale: 'de', translation: de as TTranslationTree }).t), locale: 'de' as const };
    expect(line({ vessel_type_detailed: 'Feeder container ship' })).toBe('Feeder container ship');
    expect(line({ vessel_type_detailed: 'Feeder container ship' }, german)).toBe('Feederschiff');
    expect(line({ vessel_type_detailed: 'Feeder, blue hull' }, german)).toBe('Feeder, blue hull');
    expect(line({ vessel_type_detailed: null })).toBe('Container ship');
    expect(line({ vessel_type_detailed: null }, german)).toBe('Containerschiff');
  });
});
