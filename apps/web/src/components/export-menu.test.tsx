import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { TAuditEvent, TMovementReport } from '@quayline/domain';
import { readBlobText } from '@/lib/export/read-blob';
import { renderApp, signedIn, success } from '@/test/render-app';
import { API, LINKED_TERMINAL, makePortcall, masterDataApi, portcallApi } from '@/test/portcall-fixtures';

/** What the browser would save: the object URL's Blob and the link's file name. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  let next = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${(next += 1)}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  const saved: { fileName: string; blob: Blob }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ fileName: this.download, blob });
  });
  return saved;
}

const AUDIT_EVENT: TAuditEvent = {
  id: 1,
  portcall_id: 5,
  event_type: 'revised',
  field: 'voyage_number_import',
  old_value: '012E',
  new_value: '013E',
  actor: { id: 7, name: 'Ada Lovelace', user_type: 'terminal_operator' },
  acting_for: null,
  created_at: '2026-07-15T06:30:00Z',
};

describe('ExportMenu', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-07-15T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('exports the port calls on screen as csv named portcalls.csv, with the visible texts', async () => {
    const saved = captureDownloads();
    renderApp('/en/portcall-planner', signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    await screen.findByTestId('portcall-row');

    const button = screen.getByTestId('portcall-export');
    expect(button.getAttribute('aria-label')).toBe('Export table: Port-call planner');
    fireEvent.click(button);
    // Every matching call, not only this page, comes from the server download with the same filters: the list opens
    // on what comes next, so from the moment it opened.
    const allCsv = await screen.findByTestId('portcall-export-all-csv');
    expect(allCsv.getAttribute('href')).toBe(
      `${API}/portcall/download?terminal_id=1&from=2026-07-15T08%3A00%3A00.000Z&to=2026-08-05T22%3A00%3A00.000Z&type=csv&locale=en&timezone=Europe%2FBerlin`,
    );
    expect(screen.getByText('All matching rows (1)')).toBeTruthy();
    fireEvent.click(screen.getByTestId('portcall-export-csv'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toBe('portcalls.csv');
    const lines = (await readBlobText(saved[0]!.blob)).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Vessel","IMO number","Vessel type","Status","Berth arrival","Arrival label","Berth departure","Departure label","Vessel operator","Agent","Voyage","Berth position"',
    );
    expect(lines[1]).toBe(
      '"CORAL RESOLVE","9085778","Container ship","Approaching","15-07-2026 10:00","Requested · first request","16-07-2026 18:00","Requested · first request","NRDL","ESA","V100",""',
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe('');
  });

  it('exports the audit trail page as json named after the port call', async () => {
    const saved = captureDownloads();
    const audit = (call: { path: string }) =>
      call.path === `${API}/portcall_audit` ? success({ items: [AUDIT_EVENT], meta: { page: 1, per_page: 20, total_count: 1, total_pages: 1 } }) : undefined;
    renderApp('/en/portcall-planner/details?id=5', signedIn, audit, portcallApi({ portcall: () => makePortcall() }), masterDataApi);
    await screen.findByTestId('audit-row');

    fireEvent.click(screen.getByTestId('audit-export'));
    expect((await screen.findByTestId('audit-export-all-xlsx')).getAttribute('href')).toBe(`${API}/portcall_audit/download?portcall_id=5&type=xlsx&locale=en&timezone=Europe%2FBerlin`);
    fireEvent.click(screen.getByTestId('audit-export-json'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toBe('portcall-5-audit.json');
    expect(JSON.parse(await readBlobText(saved[0]!.blob))).toEqual([
      { when: '15-07-2026 08:30', who: 'Ada Lovelace', event: 'Revised', field: 'Import voyage', old_value: '012E', new_value: '013E' },
    ]);
  });

  it('exports the report rows on screen as aligned text', async () => {
    const saved = captureDownloads();
    const movement: TMovementReport = {
      terminal_id: LINKED_TERMINAL.id,
      time_zone: 'Europe/Berlin',
      from: '2026-07-14T22:00:00.000Z',
      to: '2026-07-15T22:00:00.000Z',
      rows: [
        { portcall_id: 2, kind: 'arrival', time: '2026-07-15T06:00:00.000Z', time_source: 'estimated', time_label: 'estimated', vessel_name: 'BRAVO ONE', imo_number: '9123456', status: 'Approaching', vessel_operator_name: 'Bravo Shipping', berth_section: null, from_position: null, to_position: 200 },
      ],
      meta: { page: 1, per_page: 100, total_count: 1, total_pages: 1 },
    };
    const reports = (call: { path: string }) =>
      call.path === `${API}/terminals` ? success([LINKED_TERMINAL]) : call.path === `${API}/movement_reports` ? success(movement) : undefined;
    renderApp('/en/voyage-center/reports/movement', signedIn, reports);
    await screen.findByTestId('movement-table');

    fireEvent.click(screen.getByTestId('report-export'));
    fireEvent.click(await screen.findByTestId('report-export-txt'));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.fileName).toBe('movement-report.txt');
    const lines = (await readBlobText(saved[0]!.blob)).split('\n');
    expect(lines).toEqual([
      'Time              Movement  Time source  Vessel     Vessel operator  Call status  Berth section  Position (m)',
      '----------------  --------  -----------  ---------  ---------------  -----------  -------------  ------------',
      `15-07-2026 08:00  Arrival   Estimated    BRAVO ONE  Bravo Shipping   Approaching  ${' '.repeat(13)}  → 200 m`,
      '',
    ]);
  });
});
