import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn } from '@/test/render-app';
import { API, makePortcall, masterDataApi, portcallApi } from '@/test/portcall-fixtures';

describe('port-call list', () => {
  beforeEach(() => {
    // 10:00 in Berlin on 15 July 2026; only Date is faked so timers and promises run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-15T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('opens on what comes next: calls not yet departed from now to 21 days ahead, with labels and the open-task marker', async () => {
    const { calls, router } = renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    const row = await screen.findByTestId('portcall-row');
    const listCall = calls.find((c) => c.path === `${API}/portcalls`)!;
    expect(Object.fromEntries(listCall.search)).toEqual({
      terminal_id: '1',
      // Now (calls still alongside stay, last week's departures do not) to Berlin midnight of 6 August (the window includes 5 August).
      from: '2026-07-15T08:00:00.000Z',
      to: '2026-08-05T22:00:00.000Z',
      page: '1',
      per_page: '25',
    });
    expect(within(row).getByText('CORAL RESOLVE')).toBeTruthy();
    expect(within(row).getByTestId('portcall-vessel-meta').textContent).toBe('IMO 9085778 · Container ship');
    expect(within(row).getByTestId('open-task-badge').textContent).toBe('Open task');
    expect(within(row).getByTestId('status-badge').textContent).toBe('Approaching');
    expect(row.textContent).toContain('15-07-2026 10:00');
    expect(within(row).getAllByText('Requested')).toHaveLength(2);
    expect(screen.getByTestId('portcall-count').textContent).toBe('1–1 of 1 · From now: calls not yet departed');

    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/en/portcall-planner/details?id=5'));
  });

  it('dims the rows only while they are another filter’s, not while a live update refetches the same list', async () => {
    const { queryClient } = renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    await screen.findByTestId('portcall-row');
    expect(screen.getByTestId('portcall-list').dataset.stale).toBe('false');
    // From here every answer is still on its way.
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    void queryClient.invalidateQueries({ queryKey: ['portcalls'] });
    await waitFor(() => expect(queryClient.isFetching()).toBeGreaterThan(0));
    expect(screen.getByTestId('portcall-list').dataset.stale).toBe('false');
    expect(screen.getByTestId('portcall-list').style.opacity).toBe('1');

    fireEvent.change(screen.getByTestId('filter-search'), { target: { value: 'coral' } });
    await waitFor(() => expect(screen.getByTestId('portcall-list').dataset.stale).toBe('true'));
    expect(screen.getByTestId('portcall-list').style.opacity).toBe('0.7');
  });

  it('sends the search text and several statuses, and goes back to page one', async () => {
    const { calls } = renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    await screen.findByTestId('portcall-row');
    fireEvent.change(screen.getByTestId('filter-search'), { target: { value: 'coral' } });
    await waitFor(() => expect(calls.some((c) => c.path === `${API}/portcalls` && c.search.get('q') === 'coral')).toBe(true));

    fireEvent.click(screen.getByTestId('filter-status'));
    fireEvent.click(await screen.findByRole('option', { name: 'Berthed' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Cancelled' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${API}/portcalls` && c.search.getAll('status').length === 2)).toBe(true));
    const last = calls.filter((c) => c.path === `${API}/portcalls`).at(-1)!;
    // Statuses go in the display order of spec section 4, whatever order they were picked in.
    expect(last.search.getAll('status')).toEqual(['Cancelled', 'Berthed']);
    expect(last.search.get('q')).toBe('coral');
    expect(last.search.get('page')).toBe('1');
  });

  it('shows the predicted berth arrival beside the berth arrival: late, early or on time', async () => {
    const predicted = { predicted_time: '2026-07-15T09:35:00.000Z', difference: 95, status: 'delayed' as const, source: 'ais' as const, last_fetched_at: '2026-07-15T07:50:00.000Z' };
    renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => makePortcall({ predicted_berth_arrival: predicted }) }), masterDataApi);
    const row = await screen.findByTestId('portcall-row');
    const badge = within(row).getByTestId('predicted-arrival-badge');
    expect(badge.textContent).toBe('1 h 35 min late');
    expect(badge.getAttribute('data-prediction-status')).toBe('delayed');
    // Source and age in the terminal's zone, for the tooltip and screen readers.
    expect(badge.getAttribute('aria-label')).toBe('1 h 35 min late – Predicted 15-07-2026 11:35, predicted from AIS positions, as of 15-07-2026 09:50');
  });
});
