import { describe, expect, it } from 'vitest';
import { movedCargoWindow, type TPortcallTimestamp } from '@quayline/domain';
import { makePortcall } from '@/test/portcall-fixtures';
import { dropPlace } from '../hooks/use-unassigned-drop';
import { buildPlannerDays, shiftOccurrences } from './day-grid';
import { applyDraft } from './draft-overlay';
import { negotiationWindows } from './negotiation-windows';
import { shiftVolumes } from './shift-volumes';

describe('planner helpers', () => {
  it('places a dropped unassigned call at the snapped time and bollard with its own duration and length', () => {
    const days = buildPlannerDays({ firstDay: '2026-07-15', dayCount: 2, timeZone: 'Europe/Berlin' });
    const call = makePortcall({ vessel_length_overall: 197.7 });
    const place = dropPlace({ call, ms: Date.parse('2026-07-15T09:10:00Z'), metre: 208, days, stepMinutes: 120, bollardPositions: [5, 205, 405], quayLength: 1400 });
    expect(place).toEqual({ berth_arrival: '2026-07-15T10:00:00.000Z', berth_departure: '2026-07-16T18:00:00.000Z', berth_start_position: 205, berth_end_position: 403 });
  });

  it('moves the cargo window along with the call and keeps it inside the new stay', () => {
    const call = { berth_arrival: '2026-07-15T08:00:00.000Z', cargo_operations_start: '2026-07-15T10:00:00.000Z', cargo_operations_end: '2026-07-16T14:00:00.000Z' };
    expect(movedCargoWindow(call, { berth_arrival: '2026-07-15T12:00:00.000Z', berth_departure: '2026-07-16T20:00:00.000Z' })).toEqual({ cargo_operations_start: '2026-07-15T14:00:00.000Z', cargo_operations_end: '2026-07-16T18:00:00.000Z' });
    expect(movedCargoWindow(call, { berth_arrival: '2026-07-15T08:00:00.000Z', berth_departure: '2026-07-16T10:00:00.000Z' })?.cargo_operations_end).toBe('2026-07-16T10:00:00.000Z');
    expect(movedCargoWindow({ ...call, cargo_operations_start: null }, { berth_arrival: '2026-07-15T08:00:00.000Z', berth_departure: '2026-07-16T10:00:00.000Z' })).toBeNull();
  });

  it('shows the live calls with the sandbox moves applied', () => {
    const live = [makePortcall({ id: 1 }), makePortcall({ id: 2 })];
    const shown = applyDraft(live, { terminal_id: 1, version: 3, changes: [{ portcall_id: 2, base_version: 3, berth_start_position: 500, berth_end_position: 700, berth_arrival: '2026-07-20T08:00:00.000Z' }], frozen_portcall_ids: [], can_undo: true, can_redo: false, updated_at: null });
    expect(shown[0]).toBe(live[0]);
    expect(shown[1]).toMatchObject({ id: 2, berth_start_position: 500, berth_end_position: 700, berth_arrival: '2026-07-20T08:00:00.000Z', berth_departure: live[1]!.berth_departure });
  });

  it('carries the cargo window along with a sandbox move, so the card shows where cargo is worked after the move', () => {
    const live = [makePortcall({ id: 3, berth_arrival: '2026-07-15T08:00:00.000Z', berth_departure: '2026-07-16T08:00:00.000Z', cargo_operations_start: '2026-07-15T10:00:00.000Z', cargo_operations_end: '2026-07-16T06:00:00.000Z' })];
    const [shown] = applyDraft(live, { terminal_id: 1, version: 1, changes: [{ portcall_id: 3, base_version: 1, berth_arrival: '2026-07-15T12:00:00.000Z', berth_departure: '2026-07-16T12:00:00.000Z' }], frozen_portcall_ids: [], can_undo: true, can_redo: false, updated_at: null });
    expect(shown).toMatchObject({ cargo_operations_start: '2026-07-15T14:00:00.000Z', cargo_operations_end: '2026-07-16T10:00:00.000Z' });
  });

  it('reads the latest requested, proposed and accepted windows from the negotiation chain', () => {
    const step = (time: string, label: string, date_time: string) => ({ time, label, date_time }) as unknown as TPortcallTimestamp;
    const chain = [
      step('berth_arrival', 'requested', '2026-07-15T08:00:00Z'),
      step('berth_departure', 'requested', '2026-07-16T08:00:00Z'),
      step('berth_arrival', 'planned', '2026-07-15T10:00:00Z'),
      step('berth_departure', 'planned', '2026-07-16T12:00:00Z'),
      step('berth_arrival', 'planned', '2026-07-15T11:00:00Z'),
    ];
    expect(negotiationWindows(chain)).toEqual([
      { label: 'requested', from: Date.parse('2026-07-15T08:00:00Z'), to: Date.parse('2026-07-16T08:00:00Z') },
      { label: 'planned', from: Date.parse('2026-07-15T11:00:00Z'), to: Date.parse('2026-07-16T12:00:00Z') },
    ]);
  });

  it('sums the cargo moves of shift details per shift of the terminal', () => {
    const days = buildPlannerDays({ firstDay: '2026-07-15', dayCount: 1, timeZone: 'Europe/Berlin' });
    const shifts = shiftOccurrences(days, [{ id: 1, shift_number: 1, name: 'Early', start_time: '06:00', end_time: '14:00' }, { id: 2, shift_number: 2, name: 'Late', start_time: '14:00', end_time: '22:00' }], 'Europe/Berlin');
    const detail = (start: string, moves: number) => ({ start_time: start, discharge: moves, load: 1, restow: 0 });
    const call = makePortcall({ portcall_shift_details: [detail('2026-07-15T04:00:00Z', 10), detail('2026-07-15T05:00:00Z', 20), detail('2026-07-15T13:00:00Z', 5)] as unknown as ReturnType<typeof makePortcall>['portcall_shift_details'] });
    const early = shifts.findIndex((s) => s.name === 'Early' && s.start === Date.parse('2026-07-15T04:00:00Z'));
    const late = shifts.findIndex((s) => s.name === 'Late' && s.start === Date.parse('2026-07-15T12:00:00Z'));
    const volumes = shiftVolumes(shifts, [call]);
    expect(volumes[early]).toBe(32);
    expect(volumes[late]).toBe(6);
  });
});
