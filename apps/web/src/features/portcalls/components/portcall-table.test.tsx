import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, success, type THandler } from '@/test/render-app';
import { API, makePortcall, masterDataApi, portcallApi } from '@/test/portcall-fixtures';

// A watch list held by the fake server: GET answers it, POST and DELETE change it and answer the whole list.
function watchlistApi(initial: number[]): THandler {
  let pinned = [...initial];
  const list = () => success({ items: pinned.map((id) => ({ portcall_id: id })) });
  return (call) => {
    if (call.path === `${API}/dashboard/watchlist` && call.method === 'GET') return list();
    if (call.path === `${API}/dashboard/watchlist` && call.method === 'POST') {
      pinned = [...pinned, (call.body as { portcall_id: number }).portcall_id];
      return list();
    }
    if (call.path.startsWith(`${API}/dashboard/watchlist/`) && call.method === 'DELETE') {
      pinned = pinned.filter((id) => String(id) !== call.path.split('/').pop());
      return list();
    }
    return undefined;
  };
}

describe('port-call list pin button', () => {
  const wideMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = wideMatchMedia;
  });

  it('pins a call from its row with one POST, without opening the row', async () => {
    const { calls, router } = renderApp('/en/portcall-planner', signedIn, watchlistApi([]), portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    const row = await screen.findByTestId('portcall-row');
    const pin = within(row).getByTestId('pin-button-5');
    await waitFor(() => expect((pin as HTMLButtonElement).disabled).toBe(false));
    expect(pin.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(pin);
    await waitFor(() => expect(within(row).getByTestId('pin-button-5').getAttribute('aria-pressed')).toBe('true'));
    const posts = calls.filter((c) => c.method === 'POST' && c.path === `${API}/dashboard/watchlist`);
    expect(posts.map((c) => c.body)).toEqual([{ portcall_id: 5 }]);
    expect(router.state.location.pathname).toBe('/en/portcall-planner');
  });

  it('reads the pinned state of every row from one watch-list request and unpins with DELETE', async () => {
    const { calls } = renderApp('/en/portcall-planner', signedIn, watchlistApi([5]), portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    const row = await screen.findByTestId('portcall-row');
    await waitFor(() => expect(within(row).getByTestId('pin-button-5').getAttribute('aria-pressed')).toBe('true'));
    expect(calls.filter((c) => c.method === 'GET' && c.path === `${API}/dashboard/watchlist`)).toHaveLength(1);

    fireEvent.click(within(row).getByTestId('pin-button-5'));
    await waitFor(() => expect(within(row).getByTestId('pin-button-5').getAttribute('aria-pressed')).toBe('false'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `${API}/dashboard/watchlist/5`)).toBe(true);
  });

  it('pins from a phone card without following the card’s link', async () => {
    // Under the mobile breakpoint every max-width query matches, so the list renders cards.
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') }));
    const { calls, router } = renderApp('/en/portcall-planner', signedIn, watchlistApi([]), portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    const card = await screen.findByTestId('portcall-row');
    expect(card.tagName).toBe('A');
    const pin = screen.getByTestId('pin-button-5');
    expect(card.contains(pin)).toBe(false);
    await waitFor(() => expect((pin as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(pin);
    await waitFor(() => expect(screen.getByTestId('pin-button-5').getAttribute('aria-pressed')).toBe('true'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ portcall_id: 5 }]);
    expect(router.state.location.pathname).toBe('/en/portcall-planner');
  });
});
