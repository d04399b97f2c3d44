// The export texts a person can meet, each reached the way a person reaches it: an empty table, the Excel writer not
// loading (offline, or a release replaced the chunk), a browser that refuses to save; and the css format from the menu.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TMovementReport } from '@quayline/domain';
import { readBlobText } from '@/lib/export/read-blob';
import { renderApp, signedIn, success } from '@/test/render-app';
import { API, LINKED_TERMINAL, makePortcall, masterDataApi, portcallApi } from '@/test/portcall-fixtures';

// The workbook writer is loaded on first use; here its chunk fails to load, as it does when the network is gone.
vi.mock('@/lib/export/to-xlsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const MOVEMENT: TMovementReport = {
  terminal_id: LINKED_TERMINAL.id,
  time_zone: 'Europe/Berlin',
  from: '2026-07-14T22:00:00.000Z',
  to: '2026-07-15T22:00:00.000Z',
  rows: [
    { portcall_id: 2, kind: 'arrival', time: '2026-07-15T06:00:00.000Z', time_source: 'estimated', time_label: 'estimated', vessel_name: 'BRAVO "ONE"', imo_number: '9123456', status: 'Approaching', vessel_operator_name: 'Bravo Shipping', berth_section: null, from_position: null, to_position: 200 },
  ],
  meta: { page: 1, per_page: 100, total_count: 1, total_pages: 1 },
};
const reports = (call: { path: string }) => (call.path === `${API}/terminals` ? success([LINKED_TERMINAL]) : call.path === `${API}/movement_reports` ? success(MOVEMENT) : undefined);

async function openMovementExport() {
  renderApp('/en/voyage-center/reports/movement', signedIn, reports);
  await screen.findByTestId('movement-table');
  fireEvent.click(screen.getByTestId('report-export'));
}

describe('export menu: what a person can run into', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    // The popups live outside the rendered tree: one test's must not answer the next test's question.
    notifications.clean();
  });

  it('saves the report as a css stylesheet, one rule per row', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test/1';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openMovementExport();
    fireEvent.click(await screen.findByTestId('report-export-css'));
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    expect((clicks.mock.contexts[0] as HTMLAnchorElement).download).toBe('movement-report.css');
    const css = await readBlobText(blobs[0]!);
    expect(css).toContain('.row-1 {\n');
    expect(css).toContain('  --vessel: "BRAVO \\"ONE\\"";\n');
  });

  it('says there is nothing to export when the table is empty, instead of a button that cannot say why', async () => {
    const audit = (call: { path: string }) => (call.path === `${API}/portcall_audit` ? success({ items: [], meta: { page: 1, per_page: 20, total_count: 0, total_pages: 0 } }) : undefined);
    renderApp('/en/portcall-planner/details?id=5', signedIn, audit, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    const button = await screen.findByTestId('audit-export');
    expect(button.hasAttribute('disabled')).toBe(false);
    fireEvent.click(button);
    expect((await screen.findByTestId('audit-export-empty')).textContent).toBe('Nothing to export: the table shows no rows.');
    expect(screen.getByTestId('audit-export-csv').hasAttribute('data-disabled')).toBe(true);
  });

  it('says the Excel writer could not be loaded when its chunk fails', async () => {
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openMovementExport();
    fireEvent.click(await screen.findByTestId('report-export-xlsx'));
    expect((await screen.findByTestId('report-export-error')).textContent).toContain('The Excel writer could not be loaded. Check the connection and try again.');
    expect(clicks).not.toHaveBeenCalled();
  });

  it('says the browser did not save the file when it refuses the download', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      throw new DOMException('Blob URLs are blocked by policy', 'SecurityError');
    });
    await openMovementExport();
    fireEvent.click(await screen.findByTestId('report-export-csv'));
    expect((await screen.findByTestId('report-export-error')).textContent).toContain('The browser did not save the file. Allow downloads for this site and try again.');
  });
});
