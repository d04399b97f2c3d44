import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, TEST_USER, type TRecordedCall } from '@/test/render-app';
import { makeVoyage, terminalsApi } from '../test/voyage-fixtures';

/** Answers /voyages with one voyage whose service names the state and page asked for, 23 in all. */
function voyagesApi(call: TRecordedCall) {
  if (call.path !== `${API}/voyages`) return undefined;
  const state = call.search.get('state') ?? 'current';
  const page = Number(call.search.get('page') ?? 1);
  const total = state === 'current' ? 23 : 4;
  return success({ items: [makeVoyage({ id: 100 + page, service_name: `${state.toUpperCase()} ${page}` })], meta: { page, per_page: 10, total_count: total, total_pages: Math.ceil(total / 10) } });
}

const lastVoyagesCall = (calls: TRecordedCall[]) => calls.filter((c) => c.path === `${API}/voyages`).at(-1)!;

describe('voyages list', () => {
  it('shows a voyage with vessel, numbers, source, sync state, its timeline and our terminal’s call', async () => {
    renderApp('/en/voyage-center/voyages', signedIn, terminalsApi, voyagesApi);
    const card = await screen.findByTestId('voyage-card');
    expect(within(card).getByTestId('voyage-service').textContent).toBe('CURRENT 1 (AE7)');
    expect(within(card).getByTestId('voyage-vessel').textContent).toBe('CORAL RESOLVE · IMO\u00a09085778');
    expect(within(card).getByTestId('voyage-numbers').textContent).toBe('Voyage numbers: 2703W / 2703E');
    expect(within(card).getByTestId('voyage-source').textContent).toBe('GNet');
    expect(within(card).getByTestId('voyage-sync').textContent).toBe('Follows the schedule');
    expect(within(card).getByTestId('voyage-proposals').textContent).toBe('Open proposals: 2');
    const marks = within(card).getAllByTestId('voyage-timeline-mark');
    expect(marks.map((m) => m.getAttribute('data-terminal-call'))).toEqual(['false', 'true']);
    expect(within(marks[0]!).getByTestId('timeline-classifier').textContent).toBe('ACT');
    expect(within(marks[1]!).getByTestId('timeline-classifier').textContent).toBe('EST');
    // The berth arrival in Berlin time with its label, and a link to the call.
    expect(within(card).getByTestId('voyage-portcall-arrival').textContent).toBe('Berth arrival 20-01-2027 08:00 (Estimated)');
    expect(within(card).getByTestId('voyage-portcall-link').getAttribute('href')).toBe('/en/portcall-planner/details?id=5');
    expect(within(card).getByTestId('voyage-edit').getAttribute('href')).toBe('/en/voyage-center/voyages/edit?id=101');
    expect(screen.getByTestId('voyage-new').getAttribute('href')).toBe('/en/voyage-center/voyages/edit');
    expect(screen.getByTestId('voyages-range').textContent).toBe('1–10 of 23');
  });

  it('badges our terminal\u2019s call by its port call: an actual arrival reads ACT though its schedule row still says PLN', async () => {
    const base = makeVoyage();
    const voyage = makeVoyage({
      schedule: base.schedule.map((r) => (r.is_terminal_call ? { ...r, arrival_classifier: 'PLN' as const } : r)),
      portcalls: base.portcalls.map((c) => ({ ...c, status: 'Cargo Ops' as const, berth_arrival_state: { label: 'actual' as const, change_label: null } })),
    });
    const api = (call: TRecordedCall) => (call.path === `${API}/voyages` ? success({ items: [voyage], meta: { page: 1, per_page: 10, total_count: 1, total_pages: 1 } }) : undefined);
    renderApp('/en/voyage-center/voyages', signedIn, terminalsApi, api);
    const marks = within(await screen.findByTestId('voyage-card')).getAllByTestId('voyage-timeline-mark');
    expect(within(marks[1]!).getByTestId('timeline-classifier').textContent).toBe('ACT');
  });

  it('pages ten at a time and switches to departed voyages', async () => {
    const { calls, router } = renderApp('/en/voyage-center/voyages', signedIn, terminalsApi, voyagesApi);
    await screen.findByTestId('voyage-card');
    expect(Object.fromEntries(lastVoyagesCall(calls).search)).toEqual({ per_page: '10', state: 'current', page: '1' });
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('voyage-service').textContent).toBe('CURRENT 2 (AE7)'));
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByTestId('voyages-range').textContent).toBe('11–20 of 23');
    fireEvent.click(screen.getByTestId('voyages-tab-departed'));
    await waitFor(() => expect(screen.getByTestId('voyage-service').textContent).toBe('DEPARTED 1 (AE7)'));
    expect(router.state.location.search).toBe('?state=departed');
    expect(lastVoyagesCall(calls).search.get('state')).toBe('departed');
  });

  it('reads its filters from the URL and sends them, and a changed filter goes back to page 1', async () => {
    const { calls, router } = renderApp('/en/voyage-center/voyages?source=gnet&sync=inactive&vessel_id=101&page=2', signedIn, terminalsApi, voyagesApi);
    await screen.findByTestId('voyage-card');
    expect(Object.fromEntries(lastVoyagesCall(calls).search)).toEqual({ per_page: '10', state: 'current', page: '2', vessel_id: '101', source: 'gnet', sync: 'inactive' });
    fireEvent.change(screen.getByTestId('voyage-filter-service'), { target: { value: 'AE7' } });
    await waitFor(() => expect(lastVoyagesCall(calls).search.get('service')).toBe('AE7'));
    expect(lastVoyagesCall(calls).search.get('page')).toBe('1');
    expect(new URLSearchParams(router.state.location.search).get('service')).toBe('AE7');
    expect(new URLSearchParams(router.state.location.search).get('source')).toBe('gnet');
  });

  it('describes the list as the company’s voyages to the vessel side and as the terminals’ to the terminal', async () => {
    const vesselUser = (call: TRecordedCall) => (call.path === `${API}/user_details` ? success({ ...TEST_USER, user_type: 'vessel_operator', organisation_id: 3 }) : undefined);
    const vessel = renderApp('/en/voyage-center/voyages', vesselUser, terminalsApi, voyagesApi);
    expect(await screen.findByText("Your company's voyages and those of the port calls you act for, with their schedules and port calls.")).toBeTruthy();
    expect(screen.queryByText('Voyages at your terminals with their schedules and port calls.')).toBeNull();
    vessel.unmount();
    renderApp('/en/voyage-center/voyages', signedIn, terminalsApi, voyagesApi);
    expect(await screen.findByText('Voyages at your terminals with their schedules and port calls.')).toBeTruthy();
  });
});
