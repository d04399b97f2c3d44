// The blockage modal: hidden while the session works; shown, not closable, once a request answers 401; signing in
// again forgets the session and opens the sign-in page.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/modules/translations/locales/en.json';
import { failure, renderApp, signedIn } from '@/test/render-app';
import { getToken, setToken } from '@/lib/storage';

describe('blockage modal', () => {
  it('stays hidden while the session answers', async () => {
    renderApp('/en/help', signedIn);
    await screen.findByTestId('screen-help_view');
    expect(screen.queryByTestId('blockage-session-ended')).toBeNull();
  });

  it('blocks the screen once a request finds the session ended, and leads to the sign-in page', async () => {
    setToken('old-token');
    const { router } = renderApp('/en/dashboard', signedIn, (call) => (call.path.startsWith('/api/portal/v1/dashboard') ? failure(401, 'UNAUTHORIZED') : undefined));
    const blocked = await screen.findByTestId('blockage-session-ended', {}, { timeout: 10_000 });
    expect(screen.getByText(en.blockage.session_ended.title)).toBeTruthy();
    expect(blocked.textContent).toContain(en.blockage.session_ended.description);
    // Not closable: Escape leaves it up.
    fireEvent.keyDown(blocked, { key: 'Escape' });
    expect(screen.getByTestId('blockage-session-ended')).toBeTruthy();

    fireEvent.click(screen.getByTestId('blockage-sign-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(getToken()).toBeNull();
  });
});
