import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { plannerPortcallOf, type TPlannerPortcall, type TPortcall, type TPredictedBerthArrival } from '@quayline/domain';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import { makePortcall } from '@/test/portcall-fixtures';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import { createCardTexts } from '../utils/card-fields';
import type { TScreenRect } from '../utils/planner-scale';
import { PlannerCard } from './planner-card';

const i18n = createI18n({ locale: 'en', translation: en as TTranslationTree });
const context = { texts: createCardTexts(i18n.t), timeZone: 'Europe/Berlin', locale: 'en' as const, bollardNames: new Map<number, string>() };
const prediction = (status: TPredictedBerthArrival['status'], difference: number): TPredictedBerthArrival => ({
  predicted_time: '2026-07-15T10:00:00.000Z',
  difference,
  status,
  source: 'ais',
  last_fetched_at: '2026-07-15T07:00:00.000Z',
});

function renderCard(predicted: TPredictedBerthArrival | null, prise: TPortcall['prise_status'] = null) {
  const call: TPlannerPortcall = { ...plannerPortcallOf(makePortcall()), predicted_berth_arrival: predicted, prise_status: prise };
  return render(<PlannerCard call={call} rect={{ left: 0, top: 0, width: 200, height: 80 } as unknown as TScreenRect} isClash={false} isFrozen={false} isSelected={false} isSwitched={false} fields={[]} context={context} />);
}

describe('planner card name', () => {
  it('is what the card shows, then its status, so the visible text is part of the name', () => {
    renderCard(prediction('delayed', 95));
    const card = screen.getByRole('button');
    expect(card.getAttribute('aria-label')).toBeNull();
    expect(card.textContent).toMatch(/^1 h 35 min late.+, [A-Z][a-z]/);
  });
});

describe('planner card prediction', () => {
  it('shows a delayed or early prediction on the card', () => {
    renderCard(prediction('delayed', 95));
    expect(screen.getByTestId('planner-card-prediction').textContent).toBe('1 h 35 min late');
  });

  it('shows an early one with its minutes', () => {
    renderCard(prediction('early', -40));
    expect(screen.getByTestId('planner-card-prediction').textContent).toBe('40 min early');
  });

  it('keeps the card quiet when on time or without a prediction', () => {
    const { unmount } = renderCard(prediction('on_time', 5));
    expect(screen.queryByTestId('planner-card-prediction')).toBeNull();
    unmount();
    renderCard(null);
    expect(screen.queryByTestId('planner-card-prediction')).toBeNull();
  });
});

describe('planner card PRISE indicator', () => {
  it('marks a rejected, an incomplete and an accepted notice, partially accepted as accepted', () => {
    const cases: [TPortcall['prise_status'], string][] = [
      ['prise_rejected', 'PRISE pre-arrival notice: Rejected'],
      ['prise_info_required', 'PRISE pre-arrival notice: Information required'],
      ['prise_partially_accepted', 'PRISE pre-arrival notice: Accepted'],
    ];
    for (const [status, label] of cases) {
      const { unmount } = renderCard(null, status);
      const icon = screen.getByTestId('planner-card-prise');
      expect(icon.getAttribute('data-prise-status')).toBe(status);
      expect(icon.getAttribute('aria-label')).toBe(label);
      unmount();
    }
  });

  it('stays quiet while the notice only waits for an answer, or without PRISE', () => {
    const { unmount } = renderCard(null, 'prise_sent');
    expect(screen.queryByTestId('planner-card-prise')).toBeNull();
    unmount();
    renderCard(null, null);
    expect(screen.queryByTestId('planner-card-prise')).toBeNull();
  });
});

describe('planner card plausibility', () => {
  it('marks a call whose pilot boards after its berth arrival, with the reason in the marker', () => {
    const base = plannerPortcallOf(makePortcall());
    const call: TPlannerPortcall = { ...base, pilot_boarding_place_arrival: new Date(Date.parse(base.berth_arrival) + 3_600_000).toISOString() };
    render(<PlannerCard call={call} rect={{ left: 0, top: 0, width: 200, height: 80 } as unknown as TScreenRect} isClash={false} isFrozen={false} isSelected={false} isSwitched={false} fields={[]} context={{ ...context, craneRate: 30 }} />);
    const marker = screen.getByTestId('planner-card-plausibility');
    expect(marker.getAttribute('data-kinds')).toBe('pilot_after_berth');
    expect(marker.getAttribute('title')).toMatch(/^Pilot boarding .* is after the berth arrival /);
  });

  it('leaves a plausible call unmarked', () => {
    const base = plannerPortcallOf(makePortcall());
    render(<PlannerCard call={{ ...base, pilot_boarding_place_arrival: null }} rect={{ left: 0, top: 0, width: 200, height: 80 } as unknown as TScreenRect} isClash={false} isFrozen={false} isSelected={false} isSwitched={false} fields={[]} context={{ ...context, craneRate: 30 }} />);
    expect(screen.queryByTestId('planner-card-plausibility')).toBeNull();
  });
});
