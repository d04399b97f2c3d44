// Voyage-template test data and fake API answers: one terminal in Hamburg (Europe/Berlin), three ports, two vessels.
import type { TVoyageTemplate } from '@quayline/domain';
import { API, LINKED_TERMINAL } from '@/test/portcall-fixtures';
import { success, type THandler } from '@/test/render-app';

export const PORTS = [
  { id: 1, unlocode: 'DEHAM', name: 'Hamburg', country_code: 'DE', time_zone: 'Europe/Berlin', latitude: null, longitude: null },
  { id: 2, unlocode: 'NLRTM', name: 'Rotterdam', country_code: 'NL', time_zone: 'Europe/Amsterdam', latitude: null, longitude: null },
  { id: 3, unlocode: 'GBFXT', name: 'Felixstowe', country_code: 'GB', time_zone: 'Europe/London', latitude: null, longitude: null },
];

const vessel = (id: number, name: string, imo: string) => ({
  id,
  name,
  imo_number: imo,
  mmsi: null,
  call_sign: null,
  flag: 'DE',
  vessel_type: 'CONTAINER',
  length_overall_m: 300,
  beam_m: 40,
  max_draft_m: 14,
  gross_tonnage: 90_000,
  vessel_operator: { id: 201, code: 'NRDL', name: 'Nordic Line A/S' },
});
export const VESSELS = [vessel(101, 'CORAL RESOLVE', '9085778'), vessel(102, 'BALTIC DAWN', '9301234')];
export const OPERATORS = [
  { id: 201, code: 'NRDL', name: 'Nordic Line A/S' },
  { id: 202, code: 'MRSK', name: 'Maersk A/S' },
];

export function makeTemplate(overrides: Partial<TVoyageTemplate> = {}): TVoyageTemplate {
  return {
    id: 12,
    version: 3,
    terminal_id: 1,
    name: 'Asia Europe 7',
    code: 'AE7',
    vessel_operator_id: 201,
    vessel_operator: 'Nordic Line A/S',
    rotation: [
      { port_id: 2, is_terminal_call: false, day_offset: 0, arrival_time: '06:00', stay_hours: 20, port_name: 'Rotterdam', unlocode: 'NLRTM', time_zone: 'Europe/Amsterdam' },
      { port_id: 1, is_terminal_call: true, day_offset: 2, arrival_time: '08:00', stay_hours: 30, port_name: 'Hamburg', unlocode: 'DEHAM', time_zone: 'Europe/Berlin' },
      { port_id: 3, is_terminal_call: false, day_offset: 5, arrival_time: '10:00', stay_hours: 18, port_name: 'Felixstowe', unlocode: 'GBFXT', time_zone: 'Europe/London' },
    ],
    berth_window: { arrival_weekday: 3, preferred_start_position_m: 250, berth_orientation: 'Port' },
    vessel_ids: [101, 102],
    vessels: [
      { id: 101, name: 'CORAL RESOLVE', imo_number: '9085778' },
      { id: 102, name: 'BALTIC DAWN', imo_number: '9301234' },
    ],
    recurrence: { interval_weeks: 2, exceptions: ['2030-01-30'] },
    rrule: 'DTSTART:20300102T000000Z\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=WE;WKST=MO\nEXDATE:20300130T000000Z',
    valid_from: '2030-01-02',
    valid_to: '2030-12-31',
    import_direction: 'W',
    export_direction: 'E',
    future_voyages: 6,
    generated_until: '2030-03-27',
    created_at: '2029-12-01T08:00:00.000Z',
    updated_at: '2029-12-01T08:00:00.000Z',
    ...overrides,
  };
}

const page = (items: unknown[]) => success({ items, meta: { page: 1, per_page: 20, total_count: items.length, total_pages: items.length ? 1 : 0 } });
const matches = (q: string | null, ...texts: string[]) => !q || texts.some((text) => text.toLowerCase().includes(q.toLowerCase()));

/** Terminals and the pickers' master data, filtered by `q` as the server does. */
export const templateMasterData: THandler = (call) => {
  if (call.method !== 'GET') return undefined;
  const q = call.search.get('q');
  if (call.path === `${API}/terminals`) return success([LINKED_TERMINAL]);
  if (call.path === `${API}/terminals/current_terminal`) return success({ ...LINKED_TERMINAL, sections: [], bollards: [], shifts: [], pilot_boarding_places: [], tide_station: null, latitude: null, longitude: null });
  if (call.path === `${API}/vessels`) return page(VESSELS.filter((v) => matches(q, v.name, v.imo_number)));
  if (call.path === `${API}/vessel_operators`) return page(OPERATORS.filter((o) => matches(q, o.name, o.code)));
  if (call.path === `${API}/ports`) return page(PORTS.filter((p) => matches(q, p.name, p.unlocode)));
  return undefined;
};
