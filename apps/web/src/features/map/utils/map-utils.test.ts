import { describe, expect, it } from 'vitest';
import type { TAisPortcallsList } from '@quayline/domain';
import { applyPositions } from './apply-positions';
import { worstPredictionLevel } from './prediction-rank';
import { STATUS_HEX, markerRotation, shipIconHtml } from './ship-icon';

const list: TAisPortcallsList = {
  terminal_id: 1,
  generated_at: '2026-07-15T08:00:00.000Z',
  portcalls: [
    {
      portcall_id: 5, terminal_id: 1, status: 'Approaching', vessel_id: 1, vessel_name: 'A', imo_number: '1', mmsi: null, vessel_type: 'X', length_overall_m: 1, beam_m: 1,
      vessel_operator_code: 'V', agent_code: null, berth_arrival: '2026-07-15T14:00:00.000Z', berth_arrival_label: null, berth_departure: '2026-07-16T14:00:00.000Z',
      berth_departure_label: null, pilot_boarding_place_name: null, pilot_boarding_place_arrival: null, previous_port_name: null, predicted_berth_arrival: null,
      is_watched: false, position: null, reported_destination: null, reported_eta: null, track: [],
    },
  ],
};
const at = (latitude: number, receivedAt: string) => ({ portcall_id: 5, mmsi: '211000000', latitude, longitude: 8, speed_knots: 12, course_deg: 90, heading_deg: null, nav_status: 0, received_at: receivedAt });

describe('applyPositions', () => {
  it('moves the vessel to the newest report of a batch, grows its track and learns its MMSI', () => {
    const next = applyPositions(list, [at(54.2, '2026-07-15T08:02:00.000Z'), at(54.1, '2026-07-15T08:01:00.000Z')])!;
    expect(next.portcalls[0]!.position).toMatchObject({ latitude: 54.2, received_at: '2026-07-15T08:02:00.000Z' });
    expect(next.portcalls[0]!.track).toEqual([[54.2, 8, '2026-07-15T08:02:00.000Z']]);
    expect(next.portcalls[0]!.mmsi).toBe('211000000');
  });

  it('keeps the same list for reports of other calls or older than the one shown', () => {
    const moved = applyPositions(list, [at(54.2, '2026-07-15T08:02:00.000Z')])!;
    expect(applyPositions(moved, [at(50, '2026-07-15T08:00:00.000Z')])).toBe(moved);
    expect(applyPositions(moved, [{ ...at(50, '2026-07-15T09:00:00.000Z'), portcall_id: 99 }])).toBe(moved);
  });
});

describe('vessel markers', () => {
  it('fill in the status colours of the port-call badges', () => {
    expect(STATUS_HEX).toEqual({ Cancelled: '#fa5252', Departed: '#868e96', 'Cargo Ops': '#7950f2', Berthed: '#40c057', 'Arrived at PBP': '#15aabf', Approaching: '#228be6' });
  });

  it('colours a cluster by its worst prediction', () => {
    expect(worstPredictionLevel(['on_time', 'early', 'none'])).toBe('early');
    expect(worstPredictionLevel(['on_time', 'delayed', 'early'])).toBe('delayed');
    expect(worstPredictionLevel([])).toBe('none');
  });

  it('points along the heading when known, else along the course', () => {
    expect(markerRotation({ heading_deg: 270, course_deg: 90 })).toBe(270);
    expect(markerRotation({ heading_deg: null, course_deg: 359.6 })).toBe(0);
    expect(markerRotation({ heading_deg: null, course_deg: null })).toBe(0);
    const html = shipIconHtml({ status: 'Approaching', level: 'delayed', rotation: 45, isSelected: false, label: 'A<B' });
    expect(html).toContain('rotate(45 14 14)');
    expect(html).toContain('stroke="#e03131"');
    expect(html).toContain('aria-label="A&#60;B"');
  });
});
