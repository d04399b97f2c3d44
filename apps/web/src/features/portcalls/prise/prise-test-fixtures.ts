// Test data for the PRISE panel: a Hamburg notice and a fake API answering GET/PUT/submit from a mutable state.
import type { TPriseNotice } from '@quayline/domain';
import { priseNoticeContent } from '@quayline/domain/testing';
import { API } from '@/test/portcall-fixtures';
import { success, type TFakeResponse, type THandler, type TRecordedCall } from '@/test/render-app';

export function makeNotice(overrides: Partial<TPriseNotice> = {}): TPriseNotice {
  return {
    portcall_id: 5,
    applicable: true,
    version: 1,
    port_authority_status: 'draft',
    prise_status: 'prise_info_required',
    prise_message: null,
    prise_code: null,
    // The notice still lacks what only the agent knows.
    content: priseNoticeContent({ dangerous_goods: null, persons_on_board: null }),
    missing: ['dangerous_goods', 'persons_on_board'],
    due_at: '2026-07-14T02:00:00.000Z',
    flags: { late: false, large_vessel: false },
    submitted_at: null,
    submitted_by: null,
    answered_at: null,
    reference: null,
    accepted_window: null,
    can_edit: true,
    can_submit: false,
    history: [],
    ...overrides,
  };
}

export type TNoticeApi = { notice: TPriseNotice; writes: TRecordedCall[] };

/** GET answers the state's notice; PUT and submit go to `onWrite`, which answers (or leaves it to a later handler). */
export function noticeApi(state: TNoticeApi, onWrite?: (call: TRecordedCall) => TFakeResponse | undefined): THandler {
  return (call) => {
    if (!call.path.startsWith(`${API}/portcalls/${state.notice.portcall_id}/prise_notice`)) return undefined;
    if (call.method === 'GET') return success(state.notice);
    state.writes.push(call);
    return onWrite?.(call);
  };
}
