import { describe, expect, it } from 'vitest';
import { TIME_LABELS, applyNegotiation } from './negotiation';
import { SCHEDULE_SYNC_RULES, SCHEDULE_SYNC_STEPS, decideScheduleSync } from './schedule-sync';

const H = 3_600_000;
const T = Date.UTC(2027, 0, 4, 6);

describe('schedule sync rules', () => {
  it('has a rule for every time label and for a time not set yet', () => {
    expect(Object.keys(SCHEDULE_SYNC_RULES).sort()).toEqual(['none', ...TIME_LABELS].sort());
  });

  it('takes a new schedule time as an estimate while the time is only estimated or not set', () => {
    for (const label of ['none', 'estimated'] as const) {
      expect(decideScheduleSync({ label, current: label === 'none' ? null : T, incoming: T + 5 * H, thresholdMinutes: 60, isSyncable: true })).toEqual({ kind: 'estimate', differenceMinutes: label === 'none' ? 0 : 300 });
    }
  });

  it('turns a new schedule time on a requested time into a new request, which the terminal still answers', () => {
    expect(decideScheduleSync({ label: 'requested', current: T, incoming: T + 5 * H, thresholdMinutes: 60, isSyncable: true })).toEqual({ kind: 'request', differenceMinutes: 300 });
  });

  it('writes only steps the negotiation table allows the vessel side, whose word a schedule is', () => {
    for (const [label, rule] of Object.entries(SCHEDULE_SYNC_RULES)) {
      const step = SCHEDULE_SYNC_STEPS[rule];
      if (!step) continue;
      const result = applyNegotiation({ label: label as keyof typeof SCHEDULE_SYNC_RULES, previousLabel: 'none', lastParty: 'vessel_side', isFirstRequest: false }, step, 'vessel_side');
      expect(result.ok, `${rule} on a ${label} time`).toBe(true);
    }
  });

  it('never overwrites a planned or accepted time: a change beyond the threshold becomes a proposal', () => {
    for (const label of ['planned', 'accepted'] as const) {
      expect(decideScheduleSync({ label, current: T, incoming: T - 3 * H, thresholdMinutes: 60, isSyncable: true })).toEqual({ kind: 'proposal', differenceMinutes: -180 });
    }
  });

  it('records a change to an agreed time within the threshold without raising it, the threshold itself included', () => {
    expect(decideScheduleSync({ label: 'accepted', current: T, incoming: T + H, thresholdMinutes: 60, isSyncable: true })).toEqual({ kind: 'within_threshold', differenceMinutes: 60 });
    expect(decideScheduleSync({ label: 'accepted', current: T, incoming: T + H + 60_000, thresholdMinutes: 60, isSyncable: true }).kind).toBe('proposal');
  });

  it('leaves actual and cancelled times alone', () => {
    for (const label of ['actual', 'cancelled', 'cancel_requested', 'cancel_accepted'] as const) {
      expect(decideScheduleSync({ label, current: T, incoming: T + 10 * H, thresholdMinutes: 60, isSyncable: true }).kind).toBe('kept_actual');
    }
  });

  it('touches nothing when sync is stopped for the call, and reports a schedule that agrees as unchanged', () => {
    expect(decideScheduleSync({ label: 'requested', current: T, incoming: T + H, thresholdMinutes: 60, isSyncable: false })).toEqual({ kind: 'sync_inactive' });
    expect(decideScheduleSync({ label: 'accepted', current: T, incoming: T, thresholdMinutes: 0, isSyncable: true })).toEqual({ kind: 'unchanged' });
  });
});
