import { describe, expect, it } from 'vitest';
import { checkPlan } from './checker';
import { InstanceFormatError } from './instance-format';
import { parseLallaRuiz } from './lalla-ruiz';
import { evaluatePlan } from './objective';
import { solve } from './solver';

// The layout of the published files (CRLF line ends): N, M, arrivals, openings, N x M handling, closings, latest departures.
const SAMPLE = ['4', '2', '3 0 5 9 ', '2 0 ', '10 99999 ', '6 8 ', '99999 4 ', '5 5 ', '100 90 ', '60 60 60 60 '].join('\r\n');

describe('the Lalla-Ruiz loader', () => {
  it('reads berths with their windows, handling without the forbidden 99999, and latest departures', () => {
    const { instance } = parseLallaRuiz(SAMPLE, 'sample');
    expect(instance.name).toBe('sample');
    expect(instance.quay.kind === 'discrete' && instance.quay.berths.map((b) => [b.id, b.open])).toEqual([
      ['B1', [[2, 100]]],
      ['B2', [[0, 90]]],
    ]);
    expect(instance.vessels.map((v) => [v.id, v.arrival, v.handling.kind === 'by_place' && v.handling.hours, v.latestDeparture])).toEqual([
      ['V1', 3, { B1: 10 }, 60],
      ['V2', 0, { B1: 6, B2: 8 }, 60],
      ['V3', 5, { B2: 4 }, 60],
      ['V4', 9, { B1: 5, B2: 5 }, 60],
    ]);
  });

  it('gives instances the solver plans feasibly, with the literature objective', () => {
    const { instance } = parseLallaRuiz(SAMPLE);
    const result = solve(instance, { maxIterations: 500 });
    expect(checkPlan(instance, result.plan).isFeasible).toBe(true);
    const report = evaluatePlan(instance, result.plan);
    expect(report.total).toBe(report.turnaround);
  });

  it('reads a file without latest departures', () => {
    const { instance } = parseLallaRuiz(SAMPLE.split('\r\n').slice(0, -1).join('\n'));
    expect(instance.vessels.every((v) => v.latestDeparture === null)).toBe(true);
  });

  it('says where a truncated file ends', () => {
    expect(() => parseLallaRuiz('4\n2\n3 0 5 9\n2 0\n10 99999')).toThrow(InstanceFormatError);
    expect(() => parseLallaRuiz('4\n2\n3 0 5 9\n2 0\n10 99999')).toThrow(/handling times of vessel 2/);
  });
});
