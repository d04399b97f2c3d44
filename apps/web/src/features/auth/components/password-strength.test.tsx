import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderApp, success } from '@/test/render-app';

describe('reset password screen', () => {
  it('shows the strength bar once typing starts and moves from Weak to Medium to Strong', async () => {
    renderApp('/en/reset-password?email=ada@harbour.test&code=abc123');
    const input = await screen.findByTestId('reset-password');
    expect(screen.queryByTestId('strength-label')).toBeNull();

    fireEvent.change(input, { target: { value: 'abc' } });
    expect(screen.getByTestId('strength-label').textContent).toBe('Weak');

    fireEvent.change(input, { target: { value: 'abcDEF1' } });
    expect(screen.getByTestId('strength-label').textContent).toBe('Medium');

    fireEvent.change(input, { target: { value: 'abcDEF12!xyz' } });
    expect(screen.getByTestId('strength-label').textContent).toBe('Strong');
    expect(screen.getByTestId('rule-length').getAttribute('data-met')).toBe('true');
  });

  it('refuses different confirmation locally and sends code, email and both passwords otherwise', async () => {
    const { apiCalls } = renderApp('/en/reset-password?email=ada@harbour.test&code=abc123', (call) =>
      call.path === '/api/portal/v1/update_password' ? { status: 400, body: { status: { status: 'REPEATED_PASSWORD', message: 'x' }, payload: { error_code: 'REPEATED_PASSWORD' } } } : undefined,
    );
    expect(((await screen.findByTestId('reset-email')) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(screen.getByTestId('reset-password'), { target: { value: 'abcDEF12!xyz' } });
    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'abcDEF12!xyZ' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(apiCalls()).toHaveLength(0);

    fireEvent.change(screen.getByTestId('reset-confirm'), { target: { value: 'abcDEF12!xyz' } });
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect((await screen.findByTestId('reset-error')).textContent).toContain('New password must be different than the current password');
    expect(apiCalls()[0]?.body).toEqual({ code: 'abc123', email: 'ada@harbour.test', password: 'abcDEF12!xyz', password_confirmation: 'abcDEF12!xyz' });
  });
});

describe('forgot password screen', () => {
  it('replaces the form with the success view and the entered email', async () => {
    const { apiCalls } = renderApp('/en/forgot-password', (call) => (call.path === '/api/portal/v1/reset_password' ? success({}) : undefined));
    fireEvent.change(await screen.findByTestId('forgot-email'), { target: { value: 'Ada@Harbour.test' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('forgot-success')).textContent).toContain('ada@harbour.test');
    expect(apiCalls()[0]?.body).toEqual({ username: 'ada@harbour.test', locale: 'en' });
  });
});
