import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn } from '@/test/render-app';
import { makePortcall, masterDataApi, portcallApi } from '@/test/portcall-fixtures';

describe('PRISE status on the port-call list', () => {
  const wideMatchMedia = window.matchMedia;
  afterEach(() => {
    window.matchMedia = wideMatchMedia;
  });

  it('marks a rejected call in its row with the PRISE icon and its status in words', async () => {
    renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => makePortcall({ prise_status: 'prise_rejected' }) }), masterDataApi);
    const row = await screen.findByTestId('portcall-row');
    const badge = within(row).getByTestId('prise-status-badge');
    expect(badge.getAttribute('data-prise-status')).toBe('prise_rejected');
    expect(badge.getAttribute('aria-label')).toBe('PRISE pre-arrival notice: Rejected');
  });

  it('shows partially accepted as accepted on a phone card, and nothing for a call without PRISE', async () => {
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({ ...wideMatchMedia(query), matches: query.includes('max-width') }));
    let portcall = makePortcall({ prise_status: 'prise_partially_accepted' });
    const { unmount } = renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => portcall }), masterDataApi);
    const card = await screen.findByTestId('portcall-row');
    expect(card.tagName).toBe('A');
    expect(within(card).getByTestId('prise-status-badge').getAttribute('aria-label')).toBe('PRISE pre-arrival notice: Accepted');
    unmount();

    portcall = makePortcall({ prise_status: null });
    renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => portcall }), masterDataApi);
    const plain = await screen.findByTestId('portcall-row');
    await waitFor(() => expect(within(plain).getByTestId('status-badge')).toBeTruthy());
    expect(within(plain).queryByTestId('prise-status-badge')).toBeNull();
  });

  it('shows the PRISE status beside the call status on the details page', async () => {
    renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall({ prise_status: 'prise_sent' }) }));
    await screen.findByTestId('screen-portcall_planner_view');
    expect(screen.getByTestId('prise-status-badge').textContent).toBe('Sent');
  });
});
