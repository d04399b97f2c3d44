import { describe, expect, it } from 'vitest';
import { OVERALL_KPIS, OVERALL_KPI_UNITS, addUtcYears, customPeriodProblem, parseKpiList, percentileCont, roundKpi } from './kpis';
import { ZOverallPerformanceQuery, ZPortcallKpisQuery } from './schemas/kpis';
import { PORTCALL_KPIS } from './schemas/settings';

describe('KPI rules', () => {
  it('interpolates percentiles the way SQL percentile_cont does', () => {
    expect(percentileCont([3, 0, 2], 0.9)).toBeCloseTo(2.8);
    expect(percentileCont([2, 6], 0.5)).toBe(4);
    expect(percentileCont([7], 0.9)).toBe(7);
    expect(percentileCont([], 0.5)).toBeNull();
  });

  it('limits a custom period to three calendar years and names the field at fault', () => {
    const from = new Date('2024-02-29T00:00:00Z');
    expect(addUtcYears(from, 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(customPeriodProblem(new Date('2020-01-01T00:00:00Z'), new Date('2023-01-01T00:00:00Z'))).toBeNull();
    expect(customPeriodProblem(new Date('2020-01-01T00:00:00Z'), new Date('2023-01-01T00:00:01Z'))?.path).toBe('to');
    expect(customPeriodProblem(new Date('2020-01-02T00:00:00Z'), new Date('2020-01-01T00:00:00Z'))).toEqual({ path: 'to', message: 'to must be after from' });
    expect(customPeriodProblem(undefined, new Date())?.path).toBe('from');
  });

  it('reads a KPI list, keeping unknown ids apart so they can be named', () => {
    expect(parseKpiList(undefined, PORTCALL_KPIS).kpis).toEqual([...PORTCALL_KPIS]);
    expect(parseKpiList('turnaround_time, waiting_time,waiting_time', PORTCALL_KPIS)).toEqual({ kpis: ['turnaround_time', 'waiting_time'], unknown: [] });
    expect(parseKpiList('waiting_time,mood', PORTCALL_KPIS)).toEqual({ kpis: ['waiting_time'], unknown: ['mood'] });
  });

  it('rounds values to two decimals and keeps missing data null, not zero', () => {
    expect(roundKpi(2.8000000001)).toBe(2.8);
    expect(roundKpi('33.3333')).toBe(33.33);
    expect(roundKpi(null)).toBeNull();
  });

  it('gives every overall KPI a unit', () => {
    expect(OVERALL_KPIS.every((k) => OVERALL_KPI_UNITS[k])).toBe(true);
  });

  it('rejects an unknown grouping, KPI or a period over three years in the query schema', () => {
    const issues = (q: Record<string, string>) => {
      const r = ZOverallPerformanceQuery.safeParse({ terminal_id: '1', ...q });
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(issues({ grouping: 'hour' })).toEqual(['grouping']);
    expect(issues({ kpis: 'berth_utilisation,luck' })).toEqual(['kpis']);
    expect(issues({ period: 'custom', from: '2020-01-01T00:00:00Z', to: '2024-01-01T00:00:00Z' })).toEqual(['to']);
    expect(issues({ period: 'month' })).toEqual([]);
    expect(ZPortcallKpisQuery.parse({}).per_page).toBe(6);
  });
});
