import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { plannerKeys } from '@/features/berth-planner/api/query-keys';
import { shiftPlannerKeys } from '@/features/shift-planner/api/query-keys';
import { API, TERMINAL } from '@/test/portcall-fixtures';
import { TEST_USER } from '@/test/render-app';
import { prefetchOnBoot } from './prefetch-on-boot';

type TPending = { path: string; search: URLSearchParams; answer: (payload: unknown) => void };

/** fetch that holds every request until the test answers it, so the test sees what was asked side by side. */
function holdingFetch() {
  const pending: TPending[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (input: RequestInfo | URL) =>
        new Promise<Response>((resolve) => {
          const url = new URL(String(input), 'http://localhost');
          pending.push({ path: url.pathname, search: url.searchParams, answer: (payload) => resolve(new Response(JSON.stringify({ status: { status: 'SUCCESS' }, payload }), { status: 200 })) });
        }),
    ),
  );
  const paths = () => pending.map((p) => p.path);
  const answer = async (path: string, payload: unknown) => {
    await vi.waitFor(() => expect(paths()).toContain(path));
    pending.find((p) => p.path === path)!.answer(payload);
  };
  return { pending, paths, answer };
}

describe('prefetch on boot', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for texts, user and terminal of /berth-planner side by side, then the window the screen will show', async () => {
    const net = holdingFetch();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchOnBoot(client, { pathname: '/en/berth-planner', search: '?from=2026-07-14' });
    // Nothing answered yet, and all three are already on their way.
    await vi.waitFor(() => expect(net.paths().sort()).toEqual([`${API}/terminals/current_terminal`, `${API}/translations/en`, `${API}/user_details`]));

    await net.answer(`${API}/user_details`, TEST_USER);
    await net.answer(`${API}/terminals/current_terminal`, TERMINAL);
    await vi.waitFor(() => expect(net.paths()).toEqual(expect.arrayContaining([`${API}/berth_plan/portcalls`, `${API}/blocked_zones`, `${API}/tidal_data`])));
    const calls = net.pending.find((p) => p.path === `${API}/berth_plan/portcalls`)!;
    // 28 days from 14 July 2026 in Europe/Berlin, as the screen computes them.
    expect(Object.fromEntries(calls.search)).toEqual({ terminal_id: String(TERMINAL.id), from: '2026-07-13T22:00:00.000Z', to: '2026-08-10T22:00:00.000Z', page: '1' });
    await net.answer(`${API}/berth_plan/portcalls`, { items: [], meta: { page: 1, per_page: 2500, total_count: 0, total_pages: 0 } });
    await vi.waitFor(() => expect(client.getQueryData(plannerKeys.portcalls(TERMINAL.id, '2026-07-13T22:00:00.000Z', '2026-08-10T22:00:00.000Z'))).toEqual([]));
  });

  it('asks for the board of /shift-planner as soon as the user and the terminal are known', async () => {
    const net = holdingFetch();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchOnBoot(client, { pathname: '/en/shift-planner', search: '?portcall=6&from=2026-07-15' });
    await vi.waitFor(() => expect(net.paths().sort()).toEqual([`${API}/terminals/current_terminal`, `${API}/translations/en`, `${API}/user_details`]));
    await net.answer(`${API}/user_details`, TEST_USER);
    await net.answer(`${API}/terminals/current_terminal`, TERMINAL);
    await vi.waitFor(() => expect(net.paths()).toContain(`${API}/shift_planner`));
    const board = net.pending.find((p) => p.path === `${API}/shift_planner`)!;
    // The user's settings: 3 days by arrival time.
    expect(Object.fromEntries(board.search)).toEqual({ terminal_id: String(TERMINAL.id), from: '2026-07-15', days: '3', order_by: 'arrival_time' });
    await net.answer(`${API}/shift_planner`, { from: '2026-07-15' });
    await vi.waitFor(() => expect(client.getQueryData(shiftPlannerKeys.board({ terminalId: TERMINAL.id, from: '2026-07-15', days: 3, orderBy: 'arrival_time' }))).toEqual({ from: '2026-07-15' }));
  });

  it('asks for nothing but the texts on a sign-in page, and leaves the planner data to the planner', async () => {
    const net = holdingFetch();
    prefetchOnBoot(new QueryClient(), { pathname: '/de/login', search: '' });
    await vi.waitFor(() => expect(net.paths()).toEqual([`${API}/translations/de`]));
    const other = holdingFetch();
    prefetchOnBoot(new QueryClient(), { pathname: '/en/dashboard', search: '' });
    await vi.waitFor(() => expect(other.paths().sort()).toEqual([`${API}/translations/en`, `${API}/user_details`]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(other.paths()).toHaveLength(2);
  });
});
