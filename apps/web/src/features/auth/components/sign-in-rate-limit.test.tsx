import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { failure, renderApp } from '@/test/render-app';

// The server answers 429 TOO_MANY_REQUESTS when sign-in or reset mails come too often (docs/security.md "Rate limits").
const TOO_MANY = 'Too many requests in a short time. Please wait a few minutes and try again.';

describe('rate-limited sign-in and reset answers', () => {
  it('the sign-in form shows the translated 429 message', async () => {
    renderApp('/en/login', (call) => (call.path === '/api/portal/v1/login' ? failure(429, 'TOO_MANY_REQUESTS') : undefined));
    fireEvent.change(await screen.findByTestId('login-email'), { target: { value: 'ada@harbour.test' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'Right-Password-1!' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain(TOO_MANY);
  });

  it('the forgot-password form shows it instead of the generic failure', async () => {
    renderApp('/en/forgot-password', (call) => (call.path === '/api/portal/v1/reset_password' ? failure(429, 'TOO_MANY_REQUESTS') : undefined));
    fireEvent.change(await screen.findByTestId('forgot-email'), { target: { value: 'ada@harbour.test' } });
    fireEvent.click(screen.getByTestId('forgot-submit'));
    expect((await screen.findByTestId('forgot-error')).textContent).toContain(TOO_MANY);
  });
});
