import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp, signedIn } from '@/test/render-app';

describe('breadcrumbs', () => {
  it('shows one clickable crumb per known prefix of a nested path', async () => {
    renderApp('/en/voyage-center/voyage-templates/add', signedIn);
    const nav = await screen.findByTestId('breadcrumbs');
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Voyage Center', 'Voyage Templates', 'Create Template']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/en/voyage-center',
      '/en/voyage-center/voyage-templates',
      '/en/voyage-center/voyage-templates/add',
    ]);
    expect(links[2]?.getAttribute('aria-current')).toBe('page');
    // The screen is loaded when first opened; the layout and its crumbs come first.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Create Template');
  });

  it('skips prefixes without a heading', async () => {
    renderApp('/en/portcall-planner/portcall/edit', signedIn);
    const nav = await screen.findByTestId('breadcrumbs');
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Port-call planner', 'Edit port call']);
  });
});
