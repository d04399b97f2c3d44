import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { failure, renderApp, signedIn, success, TEST_USER } from '@/test/render-app';

const loginAnswer = (locale: 'en' | 'de') =>
  success({
    token: 'tok-123',
    user_info: { id: 7, email: TEST_USER.email, first_name: 'Ada', last_name: 'Lovelace', user_type: 'terminal_operator', selected_locale: locale, organisation_id: null, organisation_name: null },
  });

describe('login form', () => {
  it('sends nothing and marks both fields when both are empty', async () => {
    const { apiCalls } = renderApp('/en/login');
    fireEvent.click(await screen.findByTestId('login-submit'));

    expect(await screen.findByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(screen.getByTestId('login-email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('login-password').getAttribute('aria-invalid')).toBe('true');
    expect(apiCalls()).toHaveLength(0);
  });

  it('marks only the empty field and clears its error on focus', async () => {
    const { apiCalls } = renderApp('/en/login');
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'ada@harbour.test' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('Please enter your password')).toBeTruthy();
    expect(screen.queryByText('Please enter your email')).toBeNull();
    expect(apiCalls()).toHaveLength(0);

    fireEvent.focus(screen.getByTestId('login-password'));
    await waitFor(() => expect(screen.queryByText('Please enter your password')).toBeNull());
  });

  it('lower-cases the email as it is typed and clears it with the clear button', async () => {
    renderApp('/en/login');
    const email = (await screen.findByTestId('login-email')) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'Ada@Harbour.TEST' } });
    expect(email.value).toBe('ada@harbour.test');
    fireEvent.click(screen.getByTestId('login-email-clear'));
    expect(email.value).toBe('');
  });

  it('posts the credentials, stores the token and opens the dashboard in the user locale', async () => {
    const de = { navigation: { dashboard: 'Übersicht' } };
    const { apiCalls, router } = renderApp(
      '/en/login',
      (call) => (call.path === '/api/portal/v1/login' ? loginAnswer('de') : undefined),
      (call) => (call.path === '/api/portal/v1/translations/de' ? success(de) : undefined),
      signedIn,
    );
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'ada@harbour.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'secret' } });
    fireEvent.submit(screen.getByTestId('login-password').closest('form')!);

    await waitFor(() => expect(router.state.location.pathname).toBe('/de/dashboard'));
    const loginCall = apiCalls().find((c) => c.path === '/api/portal/v1/login');
    expect(loginCall?.method).toBe('POST');
    expect(loginCall?.body).toEqual({ username: 'ada@harbour.test', password: 'secret' });
    expect(window.localStorage.getItem('quayline.token')).toBe('tok-123');
  });

  it('shows the translated error when the credentials do not match', async () => {
    renderApp('/en/login', (call) => (call.path === '/api/portal/v1/login' ? failure(401, 'CREDENTIALS_DO_NOT_MATCH') : undefined));
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'ada@harbour.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('The email and/or password is not correct');
  });

  it('sends an expired password to the change-password page with the email', async () => {
    const { router } = renderApp('/en/login', (call) => (call.path === '/api/portal/v1/login' ? failure(403, 'PASSWORD_EXPIRED') : undefined));
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'ada@harbour.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'old' } });
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/change-password'));
    expect(router.state.location.search).toBe('?email=ada%40harbour.test');
    expect(((await screen.findByTestId('change-email')) as HTMLInputElement).value).toBe('ada@harbour.test');
  });
});
