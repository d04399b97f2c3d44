import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TPortcallJitMessage } from '@quayline/domain';
import { API, makePortcall, portcallApi } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, type THandler } from '@/test/render-app';

const message = (over: Partial<TPortcallJitMessage>): TPortcallJitMessage => ({
  id: 1,
  counterparty_name: 'Nordic Line JIT',
  method: 'PUT',
  path: '/timestamps/0b9c0f4e-3a3e-4b7e-9a43-6f1c6f1d9a01',
  classifier_code: 'PLN',
  date_time: '2026-07-15T12:00:00.000Z',
  is_fyi: false,
  status: 'sent',
  attempts: 1,
  last_http_status: 204,
  last_error: null,
  created_at: '2026-07-15T08:00:00.000Z',
  delivered_at: '2026-07-15T08:00:01.000Z',
  ...over,
});

const jitApi = (messages: TPortcallJitMessage[]): THandler => (call) => {
  if (call.method === 'GET' && call.path === `${API}/portcalls/5/jit_services`) return success([]);
  if (call.method === 'GET' && call.path === `${API}/portcalls/5/jit_messages`) return success(messages);
  return undefined;
};

describe('what the call sent to connected JIT systems', () => {
  it('shows each message with its state, copies and the partner\u2019s last answer while it is not delivered', async () => {
    const messages = [
      message({ id: 3, status: 'retrying', attempts: 3, last_http_status: 503, last_error: 'HTTP 503: busy', delivered_at: null }),
      message({ id: 2, method: 'POST', path: '/port-call-services/0b9c0f4e-3a3e-4b7e-9a43-6f1c6f1d9a02/cancel', classifier_code: null, date_time: null, counterparty_name: 'Agency JIT', is_fyi: true, status: 'failed', last_http_status: 409, last_error: 'HTTP 409: already cancelled', delivered_at: null }),
      message({ id: 1 }),
    ];
    renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall() }), jitApi(messages));
    const list = await screen.findByTestId('portcall-jit-messages');
    const rows = within(list).getAllByTestId('portcall-jit-message');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Retrying.*PLN.*To Nordic Line JIT.*Tries: 3.*HTTP 503: busy/),
      expect.stringMatching(/Failed.*Cancel.*To Agency JIT.*Copy \(FYI\).*HTTP 409: already cancelled/),
      expect.stringMatching(/Delivered.*PLN.*To Nordic Line JIT/),
    ]);
    expect(rows[2]!.textContent).not.toContain('Tries');
  });

  it('shows nothing when the call has no JIT services and nothing was sent', async () => {
    renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall() }), jitApi([]));
    await screen.findByTestId('screen-portcall_planner_view');
    await waitFor(() => expect(screen.queryByTestId('portcall-jit-timeline')).toBeNull());
  });
});
