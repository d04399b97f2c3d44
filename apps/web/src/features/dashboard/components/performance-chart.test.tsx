import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import { performanceChartRows, performanceSeries, plannedKey, type TPerformanceChartType } from '../utils/performance-chart-data';
import { PerformanceChartTooltip } from './performance-chart-tooltip';

const ROWS = [
  { label: '30 Jun', planned: false, values: { berth_utilisation: 40, waiting_time_avg: 2 } },
  { label: '1 Jul', planned: false, values: { berth_utilisation: 0, waiting_time_avg: null } },
  { label: '2 Jul', planned: true, values: { berth_utilisation: 55, waiting_time_avg: null } },
];
const KPIS = ['berth_utilisation', 'waiting_time_avg'] as const;
const seriesOf = (chartType: TPerformanceChartType) =>
  performanceSeries(KPIS, { chartType, hasPlanned: true, label: (k) => k, plannedLabel: (name) => `${name} (planned)` });

describe('performance chart data', () => {
  it.each(['bar', 'line', 'area'] as const)('keeps planned figures in their own series on a %s chart, drawn unlike the measured ones', (chartType) => {
    const rows = performanceChartRows(ROWS, KPIS, chartType);
    expect(rows[0]!.berth_utilisation).toBe(40);
    expect(rows[2]!.berth_utilisation).toBeNull();
    expect(rows[2]![plannedKey('berth_utilisation')]).toBe(55);
    const series = seriesOf(chartType);
    const measured = series.find((s) => s.name === 'berth_utilisation')!;
    const planned = series.find((s) => s.name === plannedKey('berth_utilisation'))!;
    expect(planned.label).toBe('berth_utilisation (planned)');
    expect([planned.color, planned.strokeDasharray]).not.toEqual([measured.color, measured.strokeDasharray]);
    // A planned bar shares its KPI's slot, so a group shows one bar per KPI, not a measured gap beside it.
    if (chartType === 'bar') expect(planned.stackId).toBe(measured.stackId);
  });

  it('starts a planned line at the last measured point, but never duplicates a bar', () => {
    expect(performanceChartRows(ROWS, KPIS, 'line')[1]![plannedKey('berth_utilisation')]).toBe(0);
    expect(performanceChartRows(ROWS, KPIS, 'bar')[1]![plannedKey('berth_utilisation')]).toBeNull();
  });

  it('keeps a gap a gap (null) and a measured zero a zero', () => {
    const rows = performanceChartRows(ROWS, KPIS, 'line');
    expect(rows[1]!.waiting_time_avg).toBeNull();
    expect(rows[2]![plannedKey('waiting_time_avg')]).toBeNull();
    expect(rows[1]!.berth_utilisation).toBe(0);
  });

  it('leaves the planned series out of the legend when nothing is planned', () => {
    expect(performanceSeries(KPIS, { chartType: 'line', hasPlanned: false, label: (k) => k, plannedLabel: (n) => n }).map((s) => s.name)).toEqual([...KPIS]);
  });
});

describe('performance chart tooltip', () => {
  const show = (index: number) => {
    const rows = performanceChartRows(ROWS, KPIS, 'bar');
    return render(
      <I18nextProvider i18n={createI18n({ locale: 'en', translation: en as TTranslationTree })}>
        <MantineProvider>
          <PerformanceChartTooltip row={rows[index]} kpis={['waiting_time_avg']} unit="hours" />
        </MantineProvider>
      </I18nextProvider>,
    );
  };

  it('says "no data" for a gap, never 0', () => {
    show(1);
    const value = screen.getByTestId('performance-tooltip-waiting_time_avg').textContent;
    expect(value).toBe('No data');
    expect(value).not.toMatch(/0/);
  });

  it('shows a measured value and says when the figures are planned', () => {
    const first = show(0);
    expect(screen.getByTestId('performance-tooltip').getAttribute('data-planned')).toBe('false');
    expect(screen.getByTestId('performance-tooltip-waiting_time_avg').textContent).toBe('2.00 h');
    first.unmount();
    show(2);
    expect(screen.getByTestId('performance-tooltip').getAttribute('data-planned')).toBe('true');
    expect(screen.getByText('Planned')).toBeTruthy();
  });
});
