import { describe, expect, it } from 'vitest';
import { PRISE_DUE_SOON_WINDOW_HOURS, priseStep } from './schemas/prise';

const now = Date.parse('2026-07-15T12:00:00Z');
const hoursAhead = (h: number) => new Date(now + h * 3600_000).toISOString();
const step = (over: Partial<Parameters<typeof priseStep>[0]>) =>
  priseStep({ isApplicable: true, portcallStatus: 'Approaching', noticeStatus: null, priseStatus: null, pilotBoardingPlaceArrival: hoursAhead(10), berthArrival: hoursAhead(13), now, ...over });

describe("a call's next PRISE step", () => {
  it('is due when the notice deadline is near or past, and not yet for a call weeks out', () => {
    expect(step({})).toBe('due');
    expect(step({ pilotBoardingPlaceArrival: hoursAhead(-2) })).toBe('due');
    expect(step({ pilotBoardingPlaceArrival: hoursAhead(PRISE_DUE_SOON_WINDOW_HOURS) })).toBe('due');
    expect(step({ pilotBoardingPlaceArrival: hoursAhead(PRISE_DUE_SOON_WINDOW_HOURS + 1) })).toBeNull();
    expect(step({ pilotBoardingPlaceArrival: hoursAhead(21 * 24) })).toBeNull();
  });

  it('without a pilot time goes by the berth arrival: due when that is near, not for a call weeks out', () => {
    expect(step({ pilotBoardingPlaceArrival: null })).toBe('due');
    expect(step({ pilotBoardingPlaceArrival: null, berthArrival: hoursAhead(PRISE_DUE_SOON_WINDOW_HOURS) })).toBe('due');
    expect(step({ pilotBoardingPlaceArrival: null, berthArrival: hoursAhead(21 * 24) })).toBeNull();
    // A pilot time, once known, decides.
    expect(step({ pilotBoardingPlaceArrival: hoursAhead(10), berthArrival: hoursAhead(21 * 24) })).toBe('due');
  });

  it('asks at once for what is missing and for a rejected notice, however far out the call is', () => {
    expect(step({ priseStatus: 'prise_info_required', pilotBoardingPlaceArrival: hoursAhead(21 * 24) })).toBe('missing');
    expect(step({ noticeStatus: 'rejected', pilotBoardingPlaceArrival: hoursAhead(21 * 24) })).toBe('rejected');
  });

  it('has none where PRISE does not apply, once the call is in port, or while the port authority has the notice', () => {
    expect(step({ isApplicable: false })).toBeNull();
    expect(step({ portcallStatus: 'Berthed' })).toBeNull();
    expect(step({ noticeStatus: 'submitted' })).toBeNull();
  });
});
