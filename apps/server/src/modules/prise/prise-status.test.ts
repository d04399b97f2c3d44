import { PRISE_REQUIRED_FIELDS, type TPriseNoticeContent } from '@quayline/domain';
import { priseNoticeContent } from '@quayline/domain/testing';
import { describe, expect, it } from 'vitest';
import { decideNotice } from './local-port-authority';
import { changedAspects, missingFieldErrors, missingFields, noticeFlags, priseStatusOf } from './prise-status';

const complete = priseNoticeContent();

/** The content with one required field emptied. */
const without: Record<(typeof PRISE_REQUIRED_FIELDS)[number], (c: TPriseNoticeContent) => TPriseNoticeContent> = {
  vessel_imo_number: (c) => ({ ...c, vessel: { ...c.vessel, imo_number: null } }),
  vessel_call_sign: (c) => ({ ...c, vessel: { ...c.vessel, call_sign: ' ' } }),
  vessel_length_overall: (c) => ({ ...c, vessel: { ...c.vessel, length_overall_m: null } }),
  vessel_beam: (c) => ({ ...c, vessel: { ...c.vessel, beam_m: 0 } }),
  pilot_boarding_place_arrival: (c) => ({ ...c, eta_pilot_boarding_place: null }),
  berth: (c) => ({ ...c, berth: null }),
  berth_position: (c) => ({ ...c, berth_end_position_m: null }),
  draft_inbound: (c) => ({ ...c, draft_inbound_m: 0 }),
  draft_outbound: (c) => ({ ...c, draft_outbound_m: null }),
  previous_port: (c) => ({ ...c, previous_port: null }),
  next_port: (c) => ({ ...c, next_port: null }),
  agent: (c) => ({ ...c, agent: null }),
  cargo_type: (c) => ({ ...c, cargo_type: null }),
  dangerous_goods: (c) => ({ ...c, dangerous_goods: null }),
  persons_on_board: (c) => ({ ...c, persons_on_board: null }),
};

describe('PRISE notice completeness', () => {
  it('finds nothing missing in a complete notice', () => {
    expect(missingFields(complete)).toEqual([]);
  });
  it.each(PRISE_REQUIRED_FIELDS)('names %s when it is empty, and only it', (field) => {
    expect(missingFields(without[field](complete))).toEqual([field]);
  });
  it('lists several missing fields in the contract order, each with a message', () => {
    const c = without.persons_on_board(without.dangerous_goods(without.vessel_imo_number(complete)));
    expect(missingFields(c)).toEqual(['vessel_imo_number', 'dangerous_goods', 'persons_on_board']);
    expect(missingFieldErrors(missingFields(c))).toEqual([
      { path: 'vessel_imo_number', message: 'Vessel IMO number is required for the PRISE notice' },
      { path: 'dangerous_goods', message: 'Dangerous goods indicator is required for the PRISE notice' },
      { path: 'persons_on_board', message: 'Persons on board is required for the PRISE notice' },
    ]);
  });
});

describe('PRISE status table', () => {
  it.each([
    ['draft', false, 2, 'draft', 'prise_info_required'],
    ['draft', false, 0, 'draft', null],
    ['submitted', false, 0, 'submitted', 'prise_sent'],
    ['approved', false, 0, 'approved', 'prise_accepted'],
    ['approved', true, 0, 'approved', 'prise_partially_accepted'],
    ['rejected', false, 0, 'rejected', 'prise_rejected'],
  ] as const)('%s (partial %s, %i missing) shows %s / %s', (status, isPartial, missingCount, authority, prise) => {
    expect(priseStatusOf({ status, isPartial, missingCount })).toEqual({ port_authority_status: authority, prise_status: prise });
  });
});

describe('PRISE flags', () => {
  const due = '2026-07-14T02:00:00.000Z'; // 24 h before the ETA at the pilot boarding place
  it('flags a draft as late once now is past the due time, not before', () => {
    expect(noticeFlags({ content: complete, status: 'draft', submittedAt: null, now: new Date(Date.parse(due) - 60_000) }).late).toBe(false);
    expect(noticeFlags({ content: complete, status: 'draft', submittedAt: null, now: new Date(Date.parse(due) + 60_000) }).late).toBe(true);
  });
  it('judges a sent notice by when it was sent, not by now', () => {
    expect(noticeFlags({ content: complete, status: 'approved', submittedAt: '2026-07-13T10:00:00.000Z', now: new Date('2026-07-15T00:00:00Z') }).late).toBe(false);
    expect(noticeFlags({ content: complete, status: 'submitted', submittedAt: '2026-07-14T10:00:00.000Z', now: new Date('2026-07-14T10:00:00Z') }).late).toBe(true);
  });
  it('flags vessels over 330 m or 45 m as large, at the limits not', () => {
    const at = (length: number, beam: number) => noticeFlags({ content: { ...complete, vessel: { ...complete.vessel, length_overall_m: length, beam_m: beam } }, status: 'draft', submittedAt: null, now: new Date(0) }).large_vessel;
    expect(at(330, 45)).toBe(false);
    expect(at(330.5, 40)).toBe(true);
    expect(at(300, 45.2)).toBe(true);
  });
});

describe('what reopens a sent notice', () => {
  it('sees nothing when eta, draft and berth are the same (other fields do not count)', () => {
    expect(changedAspects(complete, { ...complete, berth_departure: '2026-07-17T00:00:00.000Z', persons_on_board: 30 })).toEqual([]);
  });
  it('names eta, draft and berth changes', () => {
    expect(changedAspects(complete, { ...complete, berth_arrival: '2026-07-15T09:00:00.000Z' })).toEqual(['eta']);
    expect(changedAspects(complete, { ...complete, eta_pilot_boarding_place: '2026-07-15T02:30:00+00:00' })).toEqual(['eta']);
    expect(changedAspects(complete, { ...complete, draft_outbound_m: 12.4 })).toEqual(['draft']);
    expect(changedAspects(complete, { ...complete, berth: { section_id: 12, section_name: 'Berth 2' } })).toEqual(['berth']);
    expect(changedAspects(complete, { ...complete, berth_start_position_m: 30, draft_inbound_m: 13, berth_arrival: '2026-07-15T07:00:00Z' })).toEqual(['eta', 'draft', 'berth']);
  });
});

describe('the local port authority decides from draft, channel depth and tide', () => {
  const passageAt = '2026-06-10T12:00:00.000Z';
  // A tide rising 0.5 m an hour from 0 at the passage time (capped at 1.5 m by the rule).
  const rising = (t: Date) => Math.max(0, (t.getTime() - Date.parse(passageAt)) / 3_600_000) * 0.5;
  const options = { channelDepthM: 13.5, maxTideAllowanceM: 1.5, tideAt: rising };
  it('approves a draft within the channel limit at the passage time', () => {
    expect(decideNotice({ draftInboundM: 13.5, passageAt }, options)).toEqual({ status: 'approved', message: null, code: null, accepted_window: null });
  });
  it('partially approves a draft the rising tide carries later, with a window around that time', () => {
    const d = decideNotice({ draftInboundM: 14.2, passageAt }, options);
    expect(d.status).toBe('partially_approved');
    expect(d.code).toBe('WINDOW_SHIFTED');
    // 14.2 m fits once the tide gives 0.7 m: 1 h 24 min after, the first 10-minute step at or after it is 13:30.
    expect(d.accepted_window).toEqual({ from: '2026-06-10T12:30:00.000Z', to: '2026-06-10T14:30:00.000Z' });
    expect(d.message).toContain('12:30-14:30 UTC');
  });
  it('rejects a draft no tide within 12 hours carries, naming the numbers', () => {
    const d = decideNotice({ draftInboundM: 15.2, passageAt }, options);
    expect(d).toMatchObject({ status: 'rejected', code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT', accepted_window: null });
    expect(d.message).toContain('15.20 m');
    expect(d.message).toContain('15.00 m');
  });
  it('counts no tide when none is predicted', () => {
    expect(decideNotice({ draftInboundM: 13.6, passageAt }, { ...options, tideAt: () => null }).status).toBe('rejected');
  });
});
