import { describe, expect, it } from 'vitest';
import { compareWithReference, isSimilarVessel, pilotageMinutes, predictArrival, referenceBerthArrival, robustSpeed, type TSpeedReport } from './arrival-model';

const at = new Date('2026-03-01T12:00:00Z');
const minutesAgo = (m: number) => new Date(at.getTime() - m * 60_000);
const reports = (speeds: number[], everyMinutes = 10, navStatus: number | null = 0): TSpeedReport[] =>
  speeds.map((s, i) => ({ receivedAt: minutesAgo((speeds.length - 1 - i) * everyMinutes), speedKnots: s, navStatus }));

describe('robustSpeed', () => {
  it('takes the median of the last 3 h of moving reports, ignoring a spike', () => {
    const sut = robustSpeed({ reports: reports([14, 14.2, 13.8, 40, 14.1, 13.9]), at, historicalKnots: null });
    expect(sut.basis).toBe('reports');
    expect(sut.speedKnots).toBeCloseTo(14.05, 2);
  });

  it('ignores reports older than 3 h', () => {
    const old = reports([20, 20, 20], 10).map((r) => ({ ...r, receivedAt: new Date(r.receivedAt.getTime() - 4 * 3_600_000) }));
    const sut = robustSpeed({ reports: [...old, ...reports([10, 10, 10])], at, historicalKnots: null });
    expect(sut.speedKnots).toBe(10);
  });

  it('bounds the speed to 0.6..1.15 of the historical approach speed', () => {
    expect(robustSpeed({ reports: reports([20, 20, 20]), at, historicalKnots: 12 }).speedKnots).toBeCloseTo(13.8, 5);
    expect(robustSpeed({ reports: reports([5, 5, 5]), at, historicalKnots: 12 }).speedKnots).toBeCloseTo(7.2, 5);
  });

  it('bounds the speed to a plausible 4..25 kn', () => {
    expect(robustSpeed({ reports: reports([2, 2, 2]), at, historicalKnots: null }).speedKnots).toBe(4);
    expect(robustSpeed({ reports: reports([30, 31, 29]), at, historicalKnots: null }).speedKnots).toBe(25);
  });

  it('flags a vessel stopped for the last hour and uses its historical speed', () => {
    const sut = robustSpeed({ reports: [...reports([14, 14, 14], 10).map((r) => ({ ...r, receivedAt: new Date(r.receivedAt.getTime() - 2 * 3_600_000) })), ...reports([0.2, 0.1, 0.3, 0.2], 15)], at, historicalKnots: 11 });
    expect(sut).toEqual({ speedKnots: 11, basis: 'history', isStopped: true });
  });

  it('flags a vessel reporting at anchor even when it drifts at speed, and falls back to the default without history', () => {
    const sut = robustSpeed({ reports: reports([3, 3, 3], 10, 1), at, historicalKnots: null });
    expect(sut.isStopped).toBe(true);
    expect(sut.basis).toBe('default');
  });
});

describe('pilotageMinutes', () => {
  it('prefers the same vessel with one call', () => {
    expect(pilotageMinutes({ sameVessel: [250], similarVessels: [100, 110, 120], pilotBoardingPlaceMinutes: 240 })).toEqual({ minutes: 250, basis: 'same_vessel' });
  });
  it('uses similar vessels only with at least 3 calls', () => {
    expect(pilotageMinutes({ sameVessel: [], similarVessels: [100, 110, 130], pilotBoardingPlaceMinutes: 240 })).toEqual({ minutes: 110, basis: 'similar_vessels' });
    expect(pilotageMinutes({ sameVessel: [], similarVessels: [100, 110], pilotBoardingPlaceMinutes: 240 })).toEqual({ minutes: 240, basis: 'pilot_boarding_place' });
  });
  it('calls vessels similar by type and length within 15 %', () => {
    expect(isSimilarVessel({ type: 'CONTAINER', lengthM: 200 }, { type: 'CONTAINER', lengthM: 230 })).toBe(true);
    expect(isSimilarVessel({ type: 'CONTAINER', lengthM: 200 }, { type: 'CONTAINER', lengthM: 231 })).toBe(false);
    expect(isSimilarVessel({ type: 'CONTAINER', lengthM: 200 }, { type: 'BULK', lengthM: 200 })).toBe(false);
  });
});

describe('predictArrival', () => {
  it('adds the sea time at the robust speed and the pilotage time', () => {
    const sut = predictArrival({ positionAt: at, speed: { speedKnots: 12, basis: 'reports', isStopped: false }, seaDistanceNm: 60, fairwayDistanceNm: 50, fairwayLengthNm: 50, pilotageMinutes: 240 });
    expect(sut.pilotBoardingPlaceAt.toISOString()).toBe('2026-03-01T17:00:00.000Z');
    expect(sut.berthAt.toISOString()).toBe('2026-03-01T21:00:00.000Z');
  });
  it('expects a stopped vessel no earlier than the agreed arrival, a moving one by its speed', () => {
    const base = { positionAt: at, seaDistanceNm: 60, fairwayDistanceNm: 50, fairwayLengthNm: 50, pilotageMinutes: 240, reference: new Date('2026-03-02T06:00:00Z') };
    expect(predictArrival({ ...base, speed: { speedKnots: 12, basis: 'history', isStopped: true } }).berthAt.toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(predictArrival({ ...base, speed: { speedKnots: 12, basis: 'reports', isStopped: false } }).berthAt.toISOString()).toBe('2026-03-01T21:00:00.000Z');
    expect(predictArrival({ ...base, reference: new Date('2026-03-01T13:00:00Z'), speed: { speedKnots: 12, basis: 'history', isStopped: true } }).berthAt.toISOString()).toBe('2026-03-01T21:00:00.000Z');
  });
  it('runs the learned pilotage from the entry into the pilot boarding place, never below the sailing time left', () => {
    const base = { speed: { speedKnots: 12, basis: 'history' as const, isStopped: true }, seaDistanceNm: 0, fairwayDistanceNm: 50, fairwayLengthNm: 50, pilotageMinutes: 360, nominalSailingMinutes: 240 };
    // Entered two hours ago and waited since: 360 minutes from the entry, not from now.
    expect(predictArrival({ ...base, positionAt: at, pilotBoardingPlaceEnteredAt: new Date(at.getTime() - 2 * 3_600_000) }).berthAt.toISOString()).toBe('2026-03-01T16:00:00.000Z');
    // Waited longer than the history's pilotage: the sailing time is still ahead.
    expect(predictArrival({ ...base, positionAt: at, pilotBoardingPlaceEnteredAt: new Date(at.getTime() - 8 * 3_600_000) }).berthAt.toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(predictArrival({ ...base, positionAt: at, pilotBoardingPlaceEnteredAt: null }).berthAt.toISOString()).toBe('2026-03-01T18:00:00.000Z');
    // Under way up the fairway, half of it left: half the sailing time.
    const underWay = { ...base, speed: { speedKnots: 10, basis: 'reports' as const, isStopped: false }, fairwayDistanceNm: 25 };
    expect(predictArrival({ ...underWay, positionAt: at, pilotBoardingPlaceEnteredAt: new Date(at.getTime() - 3_600_000) }).berthAt.toISOString()).toBe('2026-03-01T14:00:00.000Z');
  });
  it('scales the pilotage time by the fairway left once past the pilot boarding place', () => {
    const sut = predictArrival({ positionAt: at, speed: { speedKnots: 12, basis: 'reports', isStopped: false }, seaDistanceNm: 0, fairwayDistanceNm: 25, fairwayLengthNm: 50, pilotageMinutes: 240 });
    expect(sut.berthAt.toISOString()).toBe('2026-03-01T14:00:00.000Z');
  });
});

describe('referenceBerthArrival', () => {
  const t = (h: number) => new Date(Date.UTC(2026, 2, 2, h)).toISOString();
  it('prefers accepted over planned over requested, and an accept agrees to the value on the table', () => {
    expect(referenceBerthArrival([{ action: 'request', label_after: 'requested', date_time: t(8) }])?.toISOString()).toBe(t(8));
    expect(
      referenceBerthArrival([
        { action: 'request', label_after: 'requested', date_time: t(8) },
        { action: 'propose', label_after: 'planned', date_time: t(10) },
      ])?.toISOString(),
    ).toBe(t(10));
    expect(
      referenceBerthArrival([
        { action: 'request', label_after: 'requested', date_time: t(8) },
        { action: 'propose', label_after: 'planned', date_time: t(10) },
        { action: 'accept', label_after: 'accepted', date_time: null },
        { action: 'request', label_after: 'requested', date_time: t(14) },
      ])?.toISOString(),
    ).toBe(t(10));
  });
  it('never takes an estimate as the reference', () => {
    expect(referenceBerthArrival([{ action: 'estimate', label_after: 'estimated', date_time: t(9) }])).toBeNull();
  });
});

describe('compareWithReference', () => {
  const ref = new Date('2026-03-01T12:00:00Z');
  const plus = (m: number) => new Date(ref.getTime() + m * 60_000);
  it('is on time up to the threshold inclusive, delayed or early past it', () => {
    expect(compareWithReference(plus(60), ref, 60)).toEqual({ difference: 60, status: 'on_time' });
    expect(compareWithReference(plus(61), ref, 60)).toEqual({ difference: 61, status: 'delayed' });
    expect(compareWithReference(plus(-60), ref, 60)).toEqual({ difference: -60, status: 'on_time' });
    expect(compareWithReference(plus(-61), ref, 60)).toEqual({ difference: -61, status: 'early' });
  });
});
