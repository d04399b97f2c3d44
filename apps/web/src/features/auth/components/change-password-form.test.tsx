import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { failure, renderApp, signedIn, success } from '@/test/render-app';

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('change expired password screen', () => {
  it('shows a wrong current password at that field', async () => {
    renderApp('/en/change-password?email=ada%40harbour.test', (call) =>
      call.path === '/api/portal/v1/reset_expired_password' ? failure(400, 'INVALID_PASSWORD') : undefined,
    );
    await screen.findByTestId('change-warning');
    fill('change-old-password', 'nope');
    fill('change-new-password', 'abcDEF12!xyz');
    fill('change-confirm', 'abcDEF12!xyz');
    fireEvent.click(screen.getByTestId('change-submit'));

    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    expect(screen.getByTestId('change-old-password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('change-error')).toBeNull();
  });

  it('sends the four fields with PUT and signs in on success', async () => {
    const { apiCalls, router } = renderApp(
      '/en/change-password?email=ada%40harbour.test',
      (call) =>
        call.path === '/api/portal/v1/reset_expired_password'
          ? success({ token: 'fresh', user_info: { id: 7, email: 'ada@harbour.test', first_name: 'Ada', last_name: 'L', user_type: 'agent', selected_locale: 'en', organisation_id: null, organisation_name: null } })
          : undefined,
      signedIn,
    );
    await screen.findByTestId('change-warning');
    fill('change-old-password', 'OldPassword1!');
    fill('change-new-password', 'abcDEF12!xyz');
    fill('change-confirm', 'abcDEF12!xyz');
    fireEvent.click(screen.getByTestId('change-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/dashboard'));
    const call = apiCalls().find((c) => c.path === '/api/portal/v1/reset_expired_password');
    expect(call?.method).toBe('PUT');
    expect(call?.body).toEqual({ email: 'ada@harbour.test', old_password: 'OldPassword1!', new_password: 'abcDEF12!xyz', new_password_confirmation: 'abcDEF12!xyz' });
    expect(window.localStorage.getItem('quayline.token')).toBe('fresh');
  });
});
