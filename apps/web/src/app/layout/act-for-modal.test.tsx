import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TProxyCandidate, TUserDetails } from '@quayline/domain';
import { getProxyToken, setProxyToken } from '@/lib/storage';
import { type TRecordedCall, failure, renderApp, success, TEST_USER } from '@/test/render-app';

const candidate = (id: number, first: string, last: string): TProxyCandidate => ({ id, first_name: first, last_name: last, email: `${first.toLowerCase()}@harbour.test`, user_type: 'terminal_operator', organisation_name: 'Harbour Terminals' });
const CANDIDATES = [candidate(9, 'Bob', 'Target'), candidate(10, 'Carla', 'Crane')];
const ACTING: TUserDetails = {
  ...TEST_USER,
  id: 10,
  first_name: 'Carla',
  last_name: 'Crane',
  email: 'carla@harbour.test',
  acting_as: { id: 7, email: TEST_USER.email },
  proxy: { actor: { id: 7, email: TEST_USER.email, first_name: 'Ada', last_name: 'Lovelace' }, acting_for: { id: 10, email: 'carla@harbour.test', first_name: 'Carla', last_name: 'Crane' }, expires_at: '2030-01-01T12:30:00Z' },
};

const server = (candidates: TProxyCandidate[]) => (call: TRecordedCall) => {
  if (call.path === '/api/portal/v1/user_details') return success(call.headers['X-PORTAL-PROXY-TOKEN'] ? ACTING : TEST_USER);
  if (call.path === '/api/portal/v1/proxy_session/candidates') return success(candidates);
  if (call.path === '/api/portal/v1/proxy_session' && call.method === 'POST') {
    return (call.body as { user_id: number }).user_id === 10 ? success({ token: 'new-proxy', expires_at: '2030-01-01T12:30:00Z' }) : failure(403, 'FORBIDDEN', 'Nobody can act for an organisation lead.');
  }
  return undefined;
};

afterEach(() => setProxyToken(null));

describe('act for a colleague', () => {
  it('offers no entry when there is nobody to act for', async () => {
    const { calls } = renderApp('/en/user-settings', server([]));
    fireEvent.click(await screen.findByTestId('user-menu'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/portal/v1/proxy_session/candidates')).toBe(true));
    await screen.findByTestId('user-menu-settings');
    expect(screen.queryByTestId('user-menu-act-for')).toBeNull();
  });

  it('searches the candidates, starts acting for the chosen one and shows the banner', async () => {
    const { calls } = renderApp('/en/user-settings', server(CANDIDATES));
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('user-menu-act-for'));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getAllByTestId('act-for-candidate')).toHaveLength(2);
    fireEvent.change(within(modal).getByTestId('act-for-search'), { target: { value: 'crane' } });
    const shown = within(modal).getAllByTestId('act-for-candidate');
    expect(shown.map((b) => b.textContent)).toEqual([expect.stringContaining('Carla Crane')]);
    fireEvent.change(within(modal).getByTestId('act-for-search'), { target: { value: 'nobody' } });
    expect(within(modal).getByText('Nobody matches your search.')).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('act-for-search'), { target: { value: 'carla' } });
    fireEvent.click(within(modal).getByTestId('act-for-candidate'));

    expect((await screen.findByTestId('proxy-banner-text')).textContent).toContain('Ada Lovelace, you are acting for Carla Crane');
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/portal/v1/proxy_session')?.body).toEqual({ user_id: 10 });
    expect(getProxyToken()).toBe('new-proxy');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server\u2019s refusal and stays in the own session', async () => {
    renderApp('/en/user-settings', server(CANDIDATES));
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('user-menu-act-for'));
    const modal = await screen.findByRole('dialog');
    fireEvent.click(within(modal).getAllByTestId('act-for-candidate')[0]!);
    expect((await within(modal).findByTestId('act-for-error')).textContent).toBe('You are not allowed to do this.');
    expect(getProxyToken()).toBeNull();
    expect(screen.queryByTestId('proxy-banner')).toBeNull();
  });
});
