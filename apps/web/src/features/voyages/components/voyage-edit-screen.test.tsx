import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';
import { makeVoyage, terminalsApi } from '../test/voyage-fixtures';

const PORTS = [
  { id: 7, unlocode: 'NLRTM', name: 'Rotterdam', country_code: 'NL', time_zone: 'Europe/Amsterdam', latitude: null, longitude: null },
  { id: 1, unlocode: 'DEHAM', name: 'Hamburg', country_code: 'DE', time_zone: 'Europe/Berlin', latitude: null, longitude: null },
];
const VESSELS = [
  { id: 101, name: 'CORAL RESOLVE', imo_number: '9085778', mmsi: null, call_sign: null, flag: null, vessel_type: 'Container ship', length_overall_m: 300, beam_m: 40, max_draft_m: 14, gross_tonnage: null, vessel_operator: { id: 3, code: 'BAL', name: 'Blue Anchor Line' } },
];
const page = (items: unknown[]) => success({ items, meta: { page: 1, per_page: 20, total_count: items.length, total_pages: 1 } });

function masterData(call: TRecordedCall) {
  if (call.path === `${API}/ports`) return page(PORTS);
  if (call.path === `${API}/vessels`) return page(VESSELS);
  if (call.path === `${API}/vessel_operators`) return page([VESSELS[0]!.vessel_operator]);
  return undefined;
}

async function pick(testId: string, option: string, within_?: HTMLElement) {
  const input = (within_ ? within(within_).getByTestId(testId) : screen.getByTestId(testId)) as HTMLInputElement;
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: option.slice(0, 3) } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('voyage edit screen', () => {
  it('creates a voyage typed in by hand with its schedule in the terminal’s zone and says "Voyage added"', async () => {
    const { apiCalls, router } = renderApp('/en/voyage-center/voyages/edit', signedIn, terminalsApi, masterData, (call) =>
      call.method === 'POST' && call.path === `${API}/voyages` ? success(makeVoyage({ id: 77 })) : call.path === `${API}/voyages` ? success({ items: [], meta: { page: 1, per_page: 10, total_count: 0, total_pages: 0 } }) : undefined,
    );
    fireEvent.change(await screen.findByTestId('field-service-name'), { target: { value: 'Asia Europe 7' } });
    fireEvent.change(screen.getByTestId('field-service-code'), { target: { value: 'AE7' } });
    fireEvent.change(screen.getByTestId('field-voyage-import'), { target: { value: '2703W' } });
    await pick('field-vessel', 'CORAL RESOLVE (9085778)');
    // The vessel's operator is filled in.
    await waitFor(() => expect((screen.getByTestId('field-vessel-operator') as HTMLInputElement).value).toBe('Blue Anchor Line'));
    const [terminalRow] = screen.getAllByTestId('schedule-row');
    await pick('schedule-row-port', 'Hamburg (DEHAM)', terminalRow);
    fireEvent.change(within(terminalRow!).getByTestId('schedule-row-arrival'), { target: { value: '2027-01-20T08:00' } });
    fireEvent.change(within(terminalRow!).getByTestId('schedule-row-departure'), { target: { value: '2027-01-21T16:00' } });
    // A second port, then moved in front of the terminal call.
    fireEvent.click(screen.getByTestId('schedule-row-add'));
    const second = screen.getAllByTestId('schedule-row')[1]!;
    await pick('schedule-row-port', 'Rotterdam (NLRTM)', second);
    fireEvent.click(within(second).getByTestId('schedule-row-up'));
    fireEvent.click(screen.getByTestId('voyage-save'));

    await waitFor(() => expect(apiCalls().some((c) => c.method === 'POST')).toBe(true));
    expect(apiCalls().find((c) => c.method === 'POST')!.body).toEqual({
      terminal_id: 1,
      service_name: 'Asia Europe 7',
      service_code: 'AE7',
      vessel_id: 101,
      vessel_operator_id: 3,
      voyage_number_import: '2703W',
      voyage_number_export: null,
      direction: null,
      source: 'manual',
      schedule_syncable: true,
      schedule: [
        { port_id: 7, is_terminal_call: false, arrival: null, departure: null },
        { port_id: 1, is_terminal_call: true, arrival: '2027-01-20T07:00:00.000Z', departure: '2027-01-21T15:00:00.000Z' },
      ],
    });
    expect(await screen.findByText('Voyage added')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/voyage-center/voyages'));
  });

  it('does not send a voyage without its required fields and marks them', async () => {
    const { apiCalls } = renderApp('/en/voyage-center/voyages/edit', signedIn, terminalsApi, masterData);
    fireEvent.click(await screen.findByTestId('voyage-save'));
    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(apiCalls().some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits with the version, shows the server’s field errors at the schedule row', async () => {
    const { apiCalls } = renderApp('/en/voyage-center/voyages/edit?id=12', signedIn, terminalsApi, masterData, (call) => {
      if (call.path !== `${API}/voyages/12`) return undefined;
      if (call.method === 'GET') return success(makeVoyage());
      return { status: 400, body: { status: { status: 'VALIDATION_FAILED', message: 'bad' }, payload: { error_code: 'VALIDATION_FAILED', errors: [{ path: 'schedule.1.departure', message: 'Departure must be after arrival' }] } } };
    });
    const rows = await screen.findAllByTestId('schedule-row');
    expect(within(rows[0]!).getByTestId('schedule-row-source').textContent).toBe('GNet');
    expect(within(rows[0]!).getByTestId('schedule-row-fetched').textContent).toBe('fetched 10-01-2027 07:00');
    expect((within(rows[1]!).getByTestId('schedule-row-arrival') as HTMLInputElement).value).toBe('20-01-2027 08:00');
    fireEvent.change(within(rows[1]!).getByTestId('schedule-row-departure'), { target: { value: '19-01-2027 08:00' } });
    fireEvent.click(screen.getByTestId('voyage-save'));
    expect(await within(rows[1]!).findByText('Departure must be after arrival')).toBeTruthy();
    const put = apiCalls().find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`${API}/voyages/12`);
    expect(put.body).toMatchObject({ version: 4, service_name: 'Asia Europe 7', vessel_id: 101 });
    expect((put.body as { schedule: unknown[] }).schedule[1]).toEqual({ port_id: 1, is_terminal_call: true, arrival: '2027-01-20T07:00:00.000Z', departure: '2027-01-19T07:00:00.000Z' });
    expect(put.body).not.toHaveProperty('terminal_id');
  });

  it('on a 409 shows what the other person saved, keeps the user’s input, and loads the stored version on request', async () => {
    const theirs = makeVoyage({ version: 5, service_name: 'Asia Europe 7 (renamed)' });
    const { apiCalls } = renderApp('/en/voyage-center/voyages/edit?id=12', signedIn, terminalsApi, masterData, (call) => {
      if (call.path !== `${API}/voyages/12`) return undefined;
      if (call.method === 'GET') return success(makeVoyage());
      return { status: 409, body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current: theirs } } };
    });
    const name = (await screen.findByTestId('field-service-name')) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'My service' } });
    fireEvent.click(screen.getByTestId('voyage-save'));
    const conflict = await screen.findByTestId('voyage-conflict');
    expect(conflict.textContent).toContain('Asia Europe 7 (renamed) (AE7)');
    expect((screen.getByTestId('field-service-name') as HTMLInputElement).value).toBe('My service');
    fireEvent.click(within(conflict).getByTestId('voyage-conflict-load-latest'));
    await waitFor(() => expect((screen.getByTestId('field-service-name') as HTMLInputElement).value).toBe('Asia Europe 7 (renamed)'));
    expect(screen.queryByTestId('voyage-conflict')).toBeNull();
    // The next save carries the version that won.
    fireEvent.click(screen.getByTestId('voyage-save'));
    await waitFor(() => expect(apiCalls().filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(apiCalls().filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({ version: 5 });
  });
});
