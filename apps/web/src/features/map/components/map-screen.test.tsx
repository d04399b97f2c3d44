import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAisPortcallsList, TPredictedRoute, TTerminalMapGeometry } from '@quayline/domain';
import { type FakeWebSocket, installFakeWebSocket } from '@/test/fake-websocket';
import { API, TERMINAL } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, type THandler, type TRecordedCall } from '@/test/render-app';

type TCall = TAisPortcallsList['portcalls'][number];

function aisCall(overrides: Partial<TCall>): TCall {
  return {
    portcall_id: 5,
    terminal_id: 1,
    status: 'Approaching',
    vessel_id: 101,
    vessel_name: 'CORAL RESOLVE',
    imo_number: '9085778',
    mmsi: '211234560',
    vessel_type: 'CONTAINER',
    length_overall_m: 197.7,
    beam_m: 30,
    vessel_operator_code: 'NRDL',
    agent_code: null,
    berth_arrival: '2026-07-15T14:00:00.000Z',
    berth_arrival_label: 'accepted',
    berth_departure: '2026-07-16T08:00:00.000Z',
    berth_departure_label: 'planned',
    pilot_boarding_place_name: 'Elbe 1',
    pilot_boarding_place_arrival: '2026-07-15T08:30:00.000Z',
    previous_port_name: 'Rotterdam',
    predicted_berth_arrival: { predicted_time: '2026-07-15T14:45:00.000Z', difference: 45, status: 'on_time', source: 'ais', last_fetched_at: '2026-07-15T07:55:00.000Z' },
    is_watched: false,
    position: { latitude: 54.1, longitude: 7.5, speed_knots: 14.2, course_deg: 95, heading_deg: 94, nav_status: 0, received_at: '2026-07-15T07:58:00.000Z' },
    reported_destination: 'DEHAM',
    reported_eta: '2026-07-15T13:00:00.000Z',
    track: [],
    ...overrides,
  };
}

const CALLS: TCall[] = [
  aisCall({}),
  aisCall({
    portcall_id: 6,
    vessel_id: 102,
    vessel_name: 'NORDIC SWAN',
    status: 'Berthed',
    mmsi: '211234561',
    position: null,
    predicted_berth_arrival: { predicted_time: '2026-07-15T18:00:00.000Z', difference: 120, status: 'delayed', source: 'portcast', last_fetched_at: '2026-07-15T07:00:00.000Z' },
  }),
];

const GEOMETRY: TTerminalMapGeometry = {
  terminal_id: 1,
  quay: [
    [53.5297, 9.9207],
    [53.5330, 9.9390],
  ],
  berths: [],
  pilot_boarding_places: [{ id: 31, name: 'Elbe 1', names: { de: 'Lotsenstation Elbe 1' }, latitude: 54.017, longitude: 8.1, radius_m: 3000 }],
  centre: [53.53, 9.93],
  fairways: [
    [
      [54.017, 8.1],
      [53.893, 8.72],
    ],
  ],
  places: [
    { name: 'Cuxhaven', names: {}, latitude: 53.87, longitude: 8.7 },
    { name: 'Helgoland', names: { en: 'Heligoland' }, latitude: 54.18, longitude: 7.89 },
  ],
  tile_url: null,
  tile_attribution: null,
};

const ROUTE: TPredictedRoute = {
  portcall_id: 5,
  computed_at: '2026-07-15T08:00:00.000Z',
  origin: { latitude: 54.1, longitude: 7.5, kind: 'ais_position' },
  pilot_boarding_place: { id: 31, name: 'Elbe 1', latitude: 54.017, longitude: 8.1 },
  berth: { latitude: 53.53, longitude: 9.93 },
  legs: [
    { kind: 'sea', coordinates: [[54.1, 7.5], [54.017, 8.1]], distance_nm: 22, duration_minutes: 93, ends_at: '2026-07-15T09:33:00.000Z' },
    { kind: 'fairway', coordinates: [[54.017, 8.1], [53.53, 9.93]], distance_nm: 70, duration_minutes: 330, ends_at: '2026-07-15T15:03:00.000Z' },
  ],
  distance_nm: 92,
  speed_knots: 14.2,
  eta_pilot_boarding_place: '2026-07-15T09:33:00.000Z',
  eta_berth: '2026-07-15T15:03:00.000Z',
  predicted_berth_arrival: null,
};

function mapApi(state: { calls: TCall[] }): THandler {
  return (call: TRecordedCall) => {
    if (call.method !== 'GET') return undefined;
    if (call.path === `${API}/terminals/current_terminal` || call.path === `${API}/terminals/1`) return success(TERMINAL);
    if (call.path === `${API}/terminals`) return success([TERMINAL]);
    if (call.path === `${API}/terminals/1/map_geometry`) return success(GEOMETRY);
    if (call.path === `${API}/ais/portcalls_list`) {
      const statuses = call.search.get('statuses')?.split(',') ?? null;
      const portcalls = state.calls.filter((c) => !statuses || statuses.includes(c.status)).filter((c) => call.search.get('watched_only') !== 'true' || c.is_watched);
      return success({ terminal_id: 1, generated_at: '2026-07-15T08:00:00.000Z', portcalls });
    }
    if (call.path === `${API}/ais/predict_route`) return success(ROUTE);
    if (call.path === `${API}/ais/vessel_characteristics`) {
      return success({ vessel_id: 101, mmsi: '211234560', imo_number: '9085778', name: 'CORAL RESOLVE', call_sign: 'DCRL', ship_type: 71, ship_type_group: 'cargo', length_m: 198, beam_m: 30, draught_m: 11.4, destination: 'DEHAM', reported_eta: null, received_at: '2026-07-15T06:00:00.000Z', filled_fields: [] });
    }
    return undefined;
  };
}

const listCalls = (calls: TRecordedCall[]) => calls.filter((c) => c.path === `${API}/ais/portcalls_list`);
const rowOf = (id: number) => screen.getAllByTestId('map-call').find((el) => el.getAttribute('data-portcall-id') === String(id))!;

describe('map', () => {
  let latestSocket: () => FakeWebSocket;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-15T08:00:00Z'));
    latestSocket = installFakeWebSocket();
  });
  afterEach(() => vi.useRealTimers());

  it('lists the calls of the current terminal, with their prediction, and the ones AIS has not seen yet', async () => {
    const { calls } = renderApp('/en/map', signedIn, mapApi({ calls: CALLS }));
    await waitFor(() => expect(screen.getAllByTestId('map-call')).toHaveLength(2));
    expect(Object.fromEntries(listCalls(calls)[0]!.search)).toEqual({ terminal_id: '1', track_hours: '6' });
    expect(within(rowOf(5)).getByTestId('map-call-prediction').textContent).toBe('On time');
    expect(within(rowOf(5)).queryByTestId('map-call-no-position')).toBeNull();
    expect(within(rowOf(6)).getByTestId('map-call-prediction').textContent).toBe('2 h 00 min late');
    expect(within(rowOf(6)).getByTestId('map-call-no-position').textContent).toBe('No AIS position yet');
    expect(screen.getByTestId('map-count').textContent).toBe('2 calls, 1 with an AIS position');
    // No placeholder is left for the map.
    expect(screen.queryByText('Coming soon')).toBeNull();
    expect(calls.some((c) => c.path === `${API}/terminals/1/map_geometry`)).toBe(true);
    // Only the vessel with a position becomes a marker.
    await waitFor(() => expect(screen.getByTestId('map-canvas').getAttribute('data-markers-ready')).toBe('1'));
    // Offline, the approach is named: the places along it and the pilot stations.
    expect(Array.from(document.querySelectorAll('[data-testid="map-place-label"]'), (el) => el.textContent)).toEqual(['Cuxhaven', 'Heligoland']);
    expect(Array.from(document.querySelectorAll('[data-testid="map-pbp-label"]'), (el) => el.textContent)).toEqual(['Elbe 1']);
  });

  it('names places and pilot stations in the reader’s language, else by their own name', async () => {
    // The German texts themselves do not matter here: the names come with the geometry.
    renderApp('/de/map', signedIn, mapApi({ calls: CALLS }), (call) => (call.path === '/api/portal/v1/translations/de' ? success({}) : undefined));
    await waitFor(() => expect(document.querySelectorAll('[data-testid="map-place-label"]')).toHaveLength(2));
    expect(Array.from(document.querySelectorAll('[data-testid="map-place-label"]'), (el) => el.textContent)).toEqual(['Cuxhaven', 'Helgoland']);
    expect(Array.from(document.querySelectorAll('[data-testid="map-pbp-label"]'), (el) => el.textContent)).toEqual(['Lotsenstation Elbe 1']);
    // Every label takes part in the collision check, by its rank.
    expect(document.querySelector('[data-testid="map-pbp-label"]')!.getAttribute('data-label-priority')).toBe('2');
    expect(document.querySelector('[data-testid="map-place-label"]')!.getAttribute('data-label-priority')).toBe('1');
  });

  it('filters by status on the server, by vessel name in the list, and keeps both in the address', async () => {
    const { calls, router } = renderApp('/en/map', signedIn, mapApi({ calls: CALLS }));
    await waitFor(() => expect(screen.getAllByTestId('map-call')).toHaveLength(2));
    fireEvent.click(screen.getByTestId('map-filter-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Berthed' }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.search.get('statuses')).toBe('Berthed'));
    await waitFor(() => expect(screen.getAllByTestId('map-call').map((el) => el.getAttribute('data-portcall-id'))).toEqual(['6']));
    expect(router.state.location.search).toContain('status=Berthed');

    fireEvent.click(screen.getByTestId('map-filter-mine'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.search.get('watched_only')).toBe('true'));
    await screen.findByTestId('map-list-empty');
    fireEvent.click(screen.getByTestId('map-filter-mine'));
    await waitFor(() => expect(screen.getAllByTestId('map-call')).toHaveLength(1));

    fireEvent.change(screen.getByTestId('map-filter-search'), { target: { value: 'coral' } });
    await screen.findByTestId('map-list-empty');
    expect(router.state.location.search).toContain('q=coral');
  });

  it('opens the card of a clicked call, asks for its predicted route and links to its details', async () => {
    const { calls, router } = renderApp('/en/map', signedIn, mapApi({ calls: CALLS }));
    await waitFor(() => expect(screen.getAllByTestId('map-call')).toHaveLength(2));
    fireEvent.click(rowOf(5));
    const card = await screen.findByTestId('map-call-card');
    expect(router.state.location.search).toContain('call=5');
    await waitFor(() => expect(calls.some((c) => c.path === `${API}/ais/predict_route` && c.search.get('portcall_id') === '5')).toBe(true));
    expect(within(card).getByTestId('map-card-vessel').textContent).toBe('CORAL RESOLVE');
    // Times in the terminal's zone (Berlin, UTC+2 in July).
    expect(within(card).getByTestId('map-card-berth-arrival').textContent).toContain('15-07-2026 16:00');
    expect(within(card).getByTestId('map-card-predicted').textContent).toContain('15-07-2026 16:45');
    expect(within(card).getByTestId('map-card-predicted').textContent).toContain('predicted from AIS positions');
    expect(await within(card).findByTestId('map-card-route')).toBeTruthy();
    expect(within(card).getByTestId('map-card-route').textContent).toContain('15-07-2026 17:03');
    expect((await within(card).findByTestId('map-card-characteristics')).textContent).toContain('DCRL');
    expect(within(card).getByTestId('map-card-destination').textContent).toContain('DEHAM');
    expect(within(card).getByTestId('map-card-details-link').getAttribute('href')).toBe('/en/portcall-planner/details?id=5');
    fireEvent.click(within(card).getByTestId('map-card-close'));
    await waitFor(() => expect(screen.queryByTestId('map-call-card')).toBeNull());
    expect(router.state.location.search).not.toContain('call=');
  });

  it('keeps the route drawn when the card closes, until the user hides it or selects another call', async () => {
    renderApp('/en/map?call=5', signedIn, mapApi({ calls: CALLS }));
    const card = await screen.findByTestId('map-call-card');
    await within(card).findByTestId('map-card-route');
    await waitFor(() => expect(document.querySelector('[data-testid="route-eta-berth"]')).not.toBeNull());
    expect(screen.queryByTestId('map-clear-route')).toBeNull();

    fireEvent.click(within(card).getByTestId('map-card-close'));
    await waitFor(() => expect(screen.queryByTestId('map-call-card')).toBeNull());
    expect(document.querySelector('[data-testid="route-eta-berth"]')).not.toBeNull();
    expect(screen.getByTestId('map-clear-route').textContent).toBe('Hide the route of CORAL RESOLVE');

    fireEvent.click(screen.getByTestId('map-clear-route'));
    await waitFor(() => expect(document.querySelector('[data-testid="route-eta-berth"]')).toBeNull());
    expect(screen.queryByTestId('map-clear-route')).toBeNull();

    // Selecting another call replaces the kept route with its own.
    fireEvent.click(rowOf(5));
    await screen.findByTestId('map-call-card');
    await waitFor(() => expect(document.querySelector('[data-testid="route-eta-berth"]')).not.toBeNull());
  });

  it('moves a vessel when an ais.positions event arrives, without asking for the list again', async () => {
    const { calls } = renderApp('/en/map?call=5', signedIn, mapApi({ calls: CALLS }));
    const card = await screen.findByTestId('map-call-card');
    expect(within(card).getByTestId('map-card-coordinates').textContent).toBe('54.1000, 7.5000');
    const socket = await waitFor(latestSocket);
    socket.open();
    await waitFor(() => expect(socket.sent).toContainEqual({ type: 'subscribe', channel: 'Terminal.1' }));
    socket.receive({ type: 'subscribed', channel: 'Terminal.1', last_event_id: 1 });
    const before = listCalls(calls).length;

    socket.emit('Terminal.1', 2, 'ais.positions', {
      terminal_id: 1,
      positions: [{ portcall_id: 5, mmsi: '211234560', latitude: 54.05, longitude: 7.8, speed_knots: 13.9, course_deg: 101, heading_deg: 100, nav_status: 0, received_at: '2026-07-15T08:01:00.000Z' }],
    });
    await waitFor(() => expect(within(screen.getByTestId('map-call-card')).getByTestId('map-card-coordinates').textContent).toBe('54.0500, 7.8000'));
    // A late, older report does not move it back.
    socket.emit('Terminal.1', 3, 'ais.positions', {
      terminal_id: 1,
      positions: [{ portcall_id: 5, mmsi: '211234560', latitude: 54.2, longitude: 7.1, speed_knots: 13.9, course_deg: 101, heading_deg: 100, nav_status: 0, received_at: '2026-07-15T07:59:00.000Z' }],
    });
    // A vessel seen for the first time leaves the "no position" list.
    socket.emit('Terminal.1', 4, 'ais.positions', {
      terminal_id: 1,
      positions: [{ portcall_id: 6, mmsi: '211234561', latitude: 53.9, longitude: 8.9, speed_knots: 10, course_deg: 120, heading_deg: null, nav_status: 0, received_at: '2026-07-15T08:01:30.000Z' }],
    });
    await waitFor(() => expect(within(rowOf(6)).queryByTestId('map-call-no-position')).toBeNull());
    expect(within(screen.getByTestId('map-call-card')).getByTestId('map-card-coordinates').textContent).toBe('54.0500, 7.8000');
    expect(screen.getByTestId('map-count').textContent).toBe('2 calls, 2 with an AIS position');
    expect(listCalls(calls).length).toBe(before);

    socket.emit('Terminal.1', 5, 'prediction.updated', {
      terminal_id: 1,
      portcall_id: 5,
      predicted_berth_arrival: { predicted_time: '2026-07-15T12:30:00.000Z', difference: -90, status: 'early', source: 'ais', last_fetched_at: '2026-07-15T08:02:00.000Z' },
    });
    await waitFor(() => expect(within(rowOf(5)).getByTestId('map-call-prediction').textContent).toBe('1 h 30 min early'));
  });

  it('lets a terminal operator switch AIS actual times to proposals', async () => {
    const saved: unknown[] = [];
    const settingsApi: THandler = (call) => {
      if (call.path !== `${API}/terminals/1/ais_settings`) return undefined;
      if (call.method === 'PUT') saved.push(call.body);
      return success({ terminal_id: 1, version: 2, ais_actuals_mode: call.method === 'PUT' ? 'propose' : 'apply', preferred_prediction_source: 'ais', on_time_minutes: 60, quay: null });
    };
    renderApp('/en/map', signedIn, mapApi({ calls: CALLS }), settingsApi);
    fireEvent.click(await screen.findByTestId('map-open-settings'));
    await screen.findByTestId('ais-settings-form');
    expect(screen.getByTestId('ais-settings-on-time').textContent).toContain('± 60 minutes');
    fireEvent.click(screen.getByLabelText('Propose to the planner'));
    fireEvent.click(screen.getByTestId('ais-settings-save'));
    await waitFor(() => expect(saved).toEqual([{ version: 2, ais_actuals_mode: 'propose', preferred_prediction_source: 'ais' }]));
  });
});
