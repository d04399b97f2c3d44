import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_SHIFT_PLANNER_SETTINGS, type TBoardPortcall, type TShiftDetailInput } from '@quayline/domain';
import { renderApp, signedIn, success, type TFakeResponse, type TRecordedCall } from '@/test/render-app';
import { API } from '@/test/portcall-fixtures';
import { BALTIC, boardCall, boardFor, CORAL, EARLY_15, EARLY_16, LATE_15, LATE_16, NIGHT_15, NORDIC, shiftCard, shiftPlannerApi } from '@/test/shift-board-fixtures';

const URL_15 = '/en/shift-planner?terminal=1&from=2026-07-15';
type TPutBody = { version: number; portcall_shift_details: TShiftDetailInput[] };

const column = (key: string) => screen.getAllByTestId('shift-column').find((c) => c.dataset.shiftKey === key)!;
const cell = (id: number, key: string) =>
  screen.getAllByTestId('shift-cell').find((c) => c.dataset.portcallId === String(id) && (c.dataset.shiftKey === key || (c.dataset.shiftKeys ?? '').split(' ').includes(key)))!;
const card = (id: number, key: string) => within(cell(id, key)).getByTestId('shift-card');
const row = (id: number) => screen.getAllByTestId('shift-row').find((r) => r.dataset.portcallId === String(id))!;
const puts = (calls: () => TRecordedCall[]) => calls().filter((c) => c.method === 'PUT' && c.path.endsWith('/shift_details'));
const waitReady = () => waitFor(() => expect(screen.getByTestId('shift-board').dataset.ready).toBe('true'));

/** Answers the write with the call as saved (one version up), unless `answer` says otherwise. */
const savedAs = (base: TBoardPortcall, body: TPutBody): TFakeResponse => success({ portcall: boardCall({ ...base, version: base.version + 1 }, body.portcall_shift_details) });

function fakeDataTransfer() {
  const data = new Map<string, string>();
  return { effectAllowed: 'all', dropEffect: 'none', setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '' };
}

describe('shift planner screen', () => {
  it('draws the board by call: shift columns with their totals, calls as rows, cards in their shifts', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c)));
    await waitReady();
    const request = apiCalls().find((c) => c.path === `${API}/shift_planner`)!;
    expect(Object.fromEntries(request.search)).toEqual({ terminal_id: '1', from: '2026-07-15', days: '3', order_by: 'arrival_time' });
    expect(screen.getAllByTestId('shift-column')).toHaveLength(9);
    expect(screen.getAllByTestId('shift-row').map((r) => r.dataset.portcallId)).toEqual(['5', '6', '7']);
    // Early 06:00–14:00 local, with the default header fields.
    const early = column(EARLY_15);
    expect(early.textContent).toContain('06:00–14:00');
    expect(early.dataset).toMatchObject({ gangs: '2', volume: '150', closed: 'false', overCapacity: 'false' });
    expect(within(early).getByTestId('shift-header-shift_volume').textContent).toBe('Moves 150');
    expect(within(early).getByTestId('shift-header-gangs').textContent).toBe('Gangs 2 / 8');
    expect(within(early).getByTestId('shift-header-equipment').textContent).toBe('Equipment 1 / 3');
    // 2 + 7 gangs in a Late shift of 8: over capacity, marked and listed.
    expect(column(LATE_15).dataset).toMatchObject({ gangs: '9', volume: '380', overCapacity: 'true' });
    const problem = within(screen.getByTestId('shift-problem-list')).getByTestId('shift-problem');
    expect(problem.dataset).toMatchObject({ kind: 'gangs_over_capacity', shiftKey: LATE_15 });
    expect(problem.textContent).toContain('9 gangs planned, 8 available');
    // Too many gangs marks the shift, not each call's card in it.
    expect(card(6, LATE_15).dataset.problem).toBe('false');
    // The closed Night is greyed with its reason.
    expect(column(NIGHT_15).dataset.closed).toBe('true');
    expect(within(column(NIGHT_15)).getByTestId('shift-column-closed').textContent).toBe('Union meeting');
    // Cards carry their figures; the chosen card fields are shown.
    const coralEarly = card(5, EARLY_15);
    expect(coralEarly.dataset).toMatchObject({ index: '0', gangs: '2', volume: '150', editable: 'true' });
    expect(coralEarly.getAttribute('draggable')).toBe('true');
    expect(coralEarly.textContent).toContain('Dis 100 · Load 50 · Restow 0');
    expect(coralEarly.textContent).toContain('RS-01');
    expect(screen.getAllByTestId('shift-card')).toHaveLength(3);
    // The row links to the call's details and to the berth planner on its first day.
    expect(within(row(6)).getByTestId('shift-row-details').getAttribute('href')).toBe('/en/portcall-planner/details?id=6');
    expect(within(row(6)).getByTestId('shift-row-berth-planner').getAttribute('href')).toBe('/en/berth-planner?portcall=6&from=2026-07-15');
  });

  it('lets no work into a closed shift: no add, no drop; an open shift of the call takes a dragged card', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c), (c) => (c.method === 'PUT' ? savedAs(NORDIC, c.body as TPutBody) : undefined)));
    await waitReady();
    const closed = cell(6, NIGHT_15);
    expect(closed.dataset).toMatchObject({ state: 'closed', editable: 'false' });
    expect(within(closed).queryByTestId('shift-cell-add')).toBeNull();
    fireEvent.click(closed);
    expect(screen.queryByTestId('shift-editor')).toBeNull();
    // Outside the stay (NORDIC STAR leaves at 06:00 local on the 17th): nothing to add either.
    expect(cell(6, '2026-07-17#1').dataset.state).toBe('outside');
    // The shifts after it leaves are one cell spanning them.
    expect(cell(6, '2026-07-17#1')).toBe(cell(6, '2026-07-17#3'));
    expect(cell(6, '2026-07-17#1').getAttribute('colspan')).toBe('3');
    expect(within(cell(6, '2026-07-17#1')).queryByTestId('shift-cell-add')).toBeNull();

    const dataTransfer = fakeDataTransfer();
    fireEvent.dragStart(card(6, LATE_15), { dataTransfer });
    // dispatchEvent answers false when the handler called preventDefault, i.e. allowed the drop.
    expect(fireEvent.dragOver(closed, { dataTransfer })).toBe(true);
    expect(fireEvent.dragOver(cell(5, EARLY_16), { dataTransfer })).toBe(true);
    expect(fireEvent.dragOver(cell(6, EARLY_16), { dataTransfer })).toBe(false);
    fireEvent.drop(closed, { dataTransfer });
    expect(puts(apiCalls)).toHaveLength(0);

    fireEvent.dragStart(card(6, LATE_15), { dataTransfer });
    fireEvent.drop(cell(6, EARLY_16), { dataTransfer });
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(1));
    const put = puts(apiCalls)[0]!;
    expect(put.path).toBe(`${API}/portcalls/6/shift_details`);
    expect(put.body).toMatchObject({ version: 3, portcall_shift_details: [{ shift_number: 1, start_time: '2026-07-16T04:00:00.000Z', end_time: '2026-07-16T12:00:00.000Z', load: 300, gangs: 7 }] });
    await waitFor(() => expect(within(cell(6, EARLY_16)).getByTestId('shift-card').dataset.volume).toBe('300'));
    expect(within(cell(6, LATE_15)).queryByTestId('shift-card')).toBeNull();
  });

  it('adds work in an empty open shift from the editor', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c), (c) => (c.method === 'PUT' ? savedAs(NORDIC, c.body as TPutBody) : undefined)));
    await waitReady();
    fireEvent.click(within(cell(6, EARLY_16)).getByTestId('shift-cell-add'));
    const editor = await screen.findByTestId('shift-editor');
    fireEvent.change(within(editor).getByTestId('shift-editor-discharge'), { target: { value: '40' } });
    fireEvent.change(within(editor).getByTestId('shift-editor-gangs'), { target: { value: '1' } });
    fireEvent.click(within(editor).getByTestId('shift-editor-save'));
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(1));
    const body = puts(apiCalls)[0]!.body as TPutBody;
    expect(body.version).toBe(3);
    expect(body.portcall_shift_details.map((d) => [d.shift_number, d.discharge, d.load, d.gangs])).toEqual([
      [2, 0, 300, 7],
      [1, 40, 0, 1],
    ]);
    expect(body.portcall_shift_details[1]).toMatchObject({ start_time: '2026-07-16T04:00:00.000Z', end_time: '2026-07-16T12:00:00.000Z' });
    await waitFor(() => expect(screen.queryByTestId('shift-editor')).toBeNull());
  });

  it('saves a card edited in the drawer with the call’s version and the whole plan', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c), (c) => (c.method === 'PUT' ? savedAs(CORAL, c.body as TPutBody) : undefined)));
    await waitReady();
    fireEvent.click(card(5, EARLY_15));
    const editor = await screen.findByTestId('shift-editor');
    expect((within(editor).getByTestId('shift-editor-discharge') as HTMLInputElement).value).toBe('100');
    fireEvent.change(within(editor).getByTestId('shift-editor-discharge'), { target: { value: '120' } });
    fireEvent.change(within(editor).getByTestId('shift-editor-restow'), { target: { value: '5' } });
    fireEvent.change(within(editor).getByTestId('shift-editor-gangs'), { target: { value: '3' } });
    fireEvent.change(within(editor).getByTestId('shift-editor-resource_per_shift'), { target: { value: '4' } });
    fireEvent.change(within(editor).getByTestId('shift-editor-contact_person_name'), { target: { value: 'Jan Vos' } });
    fireEvent.click(within(editor).getByTestId('shift-editor-save'));
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(1));
    const put = puts(apiCalls)[0]!;
    expect(put.path).toBe(`${API}/portcalls/5/shift_details`);
    const body = put.body as TPutBody;
    expect(body.version).toBe(3);
    expect(body.portcall_shift_details).toHaveLength(2);
    expect(body.portcall_shift_details[0]).toMatchObject({ shift_number: 1, discharge: 120, load: 50, restow: 5, gangs: 3, resource_per_shift: 4, cargo_type: 'Container (boxes)', contact_person: { contact_person_name: 'Jan Vos' }, shift_equipment_details: [{ equipment_number: 'RS-01' }] });
    // Stored identity stays out of the write.
    expect(body.portcall_shift_details[0]).not.toHaveProperty('id');
    expect(body.portcall_shift_details[1]).toMatchObject({ shift_number: 2, discharge: 80, gangs: 2 });
    await waitFor(() => expect(screen.queryByTestId('shift-editor')).toBeNull());
    expect(card(5, EARLY_15).dataset).toMatchObject({ volume: '175', gangs: '3' });
    expect(column(EARLY_15).dataset.volume).toBe('175');
  });

  it('proposes free equipment for a card, one item per gang, from prefill_equipment_details', async () => {
    const free = [
      { cargo_handling_equipment_id: 1, equipment_name: 'Reach stacker 1', equipment_type: 'reach_stacker', equipment_number: 'RS-01' },
      { cargo_handling_equipment_id: 3, equipment_name: 'Harbour crane', equipment_type: 'mobile_harbour_crane', equipment_number: 'MHC-1' },
      { cargo_handling_equipment_id: 2, equipment_name: 'Reach stacker 2', equipment_type: 'reach_stacker', equipment_number: 'RS-02' },
    ];
    const { apiCalls } = renderApp(
      URL_15,
      signedIn,
      shiftPlannerApi(
        (c) => boardFor(c),
        (c) => (c.path === `${API}/prefill_equipment_details` ? success(free) : c.method === 'PUT' ? savedAs(CORAL, c.body as TPutBody) : undefined),
      ),
    );
    await waitReady();
    fireEvent.click(card(5, EARLY_15));
    const editor = await screen.findByTestId('shift-editor');
    fireEvent.click(within(editor).getByTestId('shift-editor-propose-equipment'));
    // Two gangs, RS-01 already on the card: one more, the first free one not on it.
    expect((await within(editor).findByTestId('shift-editor-proposal')).textContent).toBe('Added from the free equipment: 1');
    expect(apiCalls().find((c) => c.path === `${API}/prefill_equipment_details`)?.body).toEqual({ terminal_id: 1, portcall_id: 5, start_time: '2026-07-15T04:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z' });
    fireEvent.click(within(editor).getByTestId('shift-editor-save'));
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(1));
    expect((puts(apiCalls)[0]!.body as TPutBody).portcall_shift_details[0]!.shift_equipment_details).toEqual([{ equipment_number: 'RS-01' }, { equipment_number: 'MHC-1' }]);
  });

  it('shows the other person’s version on a 409 and puts it on the board', async () => {
    const theirs = boardCall({ ...CORAL, version: 9 }, [shiftCard({ shift_number: 1, start_time: '2026-07-15T04:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', discharge: 999, gangs: 4 })]);
    renderApp(
      URL_15,
      signedIn,
      shiftPlannerApi(
        (c) => boardFor(c),
        (c) => (c.method === 'PUT' ? { status: 409, body: { status: { status: 'CONFLICT', message: 'Changed' }, payload: { error_code: 'CONFLICT', current: theirs } } } : undefined),
      ),
    );
    await waitReady();
    fireEvent.click(card(5, EARLY_15));
    const editor = await screen.findByTestId('shift-editor');
    fireEvent.change(within(editor).getByTestId('shift-editor-discharge'), { target: { value: '120' } });
    fireEvent.click(within(editor).getByTestId('shift-editor-save'));
    const conflict = await screen.findByTestId('shift-editor-conflict');
    expect(conflict.textContent).toContain('Someone else changed this port call');
    const rows = within(conflict).getAllByTestId('shift-editor-conflict-row');
    expect(rows.find((r) => r.dataset.field === 'discharge')!.textContent).toContain('999');
    // What was typed is still there; the board shows their plan.
    expect((within(editor).getByTestId('shift-editor-discharge') as HTMLInputElement).value).toBe('120');
    await waitFor(() => expect(card(5, EARLY_15).dataset.volume).toBe('999'));
    expect(within(cell(5, LATE_15)).queryByTestId('shift-card')).toBeNull();
    fireEvent.click(within(conflict).getByTestId('shift-editor-conflict-load-latest'));
    await waitFor(() => expect((within(screen.getByTestId('shift-editor')).getByTestId('shift-editor-discharge') as HTMLInputElement).value).toBe('999'));
  });

  it('marks on the board the card whose typed gangs take its shift over capacity, and names who else works there', async () => {
    renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c)));
    await waitReady();
    // Early has 8 gangs and only CORAL's 2 in it: typing 12 marks that card's cell and the shift's header.
    expect(column(EARLY_15).dataset.overCapacity).toBe('false');
    fireEvent.click(card(5, EARLY_15));
    let editor = await screen.findByTestId('shift-editor');
    expect(cell(5, EARLY_15).dataset.overCapacity).toBe('false');
    fireEvent.change(within(editor).getByTestId('shift-editor-gangs'), { target: { value: '12' } });
    await waitFor(() => expect(cell(5, EARLY_15).dataset.overCapacity).toBe('true'));
    expect(column(EARLY_15).dataset.overCapacity).toBe('true');
    expect(cell(6, LATE_15).dataset.overCapacity).toBe('false');
    fireEvent.change(within(editor).getByTestId('shift-editor-gangs'), { target: { value: '3' } });
    await waitFor(() => expect(cell(5, EARLY_15).dataset.overCapacity).toBe('false'));
    expect(column(EARLY_15).dataset.overCapacity).toBe('false');
    fireEvent.change(within(editor).getByTestId('shift-editor-gangs'), { target: { value: '12' } });
    await waitFor(() => expect(cell(5, EARLY_15).dataset.overCapacity).toBe('true'));
    fireEvent.click(within(editor).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('shift-editor')).toBeNull());
    expect(cell(5, EARLY_15).dataset.overCapacity).toBe('false');

    // NORDIC's 7 gangs in Late, where CORAL already has 2 of 8: the warning says who else is there.
    fireEvent.click(card(6, LATE_15));
    editor = await screen.findByTestId('shift-editor');
    expect(within(editor).getByTestId('shift-editor-over-capacity-others').textContent).toBe('Already in this shift: CORAL RESOLVE 2 gangs.');
    await waitFor(() => expect(cell(6, LATE_15).dataset.overCapacity).toBe('true'));
    expect(cell(5, LATE_15).dataset.overCapacity).toBe('false');
  });

  it('keeps the typed values and names the field when the server refuses with 400', async () => {
    renderApp(
      URL_15,
      signedIn,
      shiftPlannerApi(
        (c) => boardFor(c),
        (c) =>
          c.method === 'PUT'
            ? { status: 400, body: { status: { status: 'VALIDATION_FAILED', message: 'Invalid' }, payload: { error_code: 'VALIDATION_FAILED', errors: [{ path: 'portcall_shift_details.0.gangs', message: 'At most 8 gangs work in this shift' }] } } }
            : undefined,
      ),
    );
    await waitReady();
    fireEvent.click(card(5, EARLY_15));
    const editor = await screen.findByTestId('shift-editor');
    fireEvent.change(within(editor).getByTestId('shift-editor-gangs'), { target: { value: '12' } });
    // Warned while typed, with the gangs field of this card marked; the first click asks, the second saves.
    expect(within(editor).getByTestId('shift-editor-over-capacity').textContent).toMatch(/^Over capacity: this card asks for 12 gangs/);
    expect(within(editor).getByTestId('shift-editor-gangs').getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(within(editor).getByTestId('shift-editor-save'));
    expect(within(editor).getByTestId('shift-editor-over-capacity').textContent).toContain('Click again to save anyway.');
    expect(within(editor).getByTestId('shift-editor-save').textContent).toBe('Save over capacity');
    fireEvent.click(within(editor).getByTestId('shift-editor-save'));
    expect((await within(editor).findByTestId('shift-editor-problems')).textContent).toContain('Gangs: At most 8 gangs work in this shift');
    expect(within(editor).getAllByText('At most 8 gangs work in this shift').length).toBeGreaterThan(0);
    expect((within(editor).getByTestId('shift-editor-gangs') as HTMLInputElement).value).toBe('12');
    // The board is back to the stored plan.
    await waitFor(() => expect(card(5, EARLY_15).dataset.gangs).toBe('2'));
  });

  it('prefills a call from its cargo with portcall_id, asks before replacing its cards, then saves the proposal', async () => {
    const proposal = [
      { ...shiftCard({ shift_number: 1, start_time: '2026-07-15T04:00:00.000Z', end_time: '2026-07-15T12:00:00.000Z', discharge: 90, load: 25, gangs: 2 }), shift_name: 'Early' },
      { ...shiftCard({ shift_number: 2, start_time: '2026-07-15T12:00:00.000Z', end_time: '2026-07-15T20:00:00.000Z', discharge: 90, load: 25, gangs: 2 }), shift_name: 'Late' },
    ];
    const { apiCalls } = renderApp(
      URL_15,
      signedIn,
      shiftPlannerApi(
        (c) => boardFor(c),
        (c) => {
          if (c.path === `${API}/prefill_shift_details`) return success(proposal);
          return c.method === 'PUT' ? savedAs(CORAL, c.body as TPutBody) : undefined;
        },
      ),
    );
    await waitReady();
    fireEvent.click(within(row(5)).getByTestId('shift-row-prefill'));
    fireEvent.click(await screen.findByTestId('shift-prefill-confirm'));
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(1));
    const prefill = apiCalls().find((c) => c.path === `${API}/prefill_shift_details`)!;
    expect(prefill.method).toBe('POST');
    expect(prefill.body).toMatchObject({ terminal_id: 1, portcall_id: 5, cargo_operations_start: CORAL.berth_arrival, cargo_operations_end: CORAL.berth_departure, discharge: 180, load: 50, restow: 0, crane_intensity: 2 });
    const body = puts(apiCalls)[0]!.body as TPutBody;
    expect(body.version).toBe(3);
    expect(body.portcall_shift_details.map((d) => d.discharge)).toEqual([90, 90]);
    expect(body.portcall_shift_details[0]).not.toHaveProperty('shift_name');
    expect(apiCalls().indexOf(prefill)).toBeLessThan(apiCalls().indexOf(puts(apiCalls)[0]!));
  });

  it('prefills a call without a plan at once', async () => {
    const proposal = [shiftCard({ shift_number: 1, start_time: '2026-07-16T04:00:00.000Z', end_time: '2026-07-16T12:00:00.000Z', discharge: 400, gangs: 2 })];
    const { apiCalls } = renderApp(
      URL_15,
      signedIn,
      shiftPlannerApi(
        (c) => boardFor(c),
        (c) => {
          if (c.path === `${API}/prefill_shift_details`) return success(proposal);
          return c.method === 'PUT' ? savedAs(BALTIC, c.body as TPutBody) : undefined;
        },
      ),
    );
    await waitReady();
    fireEvent.click(within(row(7)).getByTestId('shift-row-prefill'));
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(1));
    expect(screen.queryByTestId('shift-prefill-confirm')).toBeNull();
    expect(apiCalls().find((c) => c.path === `${API}/prefill_shift_details`)!.body).toMatchObject({ portcall_id: 7, discharge: 400 });
    expect(puts(apiCalls)[0]!.path).toBe(`${API}/portcalls/7/shift_details`);
    await waitFor(() => expect(card(7, EARLY_16).dataset.volume).toBe('400'));
  });

  it('moves, splits, copies and deletes from a card’s menu, each one write of the whole plan', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c), (c) => (c.method === 'PUT' ? { status: 500, body: { status: { status: 'HTTP', message: 'not now' }, payload: {} } } : undefined)));
    await waitReady();
    const act = async (key: string, item: string) => {
      fireEvent.click(within(card(5, key)).getByTestId('shift-card-menu'));
      fireEvent.click(await screen.findByTestId(item));
      await waitFor(() => expect(screen.queryByTestId(item)).toBeNull());
    };
    const lastPut = () => puts(apiCalls).at(-1)!.body as TPutBody;
    const volumes = () => lastPut().portcall_shift_details.map((d) => [d.shift_number, d.start_time.slice(0, 13), d.discharge, d.load]);

    await act(LATE_15, 'shift-card-split');
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(1));
    // The Night is closed: half of the Late card goes to the next open shift, Early on the 16th.
    expect(volumes()).toEqual([
      [1, '2026-07-15T04', 100, 50],
      [2, '2026-07-15T12', 40, 0],
      [1, '2026-07-16T04', 40, 0],
    ]);
    await waitFor(() => expect(card(5, LATE_15).dataset.volume).toBe('80'));

    await act(EARLY_15, 'shift-card-move-next');
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(2));
    expect(volumes()).toEqual([[2, '2026-07-15T12', 180, 50]]);
    await waitFor(() => expect(card(5, EARLY_15).dataset.volume).toBe('150'));

    await act(EARLY_15, 'shift-card-copy');
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(3));
    const copied = lastPut().portcall_shift_details;
    expect(copied.map((d) => [d.shift_number, d.start_time.slice(0, 13), d.gangs, d.discharge])).toEqual([
      [1, '2026-07-15T04', 2, 100],
      [2, '2026-07-15T12', 2, 80],
      [1, '2026-07-16T04', 2, 0],
      [2, '2026-07-16T12', 2, 0],
    ]);
    expect(copied[2]!.shift_equipment_details).toEqual([{ equipment_number: 'RS-01' }]);
    // The Late of the 16th ends with the stay (20:00 UTC).
    expect(copied[3]!.end_time).toBe('2026-07-16T20:00:00.000Z');
    await waitFor(() => expect(within(cell(5, LATE_16)).queryByTestId('shift-card')).toBeNull());

    await act(EARLY_15, 'shift-card-delete');
    await waitFor(() => expect(puts(apiCalls)).toHaveLength(4));
    expect(volumes()).toEqual([[2, '2026-07-15T12', 80, 0]]);
  });

  it('shows a board that may not be edited without drags, menus or adds, and its cards read-only', async () => {
    renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c, { can_edit: false })));
    await waitReady();
    expect(screen.getByTestId('shift-window').textContent).toContain('read only');
    for (const c of screen.getAllByTestId('shift-card')) {
      expect(c.getAttribute('draggable')).toBe('false');
      expect(c.dataset.editable).toBe('false');
    }
    expect(screen.queryAllByTestId('shift-card-menu')).toHaveLength(0);
    expect(screen.queryAllByTestId('shift-row-prefill')).toHaveLength(0);
    expect(screen.queryAllByTestId('shift-cell-add')).toHaveLength(0);
    const dataTransfer = fakeDataTransfer();
    fireEvent.dragStart(card(6, LATE_15), { dataTransfer });
    expect(fireEvent.dragOver(cell(6, EARLY_16), { dataTransfer })).toBe(true);
    fireEvent.click(card(5, EARLY_15));
    const editor = await screen.findByTestId('shift-editor');
    expect(within(editor).queryByTestId('shift-editor-save')).toBeNull();
    expect((within(editor).getByTestId('shift-editor-discharge') as HTMLInputElement).readOnly).toBe(true);
  });

  it('saves each setting through update_shift_planner_settings and shows the board with it', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c), (c) => (c.path === `${API}/update_shift_planner_settings` ? success({}) : undefined)));
    await waitReady();
    const settingCalls = () => apiCalls().filter((c) => c.path === `${API}/update_shift_planner_settings`);

    fireEvent.change(screen.getByTestId('shift-days'), { target: { value: '5' } });
    await waitFor(() => expect(settingCalls().map((c) => c.body)).toEqual([{ type: 'number_of_days_to_show_shifts', value: 5 }]));
    expect(settingCalls()[0]!.method).toBe('PUT');
    await waitFor(() => expect(screen.getAllByTestId('shift-column')).toHaveLength(15));
    expect(apiCalls().filter((c) => c.path === `${API}/shift_planner`).at(-1)!.search.get('days')).toBe('5');

    fireEvent.change(screen.getByTestId('shift-order-by'), { target: { value: 'vessel_name' } });
    await waitFor(() => expect(settingCalls().at(-1)!.body).toEqual({ type: 'order_by', value: 'vessel_name' }));
    await waitFor(() => expect(apiCalls().filter((c) => c.path === `${API}/shift_planner`).at(-1)!.search.get('order_by')).toBe('vessel_name'));

    fireEvent.click(screen.getByTestId('shift-settings'));
    const drawer = await screen.findByTestId('shift-settings-drawer');
    fireEvent.click(within(drawer).getByLabelText('Comments'));
    await waitFor(() =>
      expect(settingCalls().at(-1)!.body).toEqual({ type: 'shift_planner_shift_card_settings', value: [...DEFAULT_SHIFT_PLANNER_SETTINGS.shift_planner_shift_card_settings, 'comments'] }),
    );
    fireEvent.click(within(drawer).getByLabelText('Calls worked'));
    await waitFor(() => expect(settingCalls().at(-1)!.body).toEqual({ type: 'shift_planner_header_settings', value: ['shift_volume', 'gangs', 'equipment', 'portcall_count'] }));
    await waitFor(() => expect(within(column(EARLY_15)).getByTestId('shift-header-portcall_count').textContent).toBe('Calls 1'));
  });

  it('switches between the board by call, by resource and the week overview', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c), (c) => (c.path === `${API}/update_shift_planner_settings` ? success({}) : undefined)));
    await waitReady();
    fireEvent.click(within(screen.getByTestId('shift-view-mode')).getByLabelText('By resource'));
    const resources = await screen.findByTestId('shift-resource-board');
    expect(screen.queryByTestId('shift-board')).toBeNull();
    expect(apiCalls().find((c) => c.path === `${API}/update_shift_planner_settings`)!.body).toEqual({ type: 'shift_planner_view_mode', value: 'by_resource' });
    // Gangs 1..9 (the Late shift asks for one more than its 8) and the three items of equipment.
    const resourceRows = within(resources).getAllByTestId('shift-resource-row');
    expect(resourceRows.filter((r) => r.dataset.kind === 'gang')).toHaveLength(9);
    expect(resourceRows.filter((r) => r.dataset.kind === 'equipment').map((r) => r.dataset.resource)).toEqual(['RS-01', 'RS-02', 'MHC-1']);
    const rs01 = resourceRows.find((r) => r.dataset.resource === 'RS-01')!;
    expect(within(rs01).getAllByTestId('shift-resource-cell')[0]!.textContent).toBe('CORAL RESOLVE');
    // Gangs are handed out in row order: CORAL RESOLVE works gangs 1 and 2 of the first Late, NORDIC STAR 3 to 9.
    const lateOf = (gang: string) => within(resourceRows.find((r) => r.dataset.resource === gang)!).getAllByTestId('shift-resource-cell')[1]!;
    expect(lateOf('2').textContent).toBe('CORAL RESOLVE');
    expect(lateOf('3').textContent).toBe('NORDIC STAR');
    expect(lateOf('9').dataset.over).toBe('true');
    expect(lateOf('8').dataset.over).toBe('false');

    fireEvent.click(within(screen.getByTestId('shift-view-mode')).getByLabelText('Week'));
    const week = await screen.findByTestId('shift-week-overview');
    await waitFor(() => expect(apiCalls().filter((c) => c.path === `${API}/shift_planner`).at(-1)!.search.get('days')).toBe('7'));
    await waitFor(() => expect(within(week).getAllByTestId('shift-week-cell')).toHaveLength(21));
    const late = within(week).getAllByTestId('shift-week-cell').find((c) => c.dataset.shiftKey === LATE_15)!;
    expect(late.dataset).toMatchObject({ volume: '380', overCapacity: 'true' });
    expect((screen.getByTestId('shift-days') as HTMLSelectElement).disabled).toBe(true);

    fireEvent.click(within(week).getAllByTestId('shift-week-day')[1]!);
    await screen.findByTestId('shift-board');
    await waitFor(() => expect(apiCalls().filter((c) => c.path === `${API}/shift_planner`).at(-1)!.search.get('from')).toBe('2026-07-16'));
  });

  it('flags implausible figures on the call\u2019s row, the card of the shift they belong to and that shift\u2019s header', async () => {
    const odd: TBoardPortcall = {
      ...CORAL,
      plausibility: [
        { kind: 'pilot_after_berth', pilotArrival: '2026-07-15T05:00:00.000Z', berthArrival: '2026-07-15T04:00:00.000Z' },
        { kind: 'gangs_above_cranes', shiftStart: '2026-07-15T12:00:00.000Z', gangs: 2, cranes: 1 },
      ],
    };
    renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c, {}, [odd, NORDIC, BALTIC])));
    await waitReady();
    const flagged = within(row(5)).getByTestId('shift-row-plausibility');
    expect(flagged.querySelector('summary')!.textContent).toBe('Check: 2 implausible');
    expect(flagged.textContent).toContain('Pilot boarding 15-07-2026 07:00 is after the berth arrival 15-07-2026 06:00');
    expect(flagged.textContent).toContain('Shift 15-07-2026 14:00: 2 gangs but 1 cranes assigned');
    // Only the Late card carries the shift's warning, and only the Late header names the vessel.
    expect(card(5, LATE_15).dataset.plausibility).toBe('true');
    expect(within(card(5, LATE_15)).getByTestId('shift-card-plausibility').textContent).toContain('2 gangs but 1 cranes assigned');
    expect(card(5, EARLY_15).dataset.plausibility).toBe('false');
    expect(within(column(LATE_15)).getByTestId('shift-header-plausibility').textContent).toBe('Figures to check: CORAL RESOLVE');
    expect(within(column(EARLY_15)).queryByTestId('shift-header-plausibility')).toBeNull();
    expect(within(row(6)).queryByTestId('shift-row-plausibility')).toBeNull();
  });

  it('marks the cards of a call the planner has moved in the berth-plan sandbox', async () => {
    const drafted: TBoardPortcall = { ...CORAL, portcall_shift_details: CORAL.portcall_shift_details.map((d) => ({ ...d, draft_portcall_id: 9 })) };
    renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c, {}, [drafted, NORDIC, BALTIC])));
    await waitReady();
    expect(card(5, LATE_15).dataset.draftPortcallId).toBe('9');
    expect(within(card(5, LATE_15)).getByTestId('shift-card-sandbox').textContent).toMatch(/^In your sandbox/);
    expect(within(row(6)).queryByTestId('shift-card-sandbox')).toBeNull();
  });

  it('opens the period and marks the call a link asks for (?portcall=&from=)', async () => {
    const { apiCalls } = renderApp('/en/shift-planner?portcall=6&from=2026-07-16', signedIn, shiftPlannerApi((c) => boardFor(c)));
    await waitReady();
    const request = apiCalls().find((c) => c.path === `${API}/shift_planner`)!;
    expect(request.search.get('from')).toBe('2026-07-16');
    expect(request.search.get('terminal_id')).toBe('1');
    expect((screen.getByTestId('shift-first-day') as HTMLInputElement).value).toBe('16-07-2026');
    expect(row(6).dataset.highlight).toBe('true');
    expect(row(5).dataset.highlight).toBe('false');
  });

  it('steps the period by the days shown and marks a problem’s shift when picked', async () => {
    const { apiCalls } = renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c)));
    await waitReady();
    // The period in the spec's day format, as the first-day picker shows it.
    expect(screen.getByTestId('shift-window').textContent).toMatch(/^15-07-2026 to \d{2}-07-2026 \(Europe\/Berlin\)/);
    fireEvent.click(screen.getByTestId('shift-problem'));
    await waitFor(() => expect(cell(5, LATE_15).dataset.highlight).toBe('true'));
    expect(column(LATE_15).dataset.highlight).toBe('true');
    fireEvent.click(screen.getByTestId('shift-next'));
    await waitFor(() => expect(apiCalls().filter((c) => c.path === `${API}/shift_planner`).at(-1)!.search.get('from')).toBe('2026-07-18'));
    await waitReady();
    fireEvent.click(screen.getByTestId('shift-previous'));
    await waitFor(() => expect(screen.getByTestId('shift-board').dataset.ready).toBe('true'));
    expect((screen.getByTestId('shift-first-day') as HTMLInputElement).value).toBe('15-07-2026');
  });

  it('offers the shift plan and report of the shown period as csv and Excel links', async () => {
    renderApp(URL_15, signedIn, shiftPlannerApi((c) => boardFor(c)));
    await waitReady();
    fireEvent.click(screen.getByTestId('shift-downloads'));
    const link = await screen.findByTestId('shift-download-shift_report-xlsx');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(`${API}/shift-reports/download?terminal_id=1&from=2026-07-15&days=3&type=xlsx&locale=en`);
    expect(screen.getByTestId('shift-download-shift_plan-csv').getAttribute('href')).toBe(`${API}/portcall-shifts/download?terminal_id=1&from=2026-07-15&days=3&type=csv&locale=en`);
  });
});
