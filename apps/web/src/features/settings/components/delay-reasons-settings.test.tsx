import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, success, TEST_USER } from '@/test/render-app';
import { signedInAs, TERMINAL } from '@/test/portcall-fixtures';

const API = '/api/portal/v1';
const WEATHER = { id: 3, terminal_id: 1, code: 'WEA', name: 'Bad weather', names: { de: 'Schlechtes Wetter' }, is_active: true, version: 1 };
const STRIKE = { id: 2, terminal_id: 1, code: 'STR', name: 'Strike', names: {}, is_active: false, version: 2 };
const terminalApi = (call: { path: string }) => (call.path === `${API}/terminals/current_terminal` ? success(TERMINAL) : undefined);

describe('delay reasons on the settings screen', () => {
  it('lists the current terminal’s reasons and adds one with its names per language', async () => {
    let list = [STRIKE, WEATHER];
    const { apiCalls } = renderApp('/en/user-settings', signedIn, terminalApi, (call) => {
      if (call.path !== `${API}/delay_reasons`) return undefined;
      if (call.method === 'GET') return success(list);
      const created = { id: 9, version: 1, is_active: true, names: {}, ...(call.body as object) };
      list = [...list, created as typeof WEATHER];
      return { status: 201, body: { status: { status: 'SUCCESS' }, payload: created } };
    });
    const section = await screen.findByTestId('settings-delay-reasons');
    await waitFor(() => expect(within(section).getAllByTestId('delay-reason-row').map((r) => r.textContent)).toEqual(['STRStrikeNot offered', 'WEABad weather']));

    fireEvent.change(screen.getByTestId('delay-reason-code'), { target: { value: 'tid' } });
    fireEvent.change(screen.getByTestId('delay-reason-name-en'), { target: { value: 'Waiting for the tide' } });
    fireEvent.change(screen.getByTestId('delay-reason-name-de'), { target: { value: 'Warten auf die Tide' } });
    fireEvent.click(screen.getByTestId('delay-reason-save'));
    await waitFor(() => expect(apiCalls().find((c) => c.method === 'POST')?.body).toEqual({ terminal_id: 1, code: 'TID', name: 'Waiting for the tide', names: { de: 'Warten auf die Tide' }, is_active: true }));
    await waitFor(() => expect(within(section).getAllByTestId('delay-reason-row').map((r) => r.dataset.code)).toEqual(['STR', 'WEA', 'TID']));
  });

  it('saves an edit with the version it read, and on a newer version shows that one instead of overwriting it', async () => {
    const theirs = { ...WEATHER, name: 'Storm', version: 2 };
    const { apiCalls } = renderApp('/en/user-settings', signedIn, terminalApi, (call) => {
      if (call.path === `${API}/delay_reasons` && call.method === 'GET') return success([WEATHER]);
      if (call.path === `${API}/delay_reasons/3` && call.method === 'PUT') return { status: 409, body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current: theirs } } };
      return undefined;
    });
    fireEvent.click(await screen.findByTestId('delay-reason-edit'));
    expect((screen.getByTestId('delay-reason-code') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('delay-reason-name-en'), { target: { value: 'Heavy weather' } });
    fireEvent.click(screen.getByTestId('delay-reason-active'));
    fireEvent.click(screen.getByTestId('delay-reason-save'));
    expect((await screen.findByTestId('delay-reason-conflict')).textContent).toBe('Someone changed this delay reason meanwhile. The form now shows their version.');
    expect(apiCalls().find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Heavy weather', names: { de: 'Schlechtes Wetter' }, is_active: false, version: 1 });
    expect((screen.getByTestId('delay-reason-name-en') as HTMLInputElement).value).toBe('Storm');
  });

  it('is not shown to the vessel side', async () => {
    renderApp('/en/user-settings', signedInAs({ user_type: 'agent' }), terminalApi);
    await screen.findByTestId('settings-screen');
    await screen.findByTestId('settings-card-save');
    expect(screen.queryByTestId('settings-delay-reasons')).toBeNull();
    expect(TEST_USER.user_type).toBe('terminal_operator');
  });
});
