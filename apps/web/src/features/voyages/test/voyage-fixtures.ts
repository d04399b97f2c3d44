// Voyage-center test data: one voyage of the AE7 service at the Hamburg terminal (Europe/Berlin), providers and a sync run.
import type { TScheduleProvider, TSyncRun, TVoyage } from '@quayline/domain';
import { API, LINKED_TERMINAL } from '@/test/portcall-fixtures';
import type { TRecordedCall } from '@/test/render-app';

const noState = { label: null, change_label: null };

export function makeVoyage(overrides: Partial<TVoyage> = {}): TVoyage {
  return {
    id: 12,
    version: 4,
    terminal_id: 1,
    template_id: null,
    template_name: null,
    service_name: 'Asia Europe 7',
    service_code: 'AE7',
    vessel_id: 101,
    vessel_name: 'CORAL RESOLVE',
    imo_number: '9085778',
    vessel_operator_id: 3,
    vessel_operator: 'Blue Anchor Line',
    vessel_operator_code: 'BAL',
    voyage_number_import: '2703W',
    voyage_number_export: '2703E',
    direction: 'W',
    voyage_name: 'AE7 2703W/2703E',
    source: 'gnet',
    schedule_syncable: true,
    is_departed: false,
    last_fetched_at: '2027-01-10T06:00:00Z',
    schedule: [
      { id: 1, sequence: 1, port_id: 7, port_name: 'Rotterdam', unlocode: 'NLRTM', is_terminal_call: false, arrival: '2027-01-18T06:00:00Z', departure: '2027-01-19T06:00:00Z', arrival_classifier: 'ACT', departure_classifier: 'EST', source: 'gnet', fetched_at: '2027-01-10T06:00:00Z', status_code: null, portcall_id: null },
      { id: 2, sequence: 2, port_id: 1, port_name: 'Hamburg', unlocode: 'DEHAM', is_terminal_call: true, arrival: '2027-01-20T07:00:00Z', departure: '2027-01-21T15:00:00Z', arrival_classifier: 'EST', departure_classifier: 'PLN', source: 'gnet', fetched_at: '2027-01-10T06:00:00Z', status_code: null, portcall_id: 5 },
    ],
    portcalls: [
      {
        id: 5,
        version: 3,
        status: 'Approaching',
        berth_arrival: '2027-01-20T07:00:00Z',
        berth_departure: '2027-01-21T15:00:00Z',
        berth_arrival_state: { label: 'estimated', change_label: null },
        berth_departure_state: noState,
        schedule_syncable: true,
        schedule_sync_state: 'schedule_syncable',
        open_schedule_proposals: 2,
      },
    ],
    created_at: '2027-01-01T00:00:00Z',
    updated_at: '2027-01-10T06:00:00Z',
    ...overrides,
  };
}

export function makeProvider(overrides: Partial<TScheduleProvider> = {}): TScheduleProvider {
  return {
    id: 1,
    version: 2,
    terminal_id: 1,
    provider: 'gnet',
    base_url: 'https://gnet.example.test',
    has_credentials: true,
    polling_interval_minutes: 60,
    proposal_threshold_minutes: 60,
    is_enabled: true,
    last_attempt_at: '2027-01-10T07:00:00Z',
    last_success_at: '2027-01-10T06:00:00Z',
    last_error: 'HTTP 503 from the provider',
    consecutive_failures: 1,
    next_attempt_at: '2027-01-10T07:30:00Z',
    ...overrides,
  };
}

export function makeRun(overrides: Partial<TSyncRun> = {}): TSyncRun {
  return {
    id: 31,
    terminal_id: 1,
    source: 'gnet',
    trigger: 'manual',
    started_at: '2027-01-10T06:00:00Z',
    finished_at: '2027-01-10T06:00:05Z',
    outcome: 'success',
    error: null,
    changes: [
      { kind: 'estimate', voyage_id: 12, portcall_id: 5, time: 'berth_arrival', before: '2027-01-20T06:00:00Z', after: '2027-01-20T07:00:00Z', note: null },
      { kind: 'estimate', voyage_id: 12, portcall_id: 5, time: 'berth_departure', before: null, after: '2027-01-21T15:00:00Z', note: null },
      { kind: 'proposal', voyage_id: 13, portcall_id: 6, time: 'berth_arrival', before: '2027-01-22T06:00:00Z', after: '2027-01-22T09:00:00Z', note: 'planned time kept' },
    ],
    ...overrides,
  };
}

export const terminalsApi = (call: TRecordedCall) => (call.path === `${API}/terminals` ? { status: 200, body: { status: { status: 'SUCCESS' }, payload: [LINKED_TERMINAL] } } : undefined);
