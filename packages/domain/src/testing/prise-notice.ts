// One PRISE notice's content for the tests of both apps: a container vessel due at Hamburg's Waltershof terminal with
// everything the port authority needs, so a test empties the fields it is about and keeps the rest complete.
import type { TPriseNoticeContent } from '../schemas/prise';

/** A complete notice: nothing missing, a vessel below the large-vessel limits, pilot boarding 04:00 Berlin summer time. */
export function priseNoticeContent(overrides: Partial<TPriseNoticeContent> = {}): TPriseNoticeContent {
  return {
    vessel: { name: 'CORAL RESOLVE', imo_number: '9085778', call_sign: 'DCRR', mmsi: null, flag: 'DE', length_overall_m: 197.7, beam_m: 30, max_draft_m: 12 },
    voyage_number: 'V100',
    terminal: { id: 1, code: 'DEHAM-WMT', name: 'Waltershof Multipurpose Terminal', port_unlocode: 'DEHAM' },
    pilot_boarding_place_name: 'Elbe 1',
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
    dangerous_goods: false,
    persons_on_board: 22,
    ...overrides,
  };
}
