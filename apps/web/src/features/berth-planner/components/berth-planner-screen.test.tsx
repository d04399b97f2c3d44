import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { plannerPortcallOf, type TPlannerPortcall, type TPortcall } from '@quayline/domain';
import { failure, renderApp, signedIn, success, TEST_USER, type THandler } from '@/test/render-app';
import { API, makePortcall, TERMINAL } from '@/test/portcall-fixtures';

const terminal = { ...TERMINAL, sections: [{ id: 11, name: 'Berth 1', berth_type: 'Berth' as const, start_position_m: 0, end_position_m: 1400, water_depth_m: 16 }] };
const placed = (overrides: Partial<TPortcall>) => makePortcall({ berth_start_position: 5, berth_end_position: 205, ...overrides });
const calls = [
  placed({ id: 5, vessel_name: 'CORAL RESOLVE', card_colour: 'rose' }),
  // Same time, 10 m away with 15 m clearance: a clash.
  placed({ id: 6, vessel_name: 'NORDIC STAR', status: 'Berthed', berth_start_position: 215, berth_end_position: 400 }),
  makePortcall({ id: 7, vessel_name: 'UNPLACED ONE' }),
];

// The planner endpoint answers the planner projection of each call.
function plannerApi(whole: TPortcall[], extra?: THandler): THandler {
  const list: TPlannerPortcall[] = whole.map(plannerPortcallOf);
  return (call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    switch (call.path) {
      case `${API}/terminals/current_terminal`:
        return success(terminal);
      case `${API}/terminals`:
        return success([terminal]);
      case `${API}/berth_plan/portcalls`:
        return success({ items: list, meta: { page: 1, per_page: 2500, total_count: list.length, total_pages: 1 } });
      case `${API}/blocked_zones`:
        return success([]);
      case `${API}/tidal_data`:
        return success({ station: null, levels: [], extremes: [] });
      default:
        return undefined;
    }
  };
}

const cardOf = (id: number) => screen.getAllByTestId('planner-card').find((c) => c.dataset.portcallId === String(id))!;

describe('berth planner screen', () => {
  it('renders the fetched port calls as cards with their place, status and clash state', async () => {
    const { apiCalls } = renderApp('/en/berth-planner?from=2026-07-14', signedIn, plannerApi(calls));
    await waitFor(() => expect(screen.getByTestId('berth-planner').dataset.ready).toBe('true'));
    expect(screen.getByTestId('berth-planner').dataset.mode).toBe('live');
    // The shown days in the spec's day format, as the go-to-date picker shows them.
    expect(screen.getByTestId('planner-window').textContent).toMatch(/ · 14-07-2026 to \d{2}-\d{2}-2026 \(Europe\/Berlin\)$/);
    expect((screen.getByTestId('planner-go-to-date') as HTMLInputElement).value).toBe('14-07-2026');
    const cards = screen.getAllByTestId('planner-card');
    expect(cards.map((c) => c.dataset.portcallId).sort()).toEqual(['5', '6']);
    const coral = cardOf(5);
    expect(coral.dataset).toMatchObject({ status: 'Approaching', start: '2026-07-15T08:00:00.000Z', end: '2026-07-16T16:00:00.000Z', from: '5', to: '205', clash: 'true', frozen: 'false' });
    expect(within(coral).getByText('CORAL RESOLVE')).toBeTruthy();
    expect(coral.dataset.axis).toBe('x');
    // Filled with the call's colour class, bordered in its status colour; a call without one keeps its status tint.
    expect(coral.dataset.colour).toBe('rose');
    expect(coral.style.getPropertyValue('--card-bg')).toBe('#ffe0e8');
    expect(coral.style.getPropertyValue('--card-border')).toBe('var(--mantine-color-blue-6)');
    expect(cardOf(6).style.getPropertyValue('--card-bg')).toBe('var(--mantine-color-green-0)');
    expect(within(screen.getByTestId('planner-clash-list')).getAllByTestId('planner-clash')).toHaveLength(1);
    expect(screen.getByTestId('planner-unassigned-count').textContent).toBe('1');
    expect(screen.getByTestId('planner-unassigned-item').dataset.portcallId).toBe('7');
    const days = screen.getAllByTestId('planner-day');
    expect(days).toHaveLength(28);
    expect(days[0]!.dataset.date).toBe('2026-07-14');
    expect(window.__quaylinePlanner).toEqual({ cardCount: 2, renderedCards: 2 });
    const list = apiCalls().find((c) => c.path === `${API}/berth_plan/portcalls`)!;
    expect(list.search.get('from')).toBe('2026-07-13T22:00:00.000Z');
    expect(list.search.get('to')).toBe('2026-08-10T22:00:00.000Z');
    // Overlays stay out of the DOM while their settings are off; block zones are on by default.
    expect(screen.queryByTestId('overlay-tide')).toBeNull();
    expect(screen.getByTestId('overlay-blockzones')).toBeTruthy();
  });

  it('moves the selected call by one time step with the arrow key and saves it with its version', async () => {
    const { apiCalls } = renderApp(
      '/en/berth-planner?from=2026-07-14',
      signedIn,
      plannerApi(calls, (call) => (call.method === 'PUT' && call.path === `${API}/portcalls/5` ? success({ ...calls[0], version: 4, ...(call.body as object) }) : undefined)),
    );
    await waitFor(() => expect(screen.getByTestId('berth-planner').dataset.ready).toBe('true'));
    fireEvent.keyDown(cardOf(5), { key: 'ArrowRight' });
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'PUT')).toBe(true));
    const put = apiCalls().find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ version: 3, berth_arrival: '2026-07-15T10:00:00.000Z', berth_departure: '2026-07-16T18:00:00.000Z', berth_start_position: 5, berth_end_position: 205 });
    await waitFor(() => expect(cardOf(5).dataset.start).toBe('2026-07-15T10:00:00.000Z'));
  });

  it('shows the other person’s change on a 409 and never overwrites it', async () => {
    const theirs = { ...calls[0]!, version: 9, berth_start_position: 600, berth_end_position: 800 };
    renderApp(
      '/en/berth-planner?from=2026-07-14',
      signedIn,
      plannerApi(calls, (call) => (call.method === 'PUT' ? { status: 409, body: { status: { status: 'CONFLICT', message: 'Changed' }, payload: { error_code: 'CONFLICT', current: theirs } } } : undefined)),
    );
    await waitFor(() => expect(screen.getByTestId('berth-planner').dataset.ready).toBe('true'));
    fireEvent.keyDown(cardOf(5), { key: 'ArrowRight' });
    await waitFor(() => expect(cardOf(5).dataset.from).toBe('600'));
    expect(cardOf(5).dataset.start).toBe('2026-07-15T08:00:00.000Z');
    expect(await screen.findByText(/was changed by another user/)).toBeTruthy();
  });

  it('pins the selected call from the toolbar, with one pin button for the whole plan', async () => {
    const pinned: number[] = [];
    const { apiCalls } = renderApp(
      '/en/berth-planner?from=2026-07-14',
      signedIn,
      plannerApi(calls, (call) => {
        if (call.path !== `${API}/dashboard/watchlist`) return undefined;
        if (call.method === 'POST') pinned.push((call.body as { portcall_id: number }).portcall_id);
        return success({ items: pinned.map((id) => ({ portcall_id: id })) });
      }),
    );
    await waitFor(() => expect(screen.getByTestId('berth-planner').dataset.ready).toBe('true'));
    // Nothing selected: no pin button, and the watch list is not even asked for.
    expect(screen.queryByTestId(/^pin-button/)).toBeNull();
    expect(apiCalls().some((c) => c.path === `${API}/dashboard/watchlist`)).toBe(false);

    // Picking the clash selects its first call and scrolls it into view; jsdom has no element scrolling.
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { value: scrollTo, configurable: true });
    try {
      fireEvent.click(screen.getByTestId('planner-clash'));
    } finally {
      delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
    }
    const pin = await screen.findByTestId('pin-button-5');
    await waitFor(() => expect((pin as HTMLButtonElement).disabled).toBe(false));
    expect(within(screen.getByTestId('planner-toolbar')).getAllByTestId(/^pin-button/)).toHaveLength(1);
    fireEvent.click(pin);
    await waitFor(() => expect(screen.getByTestId('pin-button-5').getAttribute('aria-pressed')).toBe('true'));
    expect(apiCalls().filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ portcall_id: 5 }]);
  });

  it('selects the call a link names (?portcall=) and links it to the shift planner on its first day at the berth', async () => {
    const scrollTo = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollTo', { value: scrollTo, configurable: true });
    try {
      renderApp('/en/berth-planner?from=2026-07-14&portcall=6', signedIn, plannerApi(calls));
      await waitFor(() => expect(cardOf(6).dataset.selected).toBe('true'));
      expect(scrollTo).toHaveBeenCalled();
      // Arrives 10:00 on 15 July in Berlin.
      expect(screen.getByTestId('berth-card-open-shift-planner').getAttribute('href')).toBe('/en/shift-planner?portcall=6&from=2026-07-15');
    } finally {
      delete (HTMLElement.prototype as { scrollTo?: unknown }).scrollTo;
    }
  });

  it('offers a vessel operator the live plan only: no sandbox, freeze or optimiser, and no moving calls (403 for them)', async () => {
    const vesselOperator: THandler = (call) => (call.path === `${API}/user_details` ? success({ ...TEST_USER, user_type: 'vessel_operator', organisation_id: 3 }) : undefined);
    const { apiCalls } = renderApp('/en/berth-planner?from=2026-07-14&mode=sandbox', vesselOperator, plannerApi(calls));
    await waitFor(() => expect(screen.getByTestId('berth-planner').dataset.ready).toBe('true'));
    // ?mode=sandbox from a shared link does not open a sandbox they may not have.
    expect(screen.getByTestId('berth-planner').dataset.mode).toBe('live');
    for (const id of ['planner-mode-live', 'planner-mode-sandbox', 'planner-freeze', 'planner-sandbox-bar', 'sandbox-optimize']) expect(screen.queryByTestId(id), id).toBeNull();
    expect(screen.getByTestId('planner-open-form')).toBeTruthy();
    // No promise of a move either: no drag hint over the unassigned calls, no grab cursor on the cards.
    expect(screen.queryByText('Drag a call onto the quay to place it.')).toBeNull();
    expect(screen.getByTestId('berth-planner').dataset.canPlan).toBe('false');
    fireEvent.keyDown(cardOf(5), { key: 'ArrowRight' });
    fireEvent.pointerDown(screen.getByTestId('planner-unassigned-item'), { clientX: 10, clientY: 10, pointerId: 1, button: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apiCalls().filter((c) => c.method !== 'GET' || c.path.includes('draft_portcalls')).map((c) => `${c.method} ${c.path}`)).toEqual([]);
  });

  it('offers the terminal operator the mode switch, freeze and in sandbox mode the sandbox bar with Optimize', async () => {
    renderApp('/en/berth-planner?from=2026-07-14&mode=sandbox', signedIn, plannerApi(calls, (call) => (call.path === `${API}/draft_portcalls` ? success({ terminal_id: 1, version: 1, changes: [], frozen_portcall_ids: [], can_undo: false, can_redo: false, updated_at: null }) : undefined)));
    expect(await screen.findByTestId('planner-mode-sandbox')).toBeTruthy();
    expect(screen.getByTestId('planner-freeze')).toBeTruthy();
    expect(screen.getByTestId('berth-planner').dataset.mode).toBe('sandbox');
    expect(await screen.findByTestId('sandbox-optimize')).toBeTruthy();
    // The list of calls without a place comes with the plan's data, after the sandbox bar: wait for it, not for a render.
    expect(await screen.findByText('Drag a call onto the quay to place it.')).toBeTruthy();
  });

  it('reports a failed load', async () => {
    renderApp('/en/berth-planner', signedIn, (call) => (call.path === `${API}/terminals/current_terminal` ? failure(500, 'HTTP', 'boom') : undefined));
    expect(await screen.findByText('The berth plan could not be loaded.')).toBeTruthy();
  });
});
