import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, success, type THandler } from '@/test/render-app';
import { API, VESSELS, makePortcall, masterDataApi, portcallApi } from '@/test/portcall-fixtures';
import de from '../../../../server/src/modules/translations/locales/de.json';
import { detailedVesselTypeText, storedDetailedVesselType } from './detailed-vessel-type';

// The fake register: PATCH /vessels/:id answers the vessel with the changes.
const patchVessel: THandler = (call) => {
  if (call.method !== 'PATCH' || !call.path.startsWith(`${API}/vessels/`)) return undefined;
  return success({ ...VESSELS[0], ...(call.body as object) });
};

const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('the vessel-type form on a call', () => {
  it('shows the detailed type in the vessel section and suggests the detailed types of the chosen coded type', async () => {
    const { calls } = renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi, patchVessel);
    const section = await screen.findByTestId('summary-vessel');
    expect(within(section).getByTestId('summary-vessel-type').textContent).toBe('Container ship');
    expect(within(section).getByTestId('summary-vessel-type-detailed').textContent).toBe('Feeder container ship');

    fireEvent.click(within(section).getByTestId('vessel-type-edit'));
    const dialog = await screen.findByTestId('vessel-type-dialog');
    const detailed = within(dialog).getByRole('textbox', { name: /Detailed vessel type/ }) as HTMLInputElement;
    expect(detailed.value).toBe('Feeder container ship');

    // The container suggestions while the vessel is a container ship.
    fireEvent.change(detailed, { target: { value: '' } });
    fireEvent.focus(detailed);
    fireEvent.click(detailed);
    await waitFor(() => expect(optionNames()).toContain('Container ship with ro-ro deck'));
    expect(optionNames()).not.toContain('Escort tug');

    // Another coded type brings its own suggestions.
    const coded = within(dialog).getByRole('textbox', { name: /^Vessel type/ });
    fireEvent.click(coded);
    fireEvent.click(await screen.findByRole('option', { name: 'Tug' }));
    fireEvent.focus(detailed);
    fireEvent.click(detailed);
    await waitFor(() => expect(optionNames()).toContain('Escort tug'));
    expect(optionNames()).not.toContain('Container ship with ro-ro deck');
    fireEvent.click(screen.getByRole('option', { name: 'Escort tug' }));
    expect(detailed.value).toBe('Escort tug');

    fireEvent.click(within(dialog).getByTestId('vessel-type-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe(`${API}/vessels/101`);
    expect(patch.body).toEqual({ vessel_type: 'TUG', vessel_type_detailed: 'Escort tug' });
  });

  it('accepts a detailed type of the writer own, sent as typed', async () => {
    const { calls } = renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall({ vessel_type_detailed: null }) }), masterDataApi, patchVessel);
    const section = await screen.findByTestId('summary-vessel');
    expect(within(section).getByTestId('summary-vessel-type-detailed').textContent).toBe('Not set');
    fireEvent.click(within(section).getByTestId('vessel-type-edit'));
    const dialog = await screen.findByTestId('vessel-type-dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Detailed vessel type/ }), { target: { value: '  Feeder with 2 x 45 t cranes ' } });
    fireEvent.click(within(dialog).getByTestId('vessel-type-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ vessel_type: 'CONTAINER', vessel_type_detailed: 'Feeder with 2 x 45 t cranes' }));
  });
});

describe('a detailed type in German', () => {
  const text = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], de) as string;
  it('reads a listed name in German and stores the German pick as the listed English name; other text stays as typed', () => {
    expect(detailedVesselTypeText('Feeder container ship', text)).toBe('Feederschiff');
    expect(detailedVesselTypeText('Mein eigener Typ', text)).toBe('Mein eigener Typ');
    expect(storedDetailedVesselType('feederschiff', text)).toBe('Feeder container ship');
    expect(storedDetailedVesselType('Feeder container ship', text)).toBe('Feeder container ship');
    expect(storedDetailedVesselType(' Mein eigener Typ ', text)).toBe('Mein eigener Typ');
    expect(storedDetailedVesselType('   ', text)).toBeNull();
  });
});
