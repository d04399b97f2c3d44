import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPortcall, TScheduleProposal } from '@quayline/domain';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';
import { API, makePortcall, portcallApi } from '@/test/portcall-fixtures';

const DETAILS = '/en/portcall-planner/details?id=5';

const PROPOSAL: TScheduleProposal = {
  id: 91,
  portcall_id: 5,
  time: 'berth_arrival',
  proposed_time: '2026-07-15T11:30:00.000Z',
  current_time: '2026-07-15T08:00:00.000Z',
  difference_minutes: 210,
  source: 'portcast',
  status: 'open',
  created_at: '2026-07-10T06:00:00.000Z',
  resolved_at: null,
};

/** A port call of voyage 12 whose sync flag follows what PUT /schedule_sync last set, with one open proposal until decided. */
function scheduleApi(initial: Partial<TPortcall> = {}) {
  let portcall = makePortcall({ voyage_id: 12, voyage_name: 'AE7 2703W/2703E', schedule_syncable: true, schedule_sync_state: 'schedule_syncable', ...initial });
  let proposals: TScheduleProposal[] = [PROPOSAL];
  const base = portcallApi({ portcall: () => portcall });
  return (call: TRecordedCall) => {
    if (call.path === `${API}/portcalls/5/schedule_proposals`) return success(proposals);
    if (call.method === 'PUT' && call.path === `${API}/portcalls/5/schedule_sync`) {
      const { active } = call.body as { active: boolean };
      portcall = { ...portcall, schedule_syncable: active, schedule_sync_state: active ? 'schedule_syncable' : 'schedule_syncable_inactive', version: portcall.version + 1 };
      return success(portcall);
    }
    if (call.method === 'POST' && call.path.startsWith(`${API}/schedule_proposals/91/`)) {
      proposals = [];
      portcall = { ...portcall, version: portcall.version + 1 };
      return success({ ...PROPOSAL, status: call.path.endsWith('/apply') ? 'applied' : 'dismissed' });
    }
    return base(call);
  };
}

describe('port-call schedule panel', () => {
  it('is not shown for a call that belongs to no voyage and asks for no proposals', async () => {
    const { apiCalls } = renderApp(DETAILS, signedIn, scheduleApi({ voyage_id: null, voyage_name: null, schedule_sync_state: null }));
    await screen.findByTestId('screen-portcall_planner_view');
    expect(screen.queryByTestId('portcall-schedule-panel')).toBeNull();
    expect(apiCalls().some((c) => c.path.includes('schedule_proposals'))).toBe(false);
  });

  it('links the voyage, shows the sync state and stops sync with the call’s version', async () => {
    const { apiCalls } = renderApp(DETAILS, signedIn, scheduleApi());
    const panel = await screen.findByTestId('portcall-schedule-panel');
    expect(within(panel).getByTestId('schedule-voyage-link').getAttribute('href')).toBe('/en/voyage-center/voyages/edit?id=12');
    expect(within(panel).getByTestId('schedule-voyage-link').textContent).toBe('AE7 2703W/2703E');
    expect(within(panel).getByTestId('schedule-sync-state').textContent).toBe('Follows the schedule');
    fireEvent.click(within(panel).getByTestId('schedule-sync-toggle'));
    // The call is fetched again after the change, so the panel is looked up afresh.
    await waitFor(() => expect(screen.getByTestId('schedule-sync-state').textContent).toBe('Sync stopped'));
    const put = apiCalls().find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`${API}/portcalls/5/schedule_sync`);
    expect(put.body).toEqual({ version: 3, active: false });
    expect(screen.getByTestId('schedule-sync-toggle').textContent).toBe('Resume sync');
  });

  it('shows an open proposal against the current time in the terminal’s zone and applies it with the call’s version', async () => {
    const { apiCalls } = renderApp(DETAILS, signedIn, scheduleApi());
    const proposal = await screen.findByTestId('schedule-proposal');
    expect(within(proposal).getByTestId('schedule-proposal-times').textContent).toBe('Current: 15-07-2026 10:00 · Proposed: 15-07-2026 13:30');
    expect(within(proposal).getByTestId('schedule-proposal-difference').textContent).toBe('Difference +3 h 30 min');
    expect(within(proposal).getByTestId('schedule-proposal-source').textContent).toBe('Portcast');
    fireEvent.click(within(proposal).getByTestId('schedule-proposal-apply'));
    await screen.findByTestId('schedule-proposals-none');
    const post = apiCalls().find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`${API}/schedule_proposals/91/apply`);
    expect(post.body).toEqual({ version: 3 });
  });

  it('dismisses a proposal', async () => {
    const { apiCalls } = renderApp(DETAILS, signedIn, scheduleApi());
    fireEvent.click(within(await screen.findByTestId('schedule-proposal')).getByTestId('schedule-proposal-dismiss'));
    await screen.findByTestId('schedule-proposals-none');
    expect(apiCalls().find((c) => c.method === 'POST')!.path).toBe(`${API}/schedule_proposals/91/dismiss`);
  });
});
