// The report screens: what they ask the server, the rows they show, and the download links they offer.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMovementReport, TOverallPerformance, TPerformanceReport, TSituationReport } from '@quayline/domain';
import { API, LINKED_TERMINAL } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';

/** Opens the report's one download menu and reads the link to the server's file of every row. */
async function serverDownload(type: 'csv' | 'xlsx'): Promise<string> {
  fireEvent.click(screen.getByTestId('report-export'));
  return (await screen.findByTestId(`report-export-all-${type}`)).getAttribute('href')!;
}

const SECOND_TERMINAL = { ...LINKED_TERMINAL, id: LINKED_TERMINAL.id + 1, name: 'South Quay', time_zone: 'Asia/Tokyo' };

const SITUATION: TSituationReport = {
  terminal_id: LINKED_TERMINAL.id,
  time_zone: 'Europe/Berlin',
  cut_off: '2026-07-01T10:00:00.000Z',
  until: '2026-07-02T10:00:00.000Z',
  rows: [
    {
      portcall_id: 1, situation: 'in_port', vessel_name: 'NORTHERN STAR', imo_number: '9085778', status: 'Berthed', vessel_operator_name: 'Alpha Lines', agent_code: 'AGX', berth_section: 'North berth',
      berth_start_position: 50, berth_end_position: 250, start_bollard: 'P01', end_bollard: 'P06',
      berth_arrival: { value: '2026-06-30T20:00:00.000Z', label: 'actual' }, berth_departure: { value: '2026-07-01T18:00:00.000Z', label: 'planned' }, pilot_boarding_place_arrival: { value: null, label: null },
      cargo_types: ['Container (boxes)'], discharge: 100, load: 80, restow: 4, total_moves: 184, remarks: 'Hatch 3 damaged',
    },
    {
      portcall_id: 2, situation: 'due', vessel_name: 'BRAVO ONE', imo_number: '9123456', status: 'Approaching', vessel_operator_name: 'Bravo Shipping', agent_code: null, berth_section: null,
      berth_start_position: null, berth_end_position: null, start_bollard: null, end_bollard: null,
      berth_arrival: { value: '2026-07-01T20:00:00.000Z', label: 'estimated' }, berth_departure: { value: '2026-07-02T08:00:00.000Z', label: 'planned' }, pilot_boarding_place_arrival: { value: null, label: null },
      cargo_types: [], discharge: 0, load: 0, restow: 0, total_moves: 0, remarks: null,
    },
  ],
};

const MOVEMENT: TMovementReport = {
  terminal_id: LINKED_TERMINAL.id,
  time_zone: 'Europe/Berlin',
  from: '2026-06-30T22:00:00.000Z',
  to: '2026-07-01T22:00:00.000Z',
  rows: [
    { portcall_id: 4, kind: 'departure', time: '2026-07-01T06:00:00.000Z', time_source: 'actual', time_label: 'actual', vessel_name: 'DELTA', imo_number: '9000001', status: 'Departed', vessel_operator_name: 'Alpha Lines', berth_section: null, from_position: null, to_position: null },
    { portcall_id: 1, kind: 'shift', time: '2026-07-01T09:00:00.000Z', time_source: 'actual', time_label: null, vessel_name: 'NORTHERN STAR', imo_number: '9085778', status: 'Berthed', vessel_operator_name: 'Alpha Lines', berth_section: 'North berth', from_position: 0, to_position: 50 },
    { portcall_id: 2, kind: 'arrival', time: '2026-07-01T20:00:00.000Z', time_source: 'estimated', time_label: 'estimated', vessel_name: 'BRAVO ONE', imo_number: '9123456', status: 'Approaching', vessel_operator_name: 'Bravo Shipping', berth_section: null, from_position: null, to_position: 200 },
  ],
  meta: { page: 1, per_page: 100, total_count: 3, total_pages: 1 },
};

const part = (grouping: 'vessel_operator' | 'berth_section', groups: [string, number, number | null][]): TOverallPerformance => ({
  period: { from: MOVEMENT.from, to: MOVEMENT.to },
  grouping,
  time_zone: 'Europe/Berlin',
  kpis: ['berth_utilisation', 'waiting_time_avg'],
  units: { berth_utilisation: 'percent', waiting_time_avg: 'hours' },
  rows: groups.map(([label, calls, waiting]) => ({ group_key: label, group_label: label, values: { berth_utilisation: 40, waiting_time_avg: waiting }, counts: { calls }, planned: false })),
  totals: { values: { berth_utilisation: 55.5, waiting_time_avg: 1.5 }, counts: { calls: groups.reduce((sum, [, calls]) => sum + calls, 0) } },
});
const PERFORMANCE: TPerformanceReport = {
  terminal_id: LINKED_TERMINAL.id,
  by_vessel_operator: part('vessel_operator', [['Alpha Lines', 2, 3], ['Bravo Shipping', 1, null]]),
  by_berth_section: part('berth_section', [['North berth', 3, 1.5]]),
};

function reportsApi(terminals = [LINKED_TERMINAL]) {
  return (call: TRecordedCall) => {
    if (call.path === `${API}/terminals`) return success(terminals);
    if (call.path === `${API}/situation_reports`) return success(SITUATION);
    if (call.path === `${API}/movement_reports`) return success(MOVEMENT);
    if (call.path === `${API}/performance_report`) return success(PERFORMANCE);
    return undefined;
  };
}

const lastCall = (calls: TRecordedCall[], path: string) => calls.filter((c) => c.path === `${API}${path}`).at(-1);

describe('reports', () => {
  it('offers the three reports from the voyage center, and the side navigation leads there', async () => {
    renderApp('/en/voyage-center/reports', signedIn, reportsApi());
    expect((await screen.findByTestId('report-link-situation')).getAttribute('href')).toBe('/en/voyage-center/reports/situation');
    expect(screen.getByTestId('report-link-movement').getAttribute('href')).toBe('/en/voyage-center/reports/movement');
    expect(screen.getByTestId('report-link-performance').getAttribute('href')).toBe('/en/voyage-center/reports/performance');
    expect(screen.getAllByTestId('nav-reports')[0]!.getAttribute('href')).toBe('/en/voyage-center/reports');
  });

  it('asks for the situation at the cut-off, lists the calls with times in the terminal zone, and links the files', async () => {
    const { calls } = renderApp('/en/voyage-center/reports/situation', signedIn, reportsApi());
    const table = await screen.findByTestId('situation-table');
    const rows = within(table).getAllByTestId('situation-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('NORTHERN STAR');
    expect(rows[0]!.textContent).toContain('In port');
    expect(rows[0]!.textContent).toContain('50–250 m');
    // 20:00 UTC in summer is 22:00 in Berlin.
    expect(rows[0]!.textContent).toContain('30-06-2026 22:00');
    expect(rows[0]!.textContent).toContain('(Actual)');
    expect(rows[0]!.textContent).toContain('Hatch 3 damaged');
    expect(rows[1]!.textContent).toContain('Due');
    expect(screen.getAllByTestId('situation-card')).toHaveLength(2);
    expect(screen.getByTestId('report-zone').textContent).toBe('Times in Europe/Berlin · 2 rows');

    const request = lastCall(calls, '/situation_reports')!;
    expect(request.search.get('terminal_id')).toBe(String(LINKED_TERMINAL.id));
    expect(request.search.get('hours_ahead')).toBe('24');
    const cutOff = request.search.get('cut_off')!;
    expect(Math.abs(Date.parse(cutOff) - Date.now())).toBeLessThan(120_000);

    // One download menu: the server's file of every row sits beside the rows on screen.
    const csv = await serverDownload('csv');
    expect(csv.startsWith(`${API}/situation-reports/download?`)).toBe(true);
    expect(Object.fromEntries(new URL(csv, 'http://x').searchParams)).toEqual({ terminal_id: String(LINKED_TERMINAL.id), cut_off: cutOff, hours_ahead: '24', type: 'csv', locale: 'en' });
    expect(screen.getByTestId('report-export-all-xlsx').getAttribute('href')).toBe(csv.replace('type=csv', 'type=xls'));
    expect(screen.getByTestId('report-export-menu').textContent).toContain('CSV');
    fireEvent.click(screen.getByTestId('report-export'));

    fireEvent.change(screen.getByTestId('report-cut-off'), { target: { value: '2026-07-01T12:00' } });
    await waitFor(() => expect(lastCall(calls, '/situation_reports')!.search.get('cut_off')).toBe('2026-07-01T10:00:00.000Z'));
  });

  it('lets a user with several terminals choose one, and asks again in that terminal', async () => {
    const { calls } = renderApp('/en/voyage-center/reports/situation', signedIn, reportsApi([LINKED_TERMINAL, SECOND_TERMINAL]));
    await screen.findByTestId('situation-table');
    fireEvent.click(screen.getByTestId('report-terminal'));
    fireEvent.click(await screen.findByRole('option', { name: 'South Quay' }));
    await waitFor(() => expect(lastCall(calls, '/situation_reports')!.search.get('terminal_id')).toBe(String(SECOND_TERMINAL.id)));
    expect(screen.getByTestId('report-zone').textContent).toContain('Asia/Tokyo');
  });

  it('asks for the movements of the chosen days, shows kind and time source, and refuses a period that ends before it starts', async () => {
    const { calls } = renderApp('/en/voyage-center/reports/movement', signedIn, reportsApi());
    const table = await screen.findByTestId('movement-table');
    const rows = within(table).getAllByTestId('movement-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Departure'), expect.stringContaining('Shift'), expect.stringContaining('Arrival')]);
    expect(rows[1]!.textContent).toContain('0 → 50 m');
    expect(rows[2]!.textContent).toContain('Estimated');
    expect(rows[2]!.textContent).toContain('→ 200 m');
    expect(rows[0]!.textContent).toContain('01-07-2026 08:00');

    fireEvent.change(screen.getByTestId('report-from'), { target: { value: '2026-07-01' } });
    fireEvent.change(screen.getByTestId('report-to'), { target: { value: '2026-07-01' } });
    // One Berlin day in summer: from 22:00 UTC the day before to 22:00 UTC.
    await waitFor(() => expect(lastCall(calls, '/movement_reports')!.search.get('from')).toBe('2026-06-30T22:00:00.000Z'));
    expect(lastCall(calls, '/movement_reports')!.search.get('to')).toBe('2026-07-01T22:00:00.000Z');
    expect(await serverDownload('csv')).toBe(`${API}/movement-reports/download?terminal_id=${LINKED_TERMINAL.id}&from=2026-06-30T22%3A00%3A00.000Z&to=2026-07-01T22%3A00%3A00.000Z&type=csv&locale=en`);

    const count = calls.filter((c) => c.path === `${API}/movement_reports`).length;
    fireEvent.change(screen.getByTestId('report-to'), { target: { value: '2026-06-28' } });
    expect(await screen.findByText('The last day must not be before the first.')).toBeTruthy();
    expect(calls.filter((c) => c.path === `${API}/movement_reports`)).toHaveLength(count);
    expect(screen.queryByTestId('report-export')).toBeNull();
  });

  it('pages a long movement report: counts every row, asks for the next page, and starts again on another period', async () => {
    // 250 movements: three pages of 100, each row named after its place in the report.
    const paged = (call: TRecordedCall) => {
      if (call.path !== `${API}/movement_reports`) return reportsApi()(call);
      const page = Number(call.search.get('page') ?? 1);
      const count = Math.min(100, 250 - (page - 1) * 100);
      const rows = Array.from({ length: count }, (_, i) => ({ ...MOVEMENT.rows[2]!, portcall_id: 1000 + (page - 1) * 100 + i, vessel_name: `VESSEL ${(page - 1) * 100 + i + 1}` }));
      return success({ ...MOVEMENT, rows, meta: { page, per_page: 100, total_count: 250, total_pages: 3 } });
    };
    const { calls } = renderApp('/en/voyage-center/reports/movement', signedIn, paged);
    const table = await screen.findByTestId('movement-table');
    expect(within(table).getAllByTestId('movement-row')).toHaveLength(100);
    expect(screen.getByTestId('report-zone').textContent).toBe('Times in Europe/Berlin · 250 rows');
    expect(lastCall(calls, '/movement_reports')!.search.get('page')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(table).getAllByTestId('movement-row')[0]!.textContent).toContain('VESSEL 101'));
    expect(lastCall(calls, '/movement_reports')!.search.get('page')).toBe('2');
    fireEvent.click(within(screen.getByTestId('movement-pages')).getByRole('button', { name: '3' }));
    await waitFor(() => expect(within(screen.getByTestId('movement-table')).getAllByTestId('movement-row')).toHaveLength(50));
    // The whole report is still one download, whatever page is shown.
    expect(await serverDownload('csv')).not.toContain('page=');
    fireEvent.change(screen.getByTestId('report-from'), { target: { value: '2026-07-01' } });
    await waitFor(() => expect(lastCall(calls, '/movement_reports')!.search.get('page')).toBe('1'));
    expect(lastCall(calls, '/movement_reports')!.search.get('from')).toBe('2026-06-30T22:00:00.000Z');
  });

  it('shows the KPIs per vessel operator and per berth section, with a total column and no data as a dash', async () => {
    const { calls } = renderApp('/en/voyage-center/reports/performance', signedIn, reportsApi());
    const operators = await screen.findByTestId('performance-operators-table');
    expect(within(operators).getAllByTestId('performance-operators-group').map((th) => th.textContent)).toEqual(['Alpha Lines', 'Bravo Shipping', 'All calls']);
    const waiting = within(operators).getAllByTestId('performance-operators-kpi')[1]!;
    expect(Array.from(waiting.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['3.00 h', '–', '1.50 h']);
    expect(within(screen.getByTestId('performance-sections-table')).getAllByTestId('performance-sections-group').map((th) => th.textContent)).toEqual(['North berth', 'All calls']);
    const request = lastCall(calls, '/performance_report')!;
    expect([...request.search.keys()].sort()).toEqual(['from', 'terminal_id', 'to']);
    const xls = await serverDownload('xlsx');
    expect(xls).toContain(`${API}/performance-report/download?terminal_id=${LINKED_TERMINAL.id}&from=`);
    expect(xls).toMatch(/type=xls&locale=en$/);
  });
});
