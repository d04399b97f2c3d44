import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TUserDetails } from '@quayline/domain';
import { getProxyToken, setProxyToken } from '@/lib/storage';
import { type TRecordedCall, failure, renderApp, signedIn, success, TEST_USER } from '@/test/render-app';

const ANNA = { id: 7, email: 'ada@harbour.test', first_name: 'Ada', last_name: 'Lovelace' };
const BOB: TUserDetails = { ...TEST_USER, id: 9, email: 'bob@harbour.test', first_name: 'Bob', last_name: 'Target' };
const ACTING: TUserDetails = { ...BOB, acting_as: { id: ANNA.id, email: ANNA.email }, proxy: { actor: ANNA, acting_for: { id: 9, email: BOB.email, first_name: 'Bob', last_name: 'Target' }, expires_at: '2030-01-01T12:30:00Z' } };

/** Answers /user_details as Bob while a proxy token is stored, as the signed-in user otherwise (like the server). */
const proxyAware = (call: TRecordedCall) => (call.path === '/api/portal/v1/user_details' ? success(call.headers['X-PORTAL-PROXY-TOKEN'] ? ACTING : TEST_USER) : undefined);

afterEach(() => setProxyToken(null));

describe('acting for a colleague in the shell', () => {
  it('shows no banner in one\u2019s own session', async () => {
    renderApp('/en/user-settings', signedIn);
    await screen.findByTestId('settings-screen');
    expect(screen.queryByTestId('proxy-banner')).toBeNull();
  });

  it('names both people in a banner and the user menu, and returns to the own session with DELETE /proxy_session', async () => {
    setProxyToken('proxy-token');
    const { calls } = renderApp('/en/user-settings', proxyAware, (call) => (call.method === 'DELETE' && call.path === '/api/portal/v1/proxy_session' ? success(TEST_USER) : undefined));
    const banner = await screen.findByTestId('proxy-banner');
    expect(within(banner).getByTestId('proxy-banner-text').textContent).toMatch(/^Ada Lovelace, you are acting for Bob Target \(until \d{2}:\d{2}\)$/);

    fireEvent.click(screen.getByTestId('user-menu'));
    expect((await screen.findByTestId('user-menu-actor')).textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Bob Target');
    expect(screen.getByTestId('user-menu-return')).toBeTruthy();
    expect(screen.queryByTestId('user-menu-act-for')).toBeNull();

    fireEvent.click(within(banner).getByTestId('proxy-return'));
    await waitFor(() => expect(screen.queryByTestId('proxy-banner')).toBeNull());
    const ended = calls.find((c) => c.method === 'DELETE');
    expect(ended?.path).toBe('/api/portal/v1/proxy_session');
    expect(ended?.headers['X-PORTAL-PROXY-TOKEN']).toBe('proxy-token');
    expect(getProxyToken()).toBeNull();
    expect(await screen.findByText('You are back in your own session.')).toBeTruthy();
  });

  it('signing out while acting ends the proxy first, so the own session ends too', async () => {
    setProxyToken('proxy-token');
    const { calls } = renderApp('/en/user-settings', proxyAware, (call) => (call.path === '/api/portal/v1/proxy_session' || call.path === '/api/portal/v1/logout' ? success(TEST_USER) : undefined));
    await screen.findByTestId('proxy-banner');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/portal/v1/logout')).toBe(true));
    const ended = calls.findIndex((c) => c.method === 'DELETE' && c.path === '/api/portal/v1/proxy_session');
    const loggedOut = calls.findIndex((c) => c.path === '/api/portal/v1/logout');
    expect(ended).toBeGreaterThanOrEqual(0);
    expect(ended).toBeLessThan(loggedOut);
    expect(calls[loggedOut]?.headers['X-PORTAL-PROXY-TOKEN']).toBeUndefined();
  });

  it('locks the colleague\u2019s own mail and language settings with a reason', async () => {
    setProxyToken('proxy-token');
    renderApp('/en/user-settings', proxyAware);
    expect((await screen.findAllByTestId('settings-locked-while-acting'))[0]?.textContent).toContain('Bob Target');
    expect((screen.getByTestId('settings-email-save') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('settings-locale') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('settings-email-enable').matches(':disabled')).toBe(true);
  });

  it('drops to the own session with a notice when the server says the proxy has run out', async () => {
    setProxyToken('proxy-token');
    let isExpired = false;
    const expired = failure(403, 'PROXY_EXPIRED', 'The time to act for Bob Target has run out.');
    const { queryClient } = renderApp('/en/user-settings', (call) => {
      if (call.path !== '/api/portal/v1/user_details' && call.path !== '/api/portal/v1/proxy_sessions/on_my_behalf') return undefined;
      if (isExpired && call.headers['X-PORTAL-PROXY-TOKEN']) return expired;
      if (call.path === '/api/portal/v1/proxy_sessions/on_my_behalf') return success([]);
      return success(call.headers['X-PORTAL-PROXY-TOKEN'] ? ACTING : TEST_USER);
    });
    await screen.findByTestId('proxy-banner');
    await screen.findByTestId('on-my-behalf-empty');
    // Any request under the dead token answers 403; here the screen's list is asked again.
    isExpired = true;
    void queryClient.invalidateQueries({ queryKey: ['proxy-sessions-on-my-behalf'] });
    await waitFor(() => expect(getProxyToken()).toBeNull());
    expect(await screen.findByText('The time to act for Bob Target has run out.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('proxy-banner')).toBeNull());
  });
});
