import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, signedIn, signedOut, success } from '@/test/render-app';

describe('routing', () => {
  it('sends a signed-out visitor of an app screen to the login of the same locale', async () => {
    window.localStorage.setItem('quayline.token', 'stale');
    const { router } = renderApp('/en/berth-planner', signedOut);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(window.localStorage.getItem('quayline.token')).toBeNull();
  });

  it('mounts the map screen (loaded on demand) with its heading and breadcrumbs, no coming-soon placeholder left', async () => {
    renderApp('/en/map', signedIn);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Map');
    expect(await screen.findByTestId('screen-map_view')).toBeTruthy();
    expect(screen.getByTestId('breadcrumbs')).toBeTruthy();
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });

  it('mounts the shift planner itself, no longer a coming-soon placeholder', async () => {
    renderApp('/en/shift-planner', signedIn);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Shift planner');
    expect(screen.getByTestId('shift-planner')).toBeTruthy();
    expect(screen.queryByTestId('empty-state')).toBeNull();
  });

  it('renders the not-found screen in English for an unknown locale', async () => {
    renderApp('/xx/dashboard');
    expect((await screen.findByTestId('not-found')).textContent).toContain('Page not found');
    expect(screen.getByTestId('not-found-home').getAttribute('href')).toBe('/en/dashboard');
  });

  it('renders the not-found screen for an unknown path under a known locale', async () => {
    renderApp('/en/no-such-page');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Page not found');
  });

  it('adds the locale to a known path that came without one', async () => {
    window.localStorage.setItem('quayline.locale', 'en');
    const { router } = renderApp('/reset-password?email=a%40b.c&code=9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/reset-password'));
    expect(router.state.location.search).toBe('?email=a%40b.c&code=9');
  });

  it('switches the locale prefix and saves the choice', async () => {
    const de = { navigation: { berth_planner: 'Liegeplatzplaner' } };
    const { router, apiCalls } = renderApp(
      '/en/berth-planner',
      signedIn,
      (call) => (call.path === '/api/portal/v1/translations/de' ? success(de) : undefined),
      (call) => (call.path === '/api/portal/v1/update_locale' ? success({}) : undefined),
    );
    fireEvent.click(await screen.findByTestId('locale-switch'));
    fireEvent.click(await screen.findByTestId('locale-option-de'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/berth-planner'));
    await waitFor(() => expect(apiCalls().find((c) => c.path === '/api/portal/v1/update_locale')?.body).toEqual({ selected_locale: 'de' }));
    expect(await screen.findByText('Liegeplatzplaner', { selector: 'h1' })).toBeTruthy();
  });

  it('logs out with PUT /logout and returns to login', async () => {
    window.localStorage.setItem('quayline.token', 'tok');
    let isLoggedOut = false;
    const { router, apiCalls } = renderApp(
      '/en/dashboard',
      (call) => {
        if (call.path !== '/api/portal/v1/logout') return undefined;
        isLoggedOut = true;
        return success({});
      },
      (call) => (isLoggedOut ? signedOut(call) : signedIn(call)),
    );
    fireEvent.click(await screen.findByTestId('nav-logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    const logoutCall = apiCalls().find((c) => c.path === '/api/portal/v1/logout');
    expect(logoutCall?.method).toBe('PUT');
    expect(logoutCall?.body).toBeUndefined();
    expect(window.localStorage.getItem('quayline.token')).toBeNull();
  });
});
