import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';
import { API, makePortcall, masterDataApi, portcallApi, signedInAs } from '@/test/portcall-fixtures';

const ADD = '/en/portcall-planner/portcall/add';
const EDIT = '/en/portcall-planner/portcall/edit?id=5';
const writes = (calls: TRecordedCall[]) => calls.filter((c) => c.method !== 'GET');

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const errorOf = (testId: string) => {
  const field = input(testId);
  const id = field.getAttribute('aria-describedby')?.split(' ').find((d) => d.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('port-call form', () => {
  it('sends nothing without vessel, operator and berth times and marks exactly those fields', async () => {
    const { apiCalls } = renderApp(ADD, signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    fireEvent.click(await screen.findByTestId('portcall-form-save'));

    const problems = await screen.findByTestId('portcall-form-problems');
    for (const field of ['field-vessel', 'field-vessel-operator', 'field-berth-arrival', 'field-berth-departure']) {
      expect(input(field).getAttribute('aria-invalid'), field).toBe('true');
      expect(errorOf(field), field).toBe('Required');
    }
    expect(input('field-agent').getAttribute('aria-invalid')).not.toBe('true');
    expect(within(problems).getAllByRole('listitem')).toHaveLength(4);
    expect(writes(apiCalls())).toEqual([]);
  });

  it('starts with the form defaults of the spec', async () => {
    renderApp(ADD, signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    expect((await screen.findByTestId('field-bollards-linked')).getAttribute('type')).toBe('checkbox');
    expect(input('field-bollards-linked').checked).toBe(true);
    expect(input('field-sync-shift').checked).toBe(false);
    expect(input('field-move-count').value).toBe('0');
    expect(input('field-draft-inbound').value).toBe('0');
    expect(input('field-draft-outbound').value).toBe('0');
    expect(input('field-portcall-type').value).toBe('Inbound');
    expect(input('field-terminal').value).toBe('Waltershof Multipurpose Terminal');
    // The first configured vessel characteristic, and only it.
    const characteristics = ['Onboard crane (starboard)', 'Onboard crane (port)', 'Onboard crane (midships)', 'Bow ramp', 'Side ramp (starboard)', 'Side ramp (port)', 'Stern quarter ramp', 'Straight stern ramp'];
    expect(characteristics.filter((label) => (screen.getByLabelText(label) as HTMLInputElement).checked)).toEqual(['Onboard crane (starboard)']);
  });

  it('picks a vessel by name, takes over its operator and creates the call with UTC times, then opens the details', async () => {
    const created = makePortcall({ id: 77 });
    const { apiCalls, router } = renderApp(
      ADD,
      signedIn,
      (call) => (call.method === 'POST' && call.path === `${API}/portcalls` ? { status: 201, body: { status: { status: 'SUCCESS' }, payload: created } } : undefined),
      portcallApi({ portcall: () => created }),
      masterDataApi,
    );
    const vessel = await screen.findByTestId('field-vessel');
    fireEvent.click(vessel);
    fireEvent.change(vessel, { target: { value: 'coral' } });
    // Options appear after the search debounce and the server's answer.
    fireEvent.click(await screen.findByRole('option', { name: 'CORAL RESOLVE (IMO 9085778) · Container ship' }, { timeout: 4000 }));
    await waitFor(() => expect(input('field-vessel-operator').value).toBe('NRDL – Nordic Line A/S'));

    fireEvent.change(input('field-berth-arrival'), { target: { value: '2026-07-15T10:00' } });
    fireEvent.change(input('field-berth-departure'), { target: { value: '2026-07-16T18:00' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));

    await waitFor(() => expect(router.state.location.search).toBe('?id=77'));
    expect(router.state.location.pathname).toBe('/en/portcall-planner/details');
    const body = writes(apiCalls())[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      terminal_id: 1,
      vessel_id: 101,
      vessel_operator_id: 201,
      berth_arrival: '2026-07-15T08:00:00.000Z',
      berth_departure: '2026-07-16T16:00:00.000Z',
      is_bollards_linked: true,
      move_count_containers: 0,
      draft_inbound: 0,
      draft_outbound: 0,
      sync_shift_cargo_volumes: false,
      portcall_type: 'Inbound',
      cargo_details: [],
    });
  });

  it('checks the berth window before sending and shows the rule at its field', async () => {
    const { apiCalls } = renderApp(EDIT, signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    const departure = await screen.findByTestId('field-berth-departure');
    expect((departure as HTMLInputElement).value).toBe('16-07-2026 18:00');
    fireEvent.change(departure, { target: { value: '15-07-2026 09:00' } });
    fireEvent.change(input('field-berth-start'), { target: { value: '100' } });
    fireEvent.change(input('field-berth-end'), { target: { value: '200' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));

    await screen.findByTestId('portcall-form-problems');
    expect(errorOf('field-berth-departure')).toBe('Berth departure must be after berth arrival');
    expect(errorOf('field-berth-end')).toBe('The berth is shorter than the vessel (197.7 m)');
    expect(writes(apiCalls())).toEqual([]);
    // Changing the field clears what was said about it.
    fireEvent.change(departure, { target: { value: '2026-07-16T09:00' } });
    expect(errorOf('field-berth-departure')).toBeUndefined();
  });

  it('sends only what changed with the version and shows server field errors at their fields', async () => {
    const { apiCalls } = renderApp(
      EDIT,
      signedIn,
      (call) =>
        call.method === 'PUT'
          ? {
              status: 400,
              body: {
                status: { status: 'VALIDATION_FAILED', message: 'bad' },
                payload: { error_code: 'VALIDATION_FAILED', errors: [{ path: 'pilot_boarding_place_arrival', message: 'The pilot boards before the vessel reaches the berth' }] },
              },
            }
          : undefined,
      portcallApi({ portcall: () => makePortcall() }),
      masterDataApi,
    );
    fireEvent.change(await screen.findByTestId('field-voyage-import'), { target: { value: 'V200' } });
    fireEvent.change(input('field-comment'), { target: { value: 'Second call' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));

    await waitFor(() => expect(errorOf('field-pilot-arrival')).toBe('The pilot boards before the vessel reaches the berth'));
    expect(writes(apiCalls())).toHaveLength(1);
    expect(writes(apiCalls())[0]?.path).toBe(`${API}/portcalls/5`);
    expect(writes(apiCalls())[0]?.body).toEqual({ voyage_number_import: 'V200', comment: 'Second call', version: 3 });
  });

  it('edits the call-level cargo type and sends it as a change', async () => {
    const { apiCalls } = renderApp(EDIT, signedIn, portcallApi({ portcall: () => makePortcall({ cargo_type: 'General' }) }), masterDataApi);
    fireEvent.click(await screen.findByTestId('field-cargo-type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Roll-on/Roll-off' }));
    fireEvent.click(screen.getByTestId('portcall-form-save'));
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    expect(writes(apiCalls())[0]?.body).toEqual({ cargo_type: 'Roll-on/Roll-off', version: 3 });
  });

  it('shows the spec fields of the record on the details page: operator, port, previous times and cargo progress', async () => {
    renderApp(
      '/en/portcall-planner/details?id=5',
      signedIn,
      portcallApi({ portcall: () => makePortcall({ cargo_type: 'General', previous_berth_arrival: '2026-07-15T06:00:00.000Z', cargo_progress_percentage: 37.5, total_volume: 400, actual_volume: 150, remaining_volume: 250 }) }),
    );
    await screen.findByTestId('screen-portcall_planner_view');
    expect(screen.getByTestId('summary-terminal-operator').textContent).toBe('Waltershof Terminal Operations GmbH');
    expect(screen.getByTestId('summary-port').textContent).toBe('Hamburg (DEHAM)');
    // 06:00 UTC is 08:00 in Berlin (summer time).
    expect(screen.getByTestId('summary-previous-berth-arrival').textContent).toMatch(/^was .*08:00/);
    expect(screen.getByTestId('summary-cargo-type').textContent).toBe('General cargo');
    expect(screen.getByTestId('summary-cargo-progress').textContent).toBe('37.5 % · 150 of 400 done, 250 left');
  });

  it('shows the other person’s values on a conflict and loads them on request, overwriting nothing', async () => {
    const theirs = makePortcall({ version: 4, comment: 'Changed by the night planner' });
    const puts: unknown[] = [];
    renderApp(
      EDIT,
      signedIn,
      (call) => {
        if (call.method !== 'PUT') return undefined;
        puts.push(call.body);
        const body = call.body as { version: number };
        if (body.version === 3) return { status: 409, body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current: theirs } } };
        return success(makePortcall({ version: 5, comment: 'Mine' }));
      },
      portcallApi({ portcall: () => makePortcall() }),
      masterDataApi,
    );
    fireEvent.change(await screen.findByTestId('field-comment'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));

    const notice = await screen.findByTestId('portcall-conflict');
    const row = within(notice).getByTestId('portcall-conflict-row');
    expect(row.getAttribute('data-field')).toBe('comment');
    expect(within(row).getByTestId('portcall-conflict-theirs').textContent).toBe('Changed by the night planner');
    expect(row.textContent).toContain('Mine');
    expect((screen.getByTestId('portcall-form-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(notice).getByTestId('portcall-conflict-load-latest'));
    await waitFor(() => expect(input('field-comment').value).toBe('Changed by the night planner'));
    expect(screen.queryByTestId('portcall-conflict')).toBeNull();
    fireEvent.change(input('field-comment'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ comment: 'Mine', version: 4 });
  });

  it('computes each cargo row’s total from discharge, load and restow and never lets it be typed', async () => {
    renderApp(ADD, signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    fireEvent.click(await screen.findByTestId('cargo-add'));
    fireEvent.click(screen.getByTestId('cargo-add'));
    const [first, second] = screen.getAllByTestId('cargo-row');
    fireEvent.change(within(first!).getByTestId('cargo-discharge'), { target: { value: '1200' } });
    fireEvent.change(within(first!).getByTestId('cargo-load'), { target: { value: '800' } });
    fireEvent.change(within(first!).getByTestId('cargo-restow'), { target: { value: '15' } });
    fireEvent.change(within(second!).getByTestId('cargo-load'), { target: { value: '5' } });

    const total = within(first!).getByTestId('cargo-total') as HTMLInputElement;
    expect(total.value).toBe('2,015');
    expect(total.readOnly).toBe(true);
    expect(screen.getByTestId('cargo-grand-total').textContent).toBe('Total of all rows: 2,020');

    fireEvent.click(within(second!).getByTestId('cargo-row-remove'));
    expect(screen.getAllByTestId('cargo-row')).toHaveLength(1);
    expect(screen.getByTestId('cargo-grand-total').textContent).toBe('Total of all rows: 2,015');
  });

  it('folds a cargo row to a one-line summary and back, folds all rows at once, and never sends the fold', async () => {
    const twoRows = makePortcall({
      cargo_details: [
        { id: 9, cargo_type: 'Container (boxes)', move_count: 167, move_count_unit: 'pieces', discharge: 110, load: 55, restow: 2, crane_intensity: 1, total: 167, quantities: null, quantity_totals: null },
        { id: 10, cargo_type: 'General', move_count: 40, move_count_unit: 'tons', discharge: 40, load: 0, restow: 0, crane_intensity: 1, total: 40, quantities: null, quantity_totals: null },
      ],
    });
    const { apiCalls } = renderApp(EDIT, signedIn, (call) => (call.method === 'PUT' ? success(twoRows) : undefined), portcallApi({ portcall: () => twoRows }), masterDataApi);
    await screen.findAllByTestId('cargo-discharge');
    const [first, second] = screen.getAllByTestId('cargo-row');
    // Open by default (spec: isExpanded true), with no summary line.
    expect(first!.getAttribute('data-expanded')).toBe('true');
    expect(within(first!).queryByTestId('cargo-row-summary')).toBeNull();
    fireEvent.change(within(first!).getByLabelText('Comment'), { target: { value: 'Reefers first' } });

    const toggle = within(first!).getByTestId('cargo-row-toggle');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(first!.getAttribute('data-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Unfold cargo row 1');
    expect(within(first!).getByTestId('cargo-row-summary').textContent).toBe('Container (boxes) · 167 pieces');
    expect(second!.getAttribute('data-expanded')).toBe('true');

    fireEvent.click(screen.getByTestId('cargo-toggle-all'));
    expect(screen.getAllByTestId('cargo-row').map((row) => row.getAttribute('data-expanded'))).toEqual(['false', 'false']);
    expect(within(second!).getByTestId('cargo-row-summary').textContent).toBe('General cargo · 40 tons');
    fireEvent.click(screen.getByTestId('cargo-toggle-all'));
    expect(screen.getAllByTestId('cargo-row').map((row) => row.getAttribute('data-expanded'))).toEqual(['true', 'true']);
    fireEvent.click(within(first!).getByTestId('cargo-row-toggle'));

    fireEvent.click(screen.getByTestId('portcall-form-save'));
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    const sent = (writes(apiCalls())[0]?.body as { cargo_details: Record<string, unknown>[] }).cargo_details;
    expect(sent[0]).toMatchObject({ id: 9, comment: 'Reefers first' });
    for (const row of sent) expect(Object.keys(row)).not.toContain('isExpanded');
  });

  it('gives each shift row its cargo type, sub-type and product and shows its quantity, and sends them with the card', async () => {
    const withShift = makePortcall({
      portcall_shift_details: [{ id: 71, portcall_id: 5, shift_number: 1, start_time: '2026-07-15T04:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', discharge: 100, load: 40, restow: 2, gangs: 2, total_resources: 0, shift_quantity: 142, draft_portcall_id: null, shift_equipment_details: [] }],
    });
    const { apiCalls } = renderApp(EDIT, signedIn, (call) => (call.method === 'PUT' ? success(withShift) : undefined), portcallApi({ portcall: () => withShift }), masterDataApi);
    const row = await screen.findByTestId('shift-row');
    expect((within(row).getByTestId('shift-quantity') as HTMLInputElement).value).toBe('142');
    fireEvent.change(within(row).getByTestId('shift-load'), { target: { value: '60' } });
    expect((within(row).getByTestId('shift-quantity') as HTMLInputElement).value).toBe('162');

    const cargoType = within(row).getByTestId('shift-cargo_type');
    fireEvent.click(cargoType);
    fireEvent.click(await screen.findByRole('option', { name: 'Container (boxes)' }));
    fireEvent.change(within(row).getByTestId('shift-cargo_sub_type'), { target: { value: 'Reefer' } });
    fireEvent.change(within(row).getByTestId('shift-product_name'), { target: { value: 'Bananas' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    const sent = (writes(apiCalls())[0]?.body as { portcall_shift_details: Record<string, unknown>[] }).portcall_shift_details;
    expect(sent[0]).toMatchObject({ cargo_type: 'Container (boxes)', cargo_sub_type: 'Reefer', product_name: 'Bananas', discharge: 100, load: 60, restow: 2 });
  });

  it('shows the terminal’s own fields read-only to the vessel side and fills in the agent’s organisation', async () => {
    renderApp(ADD, signedInAs({ user_type: 'agent', organisation_id: 301, organisation_name: 'Elbe Ship Agency GmbH' }), portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    expect(await screen.findByTestId('terminal-fields-read-only')).toBeTruthy();
    expect(screen.queryByTestId('field-berth-start')).toBeNull();
    expect(screen.queryByTestId('field-card-colour')).toBeNull();
    expect(screen.queryByTestId('field-berth-comment')).toBeNull();
    expect(input('field-agent').value).toBe('ESA – Elbe Ship Agency GmbH');
    expect(input('field-agent').disabled).toBe(true);
  });

  it('offers the vessel operator only what it may change: bookings, shift plan, volume sync and PRISE read-only, and never sent', async () => {
    const planned = makePortcall({
      prise_status: 'prise_sent',
      sync_shift_cargo_volumes: true,
      equipment_details: [{ id: 61, portcall_id: 5, cargo_handling_equipment_id: 41, equipment_name: 'STS crane 1', equipment_number: 'STS-01', start_time: '2026-07-15T08:00:00.000Z', end_time: '2026-07-15T20:00:00.000Z' }],
      portcall_shift_details: [{ id: 71, portcall_id: 5, shift_number: 1, start_time: '2026-07-15T04:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', discharge: 100, load: 0, restow: 0, gangs: 4, total_resources: 0, shift_quantity: 100, draft_portcall_id: null, shift_equipment_details: [] }],
    });
    const { apiCalls } = renderApp(
      EDIT,
      signedInAs({ user_type: 'vessel_operator', organisation_id: 201, organisation_name: 'Nordic Line A/S' }),
      (call) => (call.method === 'PUT' ? success(planned) : undefined),
      portcallApi({ portcall: () => planned }),
      masterDataApi,
    );
    const shifts = await screen.findByTestId('shift-plan-read-only');
    expect(within(shifts).getByTestId('shift-read-only-row').textContent).toBe('Shift 1: 15-07-2026 06:00 – 15-07-2026 14:00 · gangs: 4');
    expect(shifts.textContent).toContain('Sync cargo volumes to shiftsYes');
    expect(within(screen.getByTestId('equipment-read-only')).getByTestId('equipment-read-only-row').textContent).toBe('STS crane 1 (STS-01): 15-07-2026 10:00 – 15-07-2026 22:00');
    expect(within(screen.getByTestId('prise-fields-read-only')).getByTestId('prise-status-badge').getAttribute('data-prise-status')).toBe('prise_sent');
    for (const field of ['shift-add', 'shift-gangs', 'equipment-add', 'field-sync-shift', 'field-prise-status', 'field-prise-code', 'field-prise-message', 'field-berth-start', 'field-card-colour']) expect(screen.queryByTestId(field), field).toBeNull();

    fireEvent.change(input('field-comment'), { target: { value: 'Reefer plugs for 40 units' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    expect(writes(apiCalls())[0]?.body).toEqual({ comment: 'Reefer plugs for 40 units', version: 3 });
  });

  const created = makePortcall({ id: 78 });
  const answerCreate = (call: TRecordedCall) => (call.method === 'POST' && call.path === `${API}/portcalls` ? { status: 201, body: { status: { status: 'SUCCESS' }, payload: created } } : undefined);
  const fillAndSave = async () => {
    const vessel = await screen.findByTestId('field-vessel');
    fireEvent.click(vessel);
    fireEvent.change(vessel, { target: { value: 'coral' } });
    fireEvent.click(await screen.findByRole('option', { name: 'CORAL RESOLVE (IMO 9085778) · Container ship' }, { timeout: 4000 }));
    fireEvent.change(input('field-berth-arrival'), { target: { value: '2026-07-15T10:00' } });
    fireEvent.change(input('field-berth-departure'), { target: { value: '2026-07-16T18:00' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));
  };

  it('creates a call for the vessel side without a field the server would refuse it', async () => {
    const { apiCalls } = renderApp(ADD, signedInAs({ user_type: 'vessel_operator', organisation_id: 201, organisation_name: 'Nordic Line A/S' }), answerCreate, portcallApi({ portcall: () => created }), masterDataApi);
    await fillAndSave();
    expect(screen.queryByTestId('form-equipment')).toBeNull();
    expect(screen.queryByTestId('form-shifts')).toBeNull();
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    const sent = Object.keys(writes(apiCalls())[0]?.body as object);
    for (const field of ['berth_start_position', 'is_bollards_linked', 'card_colour', 'sync_shift_cargo_volumes', 'equipment_details', 'portcall_shift_details', 'prise_status', 'prise_message', 'prise_code']) expect(sent, field).not.toContain(field);
  });

  it('creates the terminal’s call with its own fields and without the PRISE fields, which only the PRISE workflow sets', async () => {
    const { apiCalls } = renderApp(ADD, signedIn, answerCreate, portcallApi({ portcall: () => created }), masterDataApi);
    await fillAndSave();
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    const sent = Object.keys(writes(apiCalls())[0]?.body as object);
    expect(sent).toEqual(expect.arrayContaining(['card_colour', 'is_bollards_linked', 'sync_shift_cargo_volumes', 'equipment_details', 'portcall_shift_details']));
    for (const field of ['prise_status', 'prise_message', 'prise_code']) expect(sent, field).not.toContain(field);
    expect(screen.queryByTestId('field-prise-status')).toBeNull();
  });

  it('keeps a stored tier table: its quantities are read-only and go back with the row', async () => {
    const quantities = { tier: 2 as const, full: { discharge: 100, load: 50, restow: 0 }, empty: { discharge: 10, load: 5, restow: 2 } };
    const withTier = makePortcall({
      cargo_details: [
        { id: 9, cargo_type: 'Container (boxes)', move_count: 167, move_count_unit: 'pieces', discharge: 110, load: 55, restow: 2, crane_intensity: 1, total: 167, quantities, quantity_totals: null },
      ],
    });
    const { apiCalls } = renderApp(EDIT, signedIn, (call) => (call.method === 'PUT' ? success(withTier) : undefined), portcallApi({ portcall: () => withTier }), masterDataApi);
    const discharge = (await screen.findByTestId('cargo-discharge')) as HTMLInputElement;
    expect(discharge.readOnly).toBe(true);
    expect(discharge.value).toBe('110');
    expect(input('cargo-total').value).toBe('167');
    fireEvent.change(within(screen.getByTestId('cargo-row')).getByLabelText('Comment'), { target: { value: 'Reefers first' } });
    fireEvent.click(screen.getByTestId('portcall-form-save'));
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    const sent = (writes(apiCalls())[0]?.body as { cargo_details: { id: number; quantities: unknown; comment: string }[] }).cargo_details[0];
    expect(sent).toMatchObject({ id: 9, comment: 'Reefers first', quantities });
  });
});
