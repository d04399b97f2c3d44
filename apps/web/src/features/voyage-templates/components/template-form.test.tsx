import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TTemplateDiff } from '@quayline/domain';
import { renderApp, signedIn, success, type THandler, type TRecordedCall } from '@/test/render-app';
import { API, signedInAs } from '@/test/portcall-fixtures';
import { makeTemplate, templateMasterData } from '../testing/template-fixtures';
import { typeTime } from '@/test/date-inputs';

const ADD = '/en/voyage-center/voyage-templates/add';
const EDIT = '/en/voyage-center/voyage-templates/edit?id=12';
const LIST_PATH = '/en/voyage-center/voyage-templates';
// The preview's clash check is a read sent as POST (it carries the unsaved template); it writes nothing.
const writes = (calls: TRecordedCall[]) => calls.filter((c) => c.method !== 'GET' && !c.path.endsWith('/voyage_templates/preview_clashes'));
const clashChecks = (calls: TRecordedCall[]) => calls.filter((c) => c.path === `${API}/voyage_templates/preview_clashes`);
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const errorOf = (testId: string) => {
  const id = input(testId).getAttribute('aria-describedby')?.split(' ').find((d) => d.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};
const type = (testId: string, value: string) => fireEvent.change(input(testId), { target: { value } });

async function pick(testId: string, search: string, option: string) {
  const field = input(testId);
  fireEvent.click(field);
  fireEvent.change(field, { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 4000 }));
}

const templateApi = (template = makeTemplate()): THandler => (call) =>
  call.method === 'GET' && call.path === `${API}/voyage_templates/${template.id}` ? success(template) : undefined;
const listApi: THandler = (call) =>
  call.method === 'GET' && call.path === `${API}/voyage_templates` ? success({ items: [], meta: { page: 1, per_page: 10, total_count: 0, total_pages: 0 } }) : undefined;

/** A weekly service berthing on Mondays from 7 January 2030: Rotterdam the day before, then our terminal in Hamburg. */
async function fillNewTemplate() {
  type('field-name', 'North Sea Shuttle');
  type('field-code', 'NSS');
  await pick('field-vessel-operator', 'nord', 'NRDL – Nordic Line A/S');
  type('field-valid-from', '07-01-2030');
  await pick('vessels-add', 'coral', 'CORAL RESOLVE (IMO 9085778)');
  await pick('vessels-add', 'baltic', 'BALTIC DAWN (IMO 9301234)');
  type('field-start-position', '120');

  fireEvent.click(screen.getByTestId('rotation-add'));
  // Flagging the second stop as ours fills in the terminal's port and unflags the first.
  fireEvent.click(input('stop-1-terminal'));
  await waitFor(() => expect(input('stop-1-port').value).toBe('DEHAM – Hamburg'));
  expect(input('stop-0-terminal').checked).toBe(false);
  await pick('stop-0-port', 'rott', 'NLRTM – Rotterdam');
  typeTime(input('stop-0-arrival-time'), '06:00');
  type('stop-0-stay', '12');
  type('stop-1-day-offset', '1');
  typeTime(input('stop-1-arrival-time'), '08:00');
  type('stop-1-stay', '24');
}

describe('voyage template form', () => {
  it('creates a template with the rotation, vessels in turn and berth window, then shows the popup and the list', async () => {
    const { apiCalls, router } = renderApp(
      ADD,
      signedIn,
      (call) => (call.method === 'POST' && call.path === `${API}/voyage_templates` ? { status: 201, body: { status: { status: 'SUCCESS' }, payload: makeTemplate({ id: 40, name: 'North Sea Shuttle', code: 'NSS' }) } } : undefined),
      listApi,
      templateMasterData,
    );
    await screen.findByTestId('template-form');
    await fillNewTemplate();
    // The stop marked as ours is labelled as the berth window's time and stay.
    expect(screen.getByText('Berth window arrival time')).toBeTruthy();
    expect(screen.getByText('Berth window stay (hours)')).toBeTruthy();

    fireEvent.click(screen.getByTestId('template-form-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    expect(await screen.findByText('Voyage template added')).toBeTruthy();
    expect(writes(apiCalls())).toHaveLength(1);
    expect(writes(apiCalls())[0]!.body).toEqual({
      terminal_id: 1,
      name: 'North Sea Shuttle',
      code: 'NSS',
      vessel_operator_id: 201,
      rotation: [
        { port_id: 2, is_terminal_call: false, day_offset: 0, arrival_time: '06:00', stay_hours: 12 },
        { port_id: 1, is_terminal_call: true, day_offset: 1, arrival_time: '08:00', stay_hours: 24 },
      ],
      berth_window: { arrival_weekday: 1, preferred_start_position_m: 120, berth_orientation: null },
      vessel_ids: [101, 102],
      recurrence: { interval_weeks: 1, exceptions: [] },
      valid_from: '2030-01-07',
      valid_to: null,
      import_direction: 'W',
      export_direction: 'E',
    });
  });

  it('marks the previewed calls that fall on a holiday of the terminal', async () => {
    const holiday = { id: 5, terminal_id: 1, kind: 'holiday', reason: 'Port festival', starts_at: '2030-01-20T23:00:00.000Z', ends_at: '2030-01-21T23:00:00.000Z' };
    const closedShift = { id: 6, terminal_id: 1, kind: 'closed_shift', reason: 'Crane maintenance', starts_at: '2030-01-07T00:00:00.000Z', ends_at: '2030-01-07T23:00:00.000Z' };
    const { apiCalls } = renderApp(ADD, signedIn, listApi, templateMasterData, (call) => (call.path === `${API}/non_working_times` ? success([holiday, closedShift]) : undefined));
    await screen.findByTestId('template-form');
    await fillNewTemplate();
    fireEvent.click(screen.getByTestId('exception-add'));
    type('field-exception-date', '2030-01-14');
    fireEvent.click(screen.getByTestId('exception-add'));

    await screen.findByTestId('preview-holiday');
    const rows = screen.getAllByTestId('preview-row');
    // 21 January overlaps the holiday; 7 January only a closed shift, which is no holiday.
    expect(rows.map((row) => within(row).queryByTestId('preview-holiday')?.textContent ?? null)).toEqual([null, 'Holiday: Port festival', null, null, null]);
    expect(screen.getByTestId('preview-holidays').textContent).toBe('1 of these calls falls on a holiday of the terminal.');
    const asked = apiCalls().filter((c) => c.path === `${API}/non_working_times`).at(-1)!;
    expect(asked.search.get('terminal_id')).toBe('1');
  });

  it('marks the previewed calls that clash with the berth plan, and never shows an answer for what was typed before', async () => {
    type TAsked = { template: { rotation: { stay_hours: number }[] }; from: string; count: number };
    const atlantic = { other_portcall_id: 9, other_vessel_name: 'ATLANTIC STAR', other_berth_arrival: '2030-01-14T05:00:00.000Z', other_berth_departure: '2030-01-14T17:00:00.000Z' };
    const occupied = { other_portcall_id: null, other_vessel_name: null, other_berth_arrival: null, other_berth_departure: null };
    const days = ['2030-01-07', '2030-01-14', '2030-01-21', '2030-01-28', '2030-02-04'];
    const { apiCalls } = renderApp(ADD, signedIn, listApi, templateMasterData, (call) => {
      if (call.path !== `${API}/voyage_templates/preview_clashes`) return undefined;
      // A 24-hour stay meets ATLANTIC STAR on the 14th and another carrier's call on the 28th; a 6-hour stay meets nothing.
      const isLong = (call.body as TAsked).template.rotation[1]!.stay_hours === 24;
      const items = days.map((day) => ({
        occurrence_date: day,
        vessel_id: 1,
        berth_arrival: `${day}T07:00:00.000Z`,
        berth_departure: `${day}T07:00:00.000Z`,
        berth_start_position: 120,
        berth_end_position: 320,
        clashes: isLong && day === '2030-01-14' ? [atlantic] : isLong && day === '2030-01-28' ? [occupied] : [],
      }));
      return success({ items, clashing_portcalls: items.filter((i) => i.clashes.length > 0).length });
    });
    await screen.findByTestId('template-form');
    await fillNewTemplate();

    await waitFor(() => expect(screen.getAllByTestId('preview-clash')).toHaveLength(2), { timeout: 4000 });
    const rows = screen.getAllByTestId('preview-row');
    expect(rows.map((row) => within(row).queryByTestId('preview-clash')?.textContent ?? null)).toEqual([null, 'Clashes with ATLANTIC STAR, 14-01-2030 06:00–18:00', null, 'Clashes: berth occupied', null]);
    expect(screen.getByTestId('preview-clashes').textContent).toBe('2 of these calls clash with the berth plan.');
    const asked = clashChecks(apiCalls()).at(-1)!.body as TAsked & { template: { terminal_id: number; vessel_ids: number[] } };
    expect(asked).toMatchObject({ from: '2030-01-07', count: 5, template: { terminal_id: 1, vessel_ids: [101, 102] } });

    // A shorter stay: the marks of the 24-hour stay are gone at once and the new answer (no clash) replaces them.
    const before = clashChecks(apiCalls()).length;
    type('stop-1-stay', '6');
    expect(screen.queryAllByTestId('preview-clash')).toHaveLength(0);
    await waitFor(() => expect(clashChecks(apiCalls()).length).toBe(before + 1), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByTestId('preview-clash-checking')).toBeNull());
    expect(screen.queryAllByTestId('preview-clash')).toHaveLength(0);
    expect(screen.queryByTestId('preview-clashes')).toBeNull();
  });

  it('previews the next occurrences with voyage numbers, vessels in turn and berth times in the terminal’s zone', async () => {
    renderApp(ADD, signedIn, listApi, templateMasterData);
    await screen.findByTestId('template-form');
    await fillNewTemplate();
    fireEvent.click(screen.getByTestId('exception-add'));
    type('field-exception-date', '2030-01-14');
    fireEvent.click(screen.getByTestId('exception-add'));

    const rows = await screen.findAllByTestId('preview-row');
    const cells = (row: HTMLElement) => ['preview-voyage', 'preview-vessel', 'preview-arrival', 'preview-departure'].map((id) => within(row).getByTestId(id).textContent);
    expect(cells(rows[0]!)).toEqual(['3002W / 3002E', 'CORAL RESOLVE', '07-01-2030 08:00', '08-01-2030 08:00']);
    // 14 January is left out; its slot still counts, so the 21st sails with the first vessel again.
    expect(cells(rows[1]!)).toEqual(['3004W / 3004E', 'CORAL RESOLVE', '21-01-2030 08:00', '22-01-2030 08:00']);
    expect(rows).toHaveLength(5);
  });

  it('sends nothing while required fields are missing and marks them', async () => {
    const { apiCalls } = renderApp(ADD, signedIn, listApi, templateMasterData);
    await screen.findByTestId('template-form');
    fireEvent.click(screen.getByTestId('template-form-save'));
    await screen.findByTestId('template-form-problems');
    expect(errorOf('field-name')).toBe('Required');
    expect(errorOf('field-code')).toBe('Required');
    expect(errorOf('field-vessel-operator')).toBe('Required');
    expect(errorOf('stop-0-port')).toBe('Required');
    expect(errorOf('stop-0-arrival-time')).toBe('Use a time as HH:mm');
    expect(errorOf('vessels-add')).toBe('Deploy one vessel at least');
    expect(writes(apiCalls())).toEqual([]);
    type('field-name', 'X');
    expect(errorOf('field-name')).toBeUndefined();
  });

  it('shows the server’s field errors at their fields and keeps what was typed', async () => {
    const { apiCalls } = renderApp(
      ADD,
      signedIn,
      (call) =>
        call.method === 'POST'
          ? {
              status: 400,
              body: {
                status: { status: 'VALIDATION_FAILED', message: 'bad' },
                payload: {
                  error_code: 'VALIDATION_FAILED',
                  errors: [
                    { path: 'rotation.0.port_id', message: 'Unknown port' },
                    { path: 'vessel_ids.1', message: 'Unknown vessel' },
                    { path: 'valid_from', message: 'Overlaps template Asia Europe 7 (from 2030-01-02 to 2030-12-31)' },
                    { path: 'recurrence', message: 'The recurrence generates no voyage between valid_from and valid_to' },
                  ],
                },
              },
            }
          : undefined,
      listApi,
      templateMasterData,
    );
    await screen.findByTestId('template-form');
    await fillNewTemplate();
    fireEvent.click(screen.getByTestId('template-form-save'));

    await waitFor(() => expect(errorOf('stop-0-port')).toBe('Unknown port'));
    expect(screen.getByTestId('vessel-1-error').textContent).toBe('Unknown vessel');
    expect(screen.queryByTestId('vessel-0-error')).toBeNull();
    expect(errorOf('field-valid-from')).toBe('Overlaps template Asia Europe 7 (from 2030-01-02 to 2030-12-31)');
    expect(errorOf('field-interval-weeks')).toBe('The recurrence generates no voyage between valid_from and valid_to');
    expect(within(screen.getByTestId('template-form-problems')).getAllByRole('listitem').map((li) => li.textContent)).toContain('Stop 1 · Port: Unknown port');
    expect(input('field-name').value).toBe('North Sea Shuttle');
    expect(input('stop-1-stay').value).toBe('24');

    // The vessel's problem follows it when it moves to the top.
    fireEvent.click(screen.getByTestId('vessel-1-up'));
    expect(screen.getByTestId('vessel-0-error').textContent).toBe('Unknown vessel');
    expect(screen.getByTestId('vessel-0-name').textContent).toBe('BALTIC DAWN (IMO 9301234)');
    expect(writes(apiCalls())).toHaveLength(1);
  });

  it('reorders and removes stops and vessels in what it sends', async () => {
    const { apiCalls } = renderApp(EDIT, signedIn, templateApi(), (call) => (call.method === 'PUT' ? success(makeTemplate({ version: 4 })) : undefined), (call) => (call.path === `${API}/voyage_templates/12/diff` ? success({ template_id: 12, template_version: 4, items: [] }) : undefined), listApi, templateMasterData);
    await screen.findByTestId('template-form');
    fireEvent.click(screen.getByTestId('stop-2-up'));
    fireEvent.click(screen.getByTestId('stop-0-remove'));
    fireEvent.click(screen.getByTestId('vessel-0-down'));
    fireEvent.click(screen.getByTestId('template-form-save'));
    await waitFor(() => expect(writes(apiCalls())).toHaveLength(1));
    const body = writes(apiCalls())[0]!.body as { rotation: { port_id: number }[]; vessel_ids: number[] };
    expect(body.rotation.map((s) => s.port_id)).toEqual([3, 1]);
    expect(body.vessel_ids).toEqual([102, 101]);
  });

  it('saves an edit with its version, keeps the input on a conflict and loads the other version on request', async () => {
    const theirs = makeTemplate({ version: 4, name: 'Asia Europe 7 (night shift)' });
    const puts: unknown[] = [];
    const { router } = renderApp(
      EDIT,
      signedIn,
      templateApi(),
      (call) => {
        if (call.method !== 'PUT') return undefined;
        puts.push(call.body);
        if ((call.body as { version: number }).version === 3) return { status: 409, body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current: theirs } } };
        return success(makeTemplate({ version: 5, name: 'Mine' }));
      },
      (call) => (call.path === `${API}/voyage_templates/12/diff` ? success({ template_id: 12, template_version: 5, items: [] }) : undefined),
      listApi,
      templateMasterData,
    );
    await screen.findByTestId('template-form');
    expect(input('field-name').value).toBe('Asia Europe 7');
    type('field-name', 'Mine');
    fireEvent.click(screen.getByTestId('template-form-save'));

    const notice = await screen.findByTestId('template-conflict');
    expect(within(notice).getByTestId('template-conflict-theirs').textContent).toBe('Asia Europe 7 (night shift)');
    expect(puts[0]).toEqual({
      name: 'Mine',
      code: 'AE7',
      vessel_operator_id: 201,
      rotation: [
        { port_id: 2, is_terminal_call: false, day_offset: 0, arrival_time: '06:00', stay_hours: 20 },
        { port_id: 1, is_terminal_call: true, day_offset: 2, arrival_time: '08:00', stay_hours: 30 },
        { port_id: 3, is_terminal_call: false, day_offset: 5, arrival_time: '10:00', stay_hours: 18 },
      ],
      berth_window: { arrival_weekday: 3, preferred_start_position_m: 250, berth_orientation: 'Port' },
      vessel_ids: [101, 102],
      recurrence: { interval_weeks: 2, exceptions: ['2030-01-30'] },
      valid_from: '2030-01-02',
      valid_to: '2030-12-31',
      import_direction: 'W',
      export_direction: 'E',
      version: 3,
    });
    expect(input('field-name').value).toBe('Mine');

    fireEvent.click(screen.getByTestId('template-conflict-load-latest'));
    await waitFor(() => expect(input('field-name').value).toBe('Asia Europe 7 (night shift)'));
    type('field-name', 'Mine');
    fireEvent.click(screen.getByTestId('template-form-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    expect((puts[1] as { version: number }).version).toBe(4);
    expect(await screen.findByText('Voyage template updated')).toBeTruthy();
  });

  it('after an edit shows what changes in the future calls and applies only the chosen items', async () => {
    const diff: TTemplateDiff = {
      template_id: 12,
      template_version: 4,
      items: [
        { kind: 'change', voyage_id: 51, portcall_id: 61, portcall_version: 2, voyage_number_import: '3003W', vessel_before: 'CORAL RESOLVE', vessel_after: 'CORAL RESOLVE', berth_arrival_before: '2030-01-16T07:00:00.000Z', berth_arrival_after: '2030-01-16T09:00:00.000Z', berth_departure_before: '2030-01-17T13:00:00.000Z', berth_departure_after: '2030-01-17T15:00:00.000Z', effect: 'estimate' },
        { kind: 'change', voyage_id: 52, portcall_id: 62, portcall_version: 5, voyage_number_import: '3005W', vessel_before: 'BALTIC DAWN', vessel_after: 'BALTIC DAWN', berth_arrival_before: '2030-01-30T07:00:00.000Z', berth_arrival_after: '2030-01-30T09:00:00.000Z', berth_departure_before: '2030-01-31T13:00:00.000Z', berth_departure_after: '2030-01-31T15:00:00.000Z', effect: 'propose' },
        { kind: 'remove', voyage_id: 53, portcall_id: 63, portcall_version: 1, voyage_number_import: '3007W', vessel_before: 'CORAL RESOLVE', vessel_after: null, berth_arrival_before: '2030-02-13T07:00:00.000Z', berth_arrival_after: null, berth_departure_before: '2030-02-14T13:00:00.000Z', berth_departure_after: null, effect: 'cancel' },
        { kind: 'add', voyage_id: null, portcall_id: null, portcall_version: null, voyage_number_import: '3009W', vessel_before: null, vessel_after: 'BALTIC DAWN', berth_arrival_before: null, berth_arrival_after: '2030-02-27T09:00:00.000Z', berth_departure_before: null, berth_departure_after: '2030-02-28T15:00:00.000Z', effect: 'create' },
      ],
    };
    const { apiCalls, router } = renderApp(
      EDIT,
      signedIn,
      templateApi(),
      (call) => {
        if (call.method === 'PUT') return success(makeTemplate({ version: 4 }));
        if (call.method === 'POST' && call.path === `${API}/voyage_templates/12/apply_diff`) return success({ applied: 3 });
        if (call.path === `${API}/voyage_templates/12/diff`) return success(diff);
        return undefined;
      },
      listApi,
      templateMasterData,
    );
    await screen.findByTestId('template-form');
    typeTime(input('stop-1-arrival-time'), '10:00');
    fireEvent.click(screen.getByTestId('template-form-save'));

    const review = await screen.findByTestId('template-diff');
    expect(await screen.findByText('Voyage template updated')).toBeTruthy();
    const items = within(review).getAllByTestId('diff-item');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByTestId('diff-item-arrival').textContent).toBe('16-01-2030 08:00 → 16-01-2030 10:00');
    expect(within(items[0]!).getByTestId('diff-item-vessel').textContent).toBe('CORAL RESOLVE');
    expect(items.map((item) => within(item).getByTestId('diff-item-effect').textContent)).toEqual(['Moved as estimate', 'Raised as proposal (agreed time kept)', 'Cancellation requested', 'Created']);
    expect(within(items[2]!).getByTestId('diff-item-vessel').textContent).toBe('CORAL RESOLVE → —');
    // Everything is chosen at first; the person leaves out the cancellation.
    expect(within(review).getAllByTestId('diff-item-check').every((box) => (box as HTMLInputElement).checked)).toBe(true);
    fireEvent.click(within(items[2]!).getByTestId('diff-item-check'));
    expect(screen.getByTestId('diff-apply').textContent).toBe('Apply selected (3)');
    fireEvent.click(screen.getByTestId('diff-apply'));

    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    const apply = writes(apiCalls()).find((c) => c.path === `${API}/voyage_templates/12/apply_diff`)!;
    expect(apply.body).toEqual({ template_version: 4, voyage_ids: [51, 52], add_voyage_numbers: ['3009W'] });
  });

  it('leaves the calls as they are when the person says so', async () => {
    const diff: TTemplateDiff = { template_id: 12, template_version: 4, items: [{ kind: 'add', voyage_id: null, portcall_id: null, portcall_version: null, voyage_number_import: '3009W', vessel_before: null, vessel_after: 'BALTIC DAWN', berth_arrival_before: null, berth_arrival_after: '2030-02-27T09:00:00.000Z', berth_departure_before: null, berth_departure_after: '2030-02-28T15:00:00.000Z', effect: 'create' }] };
    const { apiCalls, router } = renderApp(
      EDIT,
      signedIn,
      templateApi(),
      (call) => (call.method === 'PUT' ? success(makeTemplate({ version: 4 })) : call.path === `${API}/voyage_templates/12/diff` ? success(diff) : undefined),
      listApi,
      templateMasterData,
    );
    await screen.findByTestId('template-form');
    fireEvent.click(screen.getByTestId('template-form-save'));
    fireEvent.click(await screen.findByTestId('diff-leave'));
    await waitFor(() => expect(router.state.location.pathname).toBe(LIST_PATH));
    expect(writes(apiCalls()).map((c) => c.method)).toEqual(['PUT']);
  });

  it('fixes a vessel operator’s templates to their own company', async () => {
    const { apiCalls } = renderApp(ADD, signedInAs({ user_type: 'vessel_operator', organisation_id: 201, organisation_name: 'Nordic Line A/S' }), listApi, templateMasterData);
    await screen.findByTestId('template-form');
    expect(input('field-vessel-operator').disabled).toBe(true);
    expect(input('field-vessel-operator').value).toBe('Nordic Line A/S');
    fireEvent.click(screen.getByTestId('template-form-save'));
    await screen.findByTestId('template-form-problems');
    expect(errorOf('field-vessel-operator')).toBeUndefined();
    expect(writes(apiCalls())).toEqual([]);
  });

  it('refuses agents the form and other companies’ templates to vessel operators', async () => {
    renderApp(ADD, signedInAs({ user_type: 'agent', organisation_id: 301, organisation_name: 'Elbe Ship Agency GmbH' }), listApi, templateMasterData);
    expect(await screen.findByTestId('template-not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('template-form')).toBeNull();
  });

  it('refuses a vessel operator the edit of another company’s template', async () => {
    renderApp(EDIT, signedInAs({ user_type: 'vessel_operator', organisation_id: 202, organisation_name: 'Maersk A/S' }), templateApi(), listApi, templateMasterData);
    expect(await screen.findByTestId('template-not-allowed')).toBeTruthy();
    expect(screen.queryByTestId('template-form')).toBeNull();
  });
});
