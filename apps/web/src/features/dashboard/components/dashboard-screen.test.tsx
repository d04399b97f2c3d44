import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_DASHBOARD_SETTINGS,
  PORTCALL_STATUSES,
  type TCargoProgressItem,
  type TDashboardAlert,
  type TOverallPerformance,
  type TPortcallKpis,
  type TUserDetails,
  type TUserStats,
  type TWatchlistItem,
  groupAlerts,
} from '@quayline/domain';
import { installFakeWebSocket, type FakeWebSocket } from '@/test/fake-websocket';
import { API, LINKED_TERMINAL, makePortcall, portcallApi, TERMINAL } from '@/test/portcall-fixtures';
import { renderApp, success, TEST_USER, type TRecordedCall } from '@/test/render-app';

const link = (view: 'portcall_planner' | 'tasks' | 'vessel_communication', query: Record<string, string | string[]> = {}) => ({ view, query });
const STATS: TUserStats = {
  generated_at: '2026-07-14T10:00:00.000Z',
  terminal_id: null,
  next_72h_by_status: PORTCALL_STATUSES.map((status, i) => ({ status, count: i, link: link('portcall_planner', { status, from: '2026-07-14T10:00:00.000Z', to: '2026-07-17T10:00:00.000Z' }) })),
  in_port: { count: 4, link: link('portcall_planner', { status: ['Berthed', 'Cargo Ops'] }) },
  waiting_for_me: { count: 3, requests: 2, proposals: 1, cancellations: 0, oldest_age_minutes: 125, link: link('tasks', { type: 'open' }) },
  open_tasks: { count: 7, link: link('tasks', { type: 'open' }) },
  unread_messages: { count: 5, portcalls: 2, link: link('vessel_communication') },
  without_accepted_time_48h: { count: 1, portcall_ids: [41], link: link('portcall_planner', { from: '2026-07-14T10:00:00.000Z', to: '2026-07-16T10:00:00.000Z' }) },
};

const WATCHED: TWatchlistItem = {
  portcall_id: 41,
  terminal_id: 1,
  vessel_name: 'CORAL RESOLVE',
  status: 'Approaching',
  berth_arrival: '2026-07-15T08:00:00.000Z',
  berth_departure: '2026-07-16T08:00:00.000Z',
  next_time: { time_type: 'berth_arrival', time: '2026-07-15T08:00:00.000Z', label: 'accepted' },
  pinned_at: '2026-07-10T08:00:00.000Z',
  last_seen_at: '2026-07-12T08:00:00.000Z',
  changes_count: 1,
  changes: [{ field: 'berth_arrival', old_value: '15-07-2026 09:00 (requested)', new_value: '15-07-2026 10:00 (accepted)', at: '2026-07-13T08:00:00.000Z' }],
};

const UNANSWERED: TDashboardAlert = {
  key: 'unanswered_request:41:berth_arrival:2026-07-14T06:00:00.000Z',
  rule: 'unanswered_request',
  severity: 'critical',
  portcall_id: 41,
  terminal_id: 1,
  vessel_id: 141,
  vessel_name: 'CORAL RESOLVE',
  berth_arrival: '2026-07-15T08:00:00.000Z',
  why: { time: 'berth_arrival', label: 'requested', age_minutes: 185, threshold_minutes: 120 },
  link: '/portcall-planner/details?id=41',
  created_at: '2026-07-14T08:00:00.000Z',
  acknowledged: false,
};
const DEVIATION: TDashboardAlert = {
  ...UNANSWERED,
  key: 'arrival_deviation:42:2026-07-15T10:00:00.000Z',
  rule: 'arrival_deviation',
  severity: 'warning',
  portcall_id: 42,
  vessel_id: 142,
  vessel_name: 'NORDIC STAR',
  why: { source: 'predicted', accepted_arrival: '2026-07-15T08:00:00.000Z', predicted_arrival: '2026-07-15T10:00:00.000Z', deviation_minutes: 120, threshold_minutes: 60 },
  link: '/portcall-planner/details?id=42',
};

const CARGO: TCargoProgressItem = {
  portcall_id: 43,
  terminal_id: 1,
  vessel_name: 'ELBE TRADER',
  berth_departure: '2026-07-15T00:00:00.000Z',
  cargo_operations_start: '2026-07-14T00:00:00.000Z',
  total_volume: 600,
  actual_volume: 200,
  remaining_volume: 400,
  cargo_progress_percentage: 33.3,
  actual_rate_per_hour: 25,
  projected_end: '2026-07-15T00:00:00.000Z',
  planned_end: '2026-07-14T22:00:00.000Z',
  projected_delay_minutes: 120,
};

const KPIS: TPortcallKpis = {
  items: [
    {
      portcall_id: 44,
      terminal_id: 1,
      vessel_name: 'BALTIC WAVE',
      vessel_operator_name: 'Nordic Line A/S',
      status: 'Departed',
      berth_arrival: '2026-07-10T06:00:00.000Z',
      berth_arrival_label: 'actual',
      berth_departure: '2026-07-11T06:00:00.000Z',
      berth_departure_label: 'actual',
      kpis: [
        { kpi: 'waiting_time', value: 1.5, unit: 'hours' },
        { kpi: 'berth_productivity', value: null, unit: 'moves_per_hour' },
      ],
    },
  ],
  meta: { page: 1, per_page: 6, total_count: 1, total_pages: 1, kpis: ['waiting_time', 'berth_productivity'] },
};

const PERFORMANCE: TOverallPerformance = {
  period: { from: '2026-06-30T22:00:00.000Z', to: '2026-07-31T22:00:00.000Z' },
  grouping: 'day',
  time_zone: 'Europe/Berlin',
  kpis: ['berth_utilisation', 'waiting_time_avg', 'arrival_punctuality_1h'],
  units: { berth_utilisation: 'percent', waiting_time_avg: 'hours', arrival_punctuality_1h: 'percent' },
  rows: [
    { group_key: '2026-07-01', group_label: '2026-07-01', values: { berth_utilisation: 41.25, waiting_time_avg: 2.5, arrival_punctuality_1h: null }, counts: { calls: 3 }, planned: false },
    { group_key: '2026-07-02', group_label: '2026-07-02', values: { berth_utilisation: 12, waiting_time_avg: null, arrival_punctuality_1h: 50 }, counts: { calls: 1 }, planned: true },
  ],
  totals: { values: { berth_utilisation: 26.6, waiting_time_avg: 2.5, arrival_punctuality_1h: 50 }, counts: { calls: 4 } },
};

type TState = { user: TUserDetails; alerts: TDashboardAlert[]; watchlist: TWatchlistItem[] };

function dashboardApi(state: TState) {
  return (call: TRecordedCall) => {
    const { path, method } = call;
    if (path === `${API}/user_details`) return success(state.user);
    if (path === `${API}/terminals`) return success([LINKED_TERMINAL]);
    if (path === `${API}/terminals/current_terminal`) return success(TERMINAL);
    if (path === `${API}/update_dashboard_settings` && method === 'PUT') {
      state.user = { ...state.user, ...(call.body as Partial<TUserDetails>) };
      return success(state.user);
    }
    if (path === `${API}/dashboard/user_stats`) return success(STATS);
    if (path === `${API}/dashboard/watchlist` && method === 'GET') return success({ items: state.watchlist });
    if (path === `${API}/dashboard/watchlist` && method === 'POST') {
      state.watchlist = [...state.watchlist, { ...WATCHED, portcall_id: (call.body as { portcall_id: number }).portcall_id, changes: [], changes_count: 0 }];
      return success({ items: state.watchlist });
    }
    if (path.startsWith(`${API}/dashboard/watchlist/`) && method === 'DELETE') {
      const id = Number(path.split('/').at(-1));
      state.watchlist = state.watchlist.filter((w) => w.portcall_id !== id);
      return success({ items: state.watchlist });
    }
    if (path === `${API}/dashboard/alerts`) {
      // The server's folding (packages/domain alert-groups), paged as the server pages it.
      const shown = call.search.get('include_acknowledged') === 'false' ? state.alerts.filter((a) => !a.acknowledged) : state.alerts;
      const group = call.search.get('group');
      const groups = groupAlerts(shown).filter((g) => group === null || g.key === group);
      const perPage = Number(call.search.get('per_page') ?? 10);
      const page = Number(call.search.get('page') ?? 1);
      return success({
        groups: groups.slice((page - 1) * perPage, page * perPage).map(({ alerts: _alerts, ...g }) => g),
        meta: { page, per_page: perPage, total_count: groups.length, total_pages: Math.ceil(groups.length / perPage) },
        items: group === null ? [] : groups.flatMap((g) => g.alerts),
        unacknowledged_count: state.alerts.filter((a) => !a.acknowledged).length,
        alert_count: shown.length,
      });
    }
    if (path === `${API}/dashboard/alerts/acknowledge_group` && method === 'POST') {
      const { group } = call.body as { group: string };
      state.alerts = state.alerts.map((a) => (`${a.rule}:${a.vessel_id}` === group ? { ...a, acknowledged: true } : a));
      return success({ group, keys: [], acknowledged_at: '2026-07-14T10:00:00.000Z', acknowledged_by: 7, acting_user_id: null });
    }
    if (path === `${API}/dashboard/alerts/acknowledge` && method === 'POST') {
      const key = (call.body as { key: string }).key;
      state.alerts = state.alerts.map((a) => (a.key === key ? { ...a, acknowledged: true } : a));
      return success({ alert: state.alerts.find((a) => a.key === key), acknowledged_at: '2026-07-14T10:00:00.000Z', acknowledged_by: 7, acting_user_id: null });
    }
    if (path === `${API}/dashboard/alert_settings` && method === 'GET') return success({ terminal_id: 1, settings: DEFAULT_ALERT_SETTINGS, is_default: true, updated_at: null });
    if (path === `${API}/dashboard/alert_settings` && method === 'PUT') return success({ terminal_id: 1, settings: call.body, is_default: false, updated_at: '2026-07-14T10:00:00.000Z' });
    if (path === `${API}/dashboard/cargo_operation_progress`) return success({ items: [CARGO], meta: { page: 1, per_page: 6, total_count: 1, total_pages: 1 } });
    if (path === `${API}/dashboard/portcall_kpis`) return success(KPIS);
    if (path === `${API}/dashboard/overall_performance`) {
      if (call.search.get('period') === 'custom') return { status: 400, body: { status: { status: 'VALIDATION_FAILED', message: 'Invalid input' }, payload: { errors: [{ path: 'to', message: 'A period may span at most 3 years' }] } } };
      return success(PERFORMANCE);
    }
    return undefined;
  };
}

const newState = (user: Partial<TUserDetails> = {}): TState => ({ user: { ...TEST_USER, ...user }, alerts: [UNANSWERED, DEVIATION], watchlist: [WATCHED] });
const settingsPuts = (calls: TRecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === `${API}/update_dashboard_settings`).map((c) => c.body);
const shownWidgets = () => screen.getAllByTestId(/^widget-[a-z_]+$/).map((el) => el.getAttribute('data-widget'));

describe('dashboard', () => {
  let latestSocket: () => FakeWebSocket;
  beforeEach(() => {
    latestSocket = installFakeWebSocket();
  });

  it('shows every widget from the recorded answers, with counts that open their filtered lists', async () => {
    renderApp('/en/dashboard', dashboardApi(newState()));
    await screen.findByTestId('screen-dashboard_view');
    await waitFor(() => expect(shownWidgets()).toEqual([...DEFAULT_DASHBOARD_SETTINGS.dashboard_allowed_widgets]));

    expect((await screen.findByTestId('stat-open_tasks-count')).textContent).toBe('7');
    expect(screen.getByTestId('stat-open_tasks').getAttribute('href')).toBe('/en/portcall-tasks?type=open');
    expect(screen.getByTestId('stat-in_port').getAttribute('href')).toBe('/en/portcall-planner?status=Berthed&status=Cargo+Ops');
    expect(screen.getByTestId('stat-waiting_for_me').textContent).toContain('2 requests · 1 proposals · 0 cancellations · oldest 2 h 05 min');
    expect(screen.getByTestId('stat-unread_messages').getAttribute('href')).toBe('/en/vessel-communication');

    const watched = await screen.findByTestId('watchlist-item');
    // Times in the terminal's zone: 08:00 UTC in July is 10:00 in Berlin.
    expect(within(watched).getByTestId('watchlist-next').textContent).toBe('Next: Berth arrival 15-07-2026 10:00 (Accepted)');
    expect(within(watched).getByTestId('watchlist-changes').textContent).toContain('Berth arrival: 15-07-2026 09:00 (requested) → 15-07-2026 10:00 (accepted)');
    expect(within(watched).getByTestId('watchlist-open').getAttribute('href')).toBe('/en/portcall-planner/details?id=41');

    const cargo = await screen.findByTestId('cargo-item');
    expect(within(cargo).getByTestId('cargo-percentage').textContent).toBe('33.3 %');
    expect(within(cargo).getByTestId('cargo-remaining').textContent).toBe('400');
    expect(within(cargo).getByTestId('cargo-projected').textContent).toBe('15-07-2026 02:00');
    expect(within(cargo).getByTestId('cargo-delay').textContent).toBe('2 h 00 min behind plan');

    const kpiRow = await screen.findByTestId('portcall-kpis-row');
    expect(within(kpiRow).getByTestId('kpi-waiting_time').textContent).toBe('1.50 h');
    // No data is a dash, never zero.
    expect(within(kpiRow).getByTestId('kpi-berth_productivity').textContent).toBe('–');

    // The chart's numbers are also a table.
    fireEvent.click(await screen.findByTestId('performance-table-toggle'));
    const rows = await screen.findAllByTestId('performance-row');
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['01-07-2026', '3', '41.3 %', '2.50 h', '–'],
      ['02-07-2026Planned', '1', '12.0 %', '–', '50.0 %'],
    ]);
    expect(within(rows[1]!).getByTestId('performance-row-planned')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('performance-row-planned')).toBeNull();
    expect(screen.getByTestId('performance-totals').textContent).toContain('Whole period');
  });

  it('restores the saved order and leaves hidden widgets unasked', async () => {
    const { calls } = renderApp('/en/dashboard', dashboardApi(newState({ dashboard_allowed_widgets: ['alerts', 'user_stats'] })));
    await screen.findByTestId('widget-alerts');
    expect(shownWidgets()).toEqual(['alerts', 'user_stats']);
    await screen.findByTestId('stat-open_tasks');
    expect(calls.some((c) => c.path === `${API}/dashboard/cargo_operation_progress`)).toBe(false);
    expect(calls.some((c) => c.path === `${API}/dashboard/overall_performance`)).toBe(false);
  });

  it('hides a widget, moves one and resets, saving each layout through update_dashboard_settings', async () => {
    const { calls } = renderApp('/en/dashboard', dashboardApi(newState()));
    await screen.findByTestId('widget-watchlist');
    fireEvent.click(screen.getByTestId('widget-hide-watchlist'));
    await waitFor(() => expect(screen.queryByTestId('widget-watchlist')).toBeNull());
    expect(settingsPuts(calls)).toEqual([{ dashboard_allowed_widgets: ['user_stats', 'alerts', 'cargo_operation_progress', 'portcall_kpis', 'overall_performance'] }]);

    fireEvent.click(screen.getByTestId('dashboard-settings-button'));
    fireEvent.click(await screen.findByTestId('dashboard-move-up-alerts'));
    await waitFor(() => expect(shownWidgets().slice(0, 2)).toEqual(['alerts', 'user_stats']));
    expect(settingsPuts(calls).at(-1)).toEqual({ dashboard_allowed_widgets: ['alerts', 'user_stats', 'cargo_operation_progress', 'portcall_kpis', 'overall_performance'] });

    // Shown again, the watch list comes last.
    fireEvent.click(screen.getByTestId('dashboard-setting-watchlist'));
    await waitFor(() => expect(shownWidgets().at(-1)).toBe('watchlist'));

    fireEvent.click(screen.getByTestId('dashboard-settings-reset'));
    await waitFor(() => expect(shownWidgets()).toEqual([...DEFAULT_DASHBOARD_SETTINGS.dashboard_allowed_widgets]));
    expect(settingsPuts(calls).at(-1)).toEqual({ dashboard_allowed_widgets: [...DEFAULT_DASHBOARD_SETTINGS.dashboard_allowed_widgets], dashboard_performance_settings: DEFAULT_DASHBOARD_SETTINGS.dashboard_performance_settings });
  });

  it('names the first call a stacked call overlaps and counts the others, also when the others are hidden', async () => {
    const clash = (portcall_id: number, other: number | null, count: number): TDashboardAlert => ({
      ...UNANSWERED,
      key: `berth_clash:${portcall_id}:overlap:${other ?? 'hidden'}:1-100`,
      rule: 'berth_clash',
      portcall_id,
      vessel_id: portcall_id + 100,
      why: { kind: 'overlap', other_portcall_id: other, other_count: count, block_zone_id: null, section_id: null },
      link: `/berth-planner?portcall_id=${portcall_id}`,
    });
    renderApp('/en/dashboard', dashboardApi({ ...newState(), alerts: [clash(51, 52, 3), clash(53, null, 2), clash(54, 55, 1)] }));
    const texts = (await screen.findAllByTestId('alert-why')).map((e) => e.textContent);
    expect(texts).toEqual(['Overlaps port call 52 and 2 more on the quay.', 'Overlaps 2 other port calls on the quay.', 'Overlaps port call 55 on the quay.']);
  });

  it('folds a vessel’s clashes into one group that opens to each call and is acknowledged at once', async () => {
    const clash = (portcall_id: number, arrival: string): TDashboardAlert => ({
      ...UNANSWERED,
      key: `berth_clash:${portcall_id}:overlap:99:1-100`,
      rule: 'berth_clash',
      portcall_id,
      vessel_id: 500,
      vessel_name: 'STACKED STAR',
      berth_arrival: arrival,
      why: { kind: 'overlap', other_portcall_id: 99, other_count: 1, block_zone_id: null, section_id: null },
      link: `/berth-planner?portcall_id=${portcall_id}`,
    });
    const { calls } = renderApp('/en/dashboard', dashboardApi({ ...newState(), alerts: [clash(71, '2026-07-15T08:00:00.000Z'), clash(72, '2026-07-16T08:00:00.000Z'), clash(73, '2026-07-17T08:00:00.000Z'), DEVIATION] }));
    const group = await screen.findByTestId('alert-group');
    expect(group.getAttribute('data-group')).toBe('berth_clash:500');
    expect(within(group).getByTestId('alert-group-count').textContent).toBe('3 alerts · 3 calls');
    expect(within(group).getByTestId('alert-why').textContent).toBe('Overlaps port call 99 on the quay.');
    expect(screen.getByTestId('alerts-summary').textContent).toBe('4 alerts in 2 groups, by vessel and kind');
    expect(screen.getAllByTestId('alert-item')).toHaveLength(1);

    fireEvent.click(within(group).getByTestId('alert-group-toggle'));
    await waitFor(() => expect(within(group).getAllByTestId('alert-item').map((i) => i.getAttribute('data-key'))).toEqual([71, 72, 73].map((id) => `berth_clash:${id}:overlap:99:1-100`)));
    expect(calls.some((c) => c.path === `${API}/dashboard/alerts` && c.search.get('group') === 'berth_clash:500')).toBe(true);

    fireEvent.click(within(group).getByTestId('alert-group-acknowledge'));
    await waitFor(() => expect(screen.getByTestId('alerts-open-count').textContent).toBe('1'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === `${API}/dashboard/alerts/acknowledge_group`).map((c) => c.body)).toEqual([{ group: 'berth_clash:500' }]);
  });

  it('titles a PRISE alert and says why: rejected with the port authority’s code, or due soon', async () => {
    const prise = (portcall_id: number, why: TDashboardAlert['why'], severity: TDashboardAlert['severity']): TDashboardAlert => ({
      ...UNANSWERED,
      key: `prise_notice:${portcall_id}:${String(why.state)}`,
      rule: 'prise_notice',
      severity,
      portcall_id,
      vessel_id: portcall_id + 100,
      why,
      link: `/portcall-planner/details?id=${portcall_id}`,
    });
    renderApp(
      '/en/dashboard',
      dashboardApi({
        ...newState(),
        alerts: [prise(61, { state: 'rejected', due_at: '2026-07-14T02:00:00.000Z', prise_code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT' }, 'critical'), prise(62, { state: 'due_soon', due_at: '2026-07-14T02:00:00.000Z', prise_code: null }, 'warning')],
      }),
    );
    const items = await screen.findAllByTestId('alert-item');
    expect(items.map((i) => within(i).getByText('PRISE pre-arrival notice').tagName)).toHaveLength(2);
    expect(items.map((i) => within(i).getByTestId('alert-why').textContent)).toEqual([
      'The port authority rejected the notice (code DRAFT_EXCEEDS_CHANNEL_LIMIT).',
      'The notice is due 14-07-2026 04:00 and has not been sent yet.',
    ]);
    expect(within(items[0]!).getByTestId('alert-link').textContent).toBe('Open the port call');
  });

  it('explains an alert in words, acknowledges it and asks again when a port call changes', async () => {
    const { calls } = renderApp('/en/dashboard', dashboardApi(newState()));
    const items = await screen.findAllByTestId('alert-item');
    expect(items.map((i) => i.getAttribute('data-severity'))).toEqual(['critical', 'warning']);
    expect(within(items[0]!).getByTestId('alert-why').textContent).toBe('Berth arrival (Requested) waits 3 h 05 min for an answer; the limit is 2 h 00 min.');
    expect(within(items[1]!).getByTestId('alert-why').textContent).toBe('The estimated arrival 15-07-2026 12:00 is 2 h 00 min later than the agreed 15-07-2026 10:00.');
    expect(within(items[0]!).getByTestId('alert-link').getAttribute('href')).toBe('/en/portcall-planner/details?id=41');
    expect(screen.getByTestId('alerts-open-count').textContent).toBe('2');
    // Terminal operators may set the thresholds.
    expect(screen.getByTestId('alert-settings-button')).toBeTruthy();

    fireEvent.click(within(items[0]!).getByTestId('alert-acknowledge'));
    await waitFor(() => expect(screen.getByTestId('alerts-open-count').textContent).toBe('1'));
    expect(calls.filter((c) => c.method === 'POST' && c.path === `${API}/dashboard/alerts/acknowledge`).map((c) => c.body)).toEqual([{ key: UNANSWERED.key }]);

    const before = calls.filter((c) => c.path === `${API}/dashboard/alerts`).length;
    const socket = latestSocket();
    socket.open();
    await waitFor(() => expect(socket.sent.some((m) => m.channel === 'Terminal.1')).toBe(true));
    socket.emit('Terminal.1', 1, 'portcall.updated', { portcall_id: 41 });
    await waitFor(() => expect(calls.filter((c) => c.path === `${API}/dashboard/alerts`).length).toBeGreaterThan(before));
    const watchlistAsks = calls.filter((c) => c.path === `${API}/dashboard/watchlist`).length;
    expect(watchlistAsks).toBeGreaterThan(1);

    // An acknowledgement in another tab of the same user reaches this one on the user's channel.
    const afterUpdate = calls.filter((c) => c.path === `${API}/dashboard/alerts`).length;
    await waitFor(() => expect(socket.sent.some((m) => m.channel === `User.${TEST_USER.id}`)).toBe(true));
    socket.emit(`User.${TEST_USER.id}`, 2, 'dashboard.alert_acknowledged', { key: DEVIATION.key, portcall_id: 42, terminal_id: 1 });
    await waitFor(() => expect(calls.filter((c) => c.path === `${API}/dashboard/alerts`).length).toBeGreaterThan(afterUpdate));
  });

  it('offers the vessel side no alert thresholds', async () => {
    renderApp('/en/dashboard', dashboardApi(newState({ user_type: 'vessel_operator', organisation_id: 3 })));
    await screen.findAllByTestId('alert-item');
    expect(screen.queryByTestId('alert-settings-button')).toBeNull();
  });

  it('unpins a call from the watch list', async () => {
    const { calls } = renderApp('/en/dashboard', dashboardApi(newState()));
    await screen.findByTestId('watchlist-item');
    fireEvent.click(await screen.findByTestId('pin-button-41'));
    await screen.findByTestId('watchlist-empty');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${API}/dashboard/watchlist/41`]);
  });

  it('shows the server’s refusal of a custom period at the period fields', async () => {
    const { calls } = renderApp('/en/dashboard', dashboardApi(newState({ dashboard_allowed_widgets: ['overall_performance'] })));
    await screen.findByTestId('performance-charts');
    const period = screen.getByTestId('performance-period');
    fireEvent.click(period);
    fireEvent.click(await screen.findByRole('option', { name: 'Custom' }));
    expect(await screen.findByText('A period may span at most 3 years')).toBeTruthy();
    expect((screen.getByTestId('performance-to') as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    const last = calls.filter((c) => c.path === `${API}/dashboard/overall_performance`).at(-1)!;
    expect(last.search.get('period')).toBe('custom');
    expect(last.search.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/);
    // A custom period is not saved as the user's default.
    expect(settingsPuts(calls)).toEqual([]);
  });

  it('pins and unpins a call from its details page', async () => {
    const state = newState();
    state.watchlist = [];
    const portcall = makePortcall({ id: 41 });
    const { calls } = renderApp('/en/portcall-planner/details?id=41', dashboardApi(state), portcallApi({ portcall: () => portcall }));
    const button = await screen.findByTestId('pin-button');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(button.getAttribute('data-pinned')).toBe('false');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('pin-button').getAttribute('data-pinned')).toBe('true'));
    fireEvent.click(screen.getByTestId('pin-button'));
    await waitFor(() => expect(screen.getByTestId('pin-button').getAttribute('data-pinned')).toBe('false'));
    const writes = calls.filter((c) => c.path.startsWith(`${API}/dashboard/watchlist`) && c.method !== 'GET');
    expect(writes.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', `${API}/dashboard/watchlist`, { portcall_id: 41 }],
      ['DELETE', `${API}/dashboard/watchlist/41`, undefined],
    ]);
  });
  it('opens the port-call list filtered as the count was', async () => {
    const portcall = makePortcall({ id: 41 });
    const { calls, router } = renderApp('/en/dashboard', dashboardApi(newState({ dashboard_allowed_widgets: ['user_stats'] })), portcallApi({ portcall: () => portcall }));
    fireEvent.click(await screen.findByTestId('stat-in_port'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/portcall-planner'));
    await waitFor(() => expect(calls.filter((c) => c.path === `${API}/portcalls`).map((c) => c.search.getAll('status').join()).at(-1)?.split(',').sort()).toEqual(['Berthed', 'Cargo Ops']));
    // The filter is taken over once; the address goes back to the plain list.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
  it('saves a terminal’s alert thresholds as one object and checks them before sending', async () => {
    const { calls } = renderApp('/en/dashboard', dashboardApi(newState({ dashboard_allowed_widgets: ['alerts'] })));
    const button = await screen.findByTestId('alert-settings-button');
    // Thresholds belong to a terminal: the button waits for the current one.
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);
    const minutes = (await screen.findByTestId('alert-setting-unanswered_request_minutes')) as HTMLInputElement;
    await waitFor(() => expect(minutes.value).toBe('120'));
    // A week is the most a request may wait before it counts as unanswered.
    fireEvent.change(minutes, { target: { value: '100000' } });
    fireEvent.click(screen.getByTestId('alert-settings-save'));
    await waitFor(() => expect(minutes.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.some((c) => c.method === 'PUT' && c.path === `${API}/dashboard/alert_settings`)).toBe(false);

    fireEvent.change(minutes, { target: { value: '240' } });
    fireEvent.click(screen.getByTestId('alert-settings-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === `${API}/dashboard/alert_settings`)).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.path === `${API}/dashboard/alert_settings`)!;
    expect(put.search.get('terminal_id')).toBe('1');
    expect(put.body).toEqual({ ...DEFAULT_ALERT_SETTINGS, unanswered_request_minutes: 240 });
    expect(await screen.findByText('Alert thresholds saved')).toBeTruthy();
  });
});
