import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TTaskReason } from '@quayline/domain';
import { makePortcall } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';

const API = '/api/portal/v1';
const META = { open: { total: 12, upcoming: 9, departed: 3 }, closed: { total: 5, upcoming: 1, departed: 4 }, per_page: 10 };

/** Answers /tasks with one card per call that names its type and filter, so a switch is visible on screen. */
function tasksApi(settings: { enabled_reasons: TTaskReason[] } = { enabled_reasons: ['request_to_plan', 'cancellation_to_answer', 'missing_berth_position', 'proposal_to_answer'] }) {
  return (call: TRecordedCall) => {
    if (call.path === `${API}/terminals`) return success([]);
    if (call.path === `${API}/tasks_meta`) return success(META);
    if (call.path === `${API}/portal_user_portcall_task_settings`) {
      if (call.method === 'PUT') return success(call.body);
      return success(settings);
    }
    if (call.path !== `${API}/tasks`) return undefined;
    const type = call.search.get('type') ?? 'open';
    const filter = call.search.get('filter') ?? 'all';
    const page = Number(call.search.get('page') ?? 1);
    const total = filter === 'all' ? META[type as 'open' | 'closed'].total : META[type as 'open' | 'closed'][filter as 'upcoming' | 'departed'];
    const items = [
      {
        portcall: makePortcall({ id: 40 + page, vessel_name: `${type.toUpperCase()} ${filter.toUpperCase()} ${page}`, status: filter === 'departed' ? 'Departed' : 'Approaching' }),
        reasons: type === 'open' ? ['request_to_plan', 'missing_berth_position'] : [],
      },
    ];
    return success({ items, meta: { page, per_page: 10, total_count: total, total_pages: Math.ceil(total / 10), type: 'portcall_tasks' } });
  };
}

describe('tasks view', () => {
  it('shows the open and closed counts, the reasons as chips, and switches the filter', async () => {
    const { calls, router } = renderApp('/en/portcall-tasks', signedIn, tasksApi());

    const card = await screen.findByTestId('task-card');
    expect(within(card).getByTestId('task-vessel').textContent).toBe('OPEN ALL 1');
    expect(within(card).getAllByTestId('task-reason').map((chip) => chip.textContent)).toEqual(['Request to plan', 'Berth position missing']);
    expect(within(card).getByTestId('task-status').textContent).toBe('Approaching');
    expect(card.textContent).toContain('IMO 9085778 · Container ship · ');
    // The terminal's zone (Europe/Berlin): 08:00 UTC in July is 10:00.
    expect(within(card).getByTestId('task-arrival').textContent).toBe('15-07-2026 10:00');
    expect(within(card).getByTestId('task-open-details').getAttribute('href')).toBe('/en/portcall-planner/details?id=41');

    await waitFor(() => expect(screen.getByTestId('tasks-count-open').textContent).toBe('12'));
    expect(screen.getByTestId('tasks-count-closed').textContent).toBe('5');
    expect(screen.getByTestId('tasks-filter-count-upcoming').textContent).toBe('9');
    expect(screen.getByTestId('tasks-filter-count-departed').textContent).toBe('3');
    expect(screen.getByTestId('tasks-range').textContent).toBe('1–10 of 12');

    fireEvent.click(screen.getByText('Departed', { selector: '[data-testid="tasks-filter-departed"]' }));
    await waitFor(() => expect(screen.getByTestId('task-vessel').textContent).toBe('OPEN DEPARTED 1'));
    expect(router.state.location.search).toBe('?filter=departed');
    const last = calls.filter((c) => c.path === `${API}/tasks`).at(-1)!;
    expect(Object.fromEntries(last.search)).toEqual({ type: 'open', filter: 'departed', page: '1', per_page: '10' });
    expect(screen.getByTestId('tasks-range').textContent).toBe('1–3 of 3');

    // The closed tab keeps the filter; closed tasks have nothing left to do.
    fireEvent.click(screen.getByTestId('tasks-tab-closed'));
    await waitFor(() => expect(screen.getByTestId('task-vessel').textContent).toBe('CLOSED DEPARTED 1'));
    expect(screen.getByTestId('tasks-filter-count-departed').textContent).toBe('4');
    expect(screen.getByTestId('task-reason').textContent).toBe('Handled');

    fireEvent.click(screen.getByTestId('task-download'));
    const csv = await screen.findByTestId('task-download-csv');
    expect(csv.getAttribute('href')).toBe(`${API}/portcall-tasks-list/download?list=closed&filter=departed&type=csv&locale=en&timezone=Europe%2FBerlin`);
    expect(screen.getByTestId('task-download-xlsx').getAttribute('href')).toContain('type=xlsx');
  });

  it('pages through the open tasks ten at a time', async () => {
    const { calls } = renderApp('/en/portcall-tasks', signedIn, tasksApi());
    await screen.findByTestId('task-card');
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getByTestId('task-vessel').textContent).toBe('OPEN ALL 2'));
    expect(calls.filter((c) => c.path === `${API}/tasks`).at(-1)!.search.get('page')).toBe('2');
    expect(screen.getByTestId('tasks-range').textContent).toBe('11–12 of 12');
  });

  it('saves the reasons of the user’s side and keeps those of the other side', async () => {
    const { apiCalls } = renderApp('/en/portcall-tasks', signedIn, tasksApi());
    await screen.findByTestId('task-card');
    fireEvent.click(await screen.findByTestId('task-settings-button'));
    const box = (await screen.findByTestId('task-setting-missing_berth_position')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    // A terminal operator is offered the terminal's three reasons only.
    expect(screen.queryByTestId('task-setting-proposal_to_answer')).toBeNull();
    fireEvent.click(box);
    fireEvent.click(screen.getByTestId('task-settings-save'));
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'PUT')).toBe(true));
    expect(apiCalls().find((c) => c.method === 'PUT')!.body).toEqual({ enabled_reasons: ['proposal_to_answer', 'request_to_plan', 'cancellation_to_answer'] });
    expect(await screen.findByText('Task settings saved')).toBeTruthy();
  });
});
