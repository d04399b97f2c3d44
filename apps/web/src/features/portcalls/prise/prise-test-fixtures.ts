// Test data for the PRISE panel: a Hamburg notice and a fake API answering GET/PUT/submit from a mutable state.
import type { TPriseNotice } from '@quayline/domain';
import { API } from '@/test/portcall-fixtures';
import { success, type TFakeResponse, type THandler, type TRecordedCall } from '@/test/render-app';

export function makeNotice(overrides: Partial<TPriseNotice> = {}): TPriseNotice {
  return {
    portcall_id: 5,
    applicable: true,
    version: 1,
    port_authority_status: 'draft',
    prise_status: 'prise_info_required',
    prise_message: null,
    prise_code: null,
    content: {
      vessel: { name: 'CORAL RESOLVE', imo_number: '9085778', call_sign: 'DCRR', mmsi: null, flag: 'DE', length_overall_m: 197.7, beam_m: 30, max_draft_m: 12 },
      voyage_number: 'V100',
      terminal: { id: 1, code: 'DEHAM-WMT', name: 'Waltershof Multipurpose Terminal', port_unlocode: 'DEHAM' },
      pilot_boarding_place_name: 'Elbe 1',
      // 04:00 Berlin (summer time) on the day of berth arrival.
      eta_pilot_boarding_place: '2026-07-15T02:00:00.000Z',
      berth_arrival: '2026-07-15T08:00:00.000Z',
      berth_departure: '2026-07-16T16:00:00.000Z',
      berth: { section_id: 11, section_name: 'Berth 1' },
      berth_start_position_m: 20,
      berth_end_position_m: 220,
      draft_inbound_m: 11.2,
      draft_outbound_m: 11.8,
      previous_port: { id: 2, unlocode: 'NLRTM', name: 'Rotterdam' },
      next_port: { id: 3, unlocode: 'PLGDN', name: 'Gdańsk' },
      agent: { id: 301, code: 'ESA', name: 'Elbe Ship Agency GmbH' },
      vessel_operator: { id: 201, code: 'NRDL', name: 'Nordic Line A/S' },
      cargo_type: 'Container (boxes)',
      dangerous_goods: null,
      persons_on_board: null,
    },
    missing: ['dangerous_goods', 'persons_on_board'],
    due_at: '2026-07-14T02:00:00.000Z',
    flags: { late: false, large_vessel: false },
    submitted_at: null,
    submitted_by: null,
    answered_at: null,
    reference: null,
    accepted_window: null,
    can_edit: true,
    can_submit: false,
    history: [],
    ...overrides,
  };
}

export type TNoticeApi = { notice: TPriseNotice; writes: TRecordedCall[] };

/** GET answers the state's notice; PUT and submit go to `onWrite`, which answers (or leaves it to a later handler). */
export function noticeApi(state: TNoticeApi, onWrite?: (call: TRecordedCall) => TFakeResponse | undefined): THandler {
  return (call) => {
    if (!call.path.startsWith(`${API}/portcalls/${state.notice.portcall_id}/prise_notice`)) return undefined;
    if (call.method === 'GET') return success(state.notice);
    state.writes.push(call);
    return onWrite?.(call);
  };
}
