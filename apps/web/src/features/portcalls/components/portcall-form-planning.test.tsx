import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp, signedIn, success, type TRecordedCall } from '@/test/render-app';
import { API, makePortcall, masterDataApi, portcallApi } from '@/test/portcall-fixtures';

const ADD = '/en/portcall-planner/portcall/add';
const EDIT = '/en/portcall-planner/portcall/edit?id=5';
const writes = (calls: TRecordedCall[]) => calls.filter((c) => c.method !== 'GET');
const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby')?.split(' ').find((d) => d.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

const EQUIPMENT = [
  { id: 41, terminal_id: 1, name: 'STS crane 1', equipment_type: 'STS', equipment_number: 'STS-01' },
  { id: 42, terminal_id: 1, name: 'STS crane 2', equipment_type: 'STS', equipment_number: 'STS-02' },
];
const equipmentApi = (call: TRecordedCall) =>
  call.method === 'GET' && call.path === `${API}/cargo_handling_equipments` ? success({ items: EQUIPMENT, meta: { page: 1, per_page: 100, total_count: 2, total_pages: 1 } }) : undefined;

describe('port-call form planning', () => {
  it('computes a tier table’s subtotals and totals and feeds the row’s discharge, load and restow', async () => {
    renderApp(ADD, signedIn, portcallApi({ portcall: () => makePortcall() }), masterDataApi, equipmentApi);
    fireEvent.click(await screen.findByTestId('cargo-add'));
    const row = screen.getByTestId('cargo-row');
    fireEvent.click(within(row).getByTestId('cargo-tier'));
    fireEvent.click(await screen.findByRole('option', { name: 'Tier 2 – full and empty' }));

    const table = await within(row).findByTestId('tier-table');
    fireEvent.change(within(table).getByTestId('tier-cell-full-discharge'), { target: { value: '100' } });
    fireEvent.change(within(table).getByTestId('tier-cell-empty-discharge'), { target: { value: '20' } });
    fireEvent.change(within(table).getByTestId('tier-cell-full-load'), { target: { value: '50' } });
    fireEvent.change(within(table).getByTestId('tier-cell-empty-restow'), { target: { value: '3' } });

    expect(within(table).getByTestId('tier-subtotal-full').textContent).toBe('150');
    expect(within(table).getByTestId('tier-subtotal-empty').textContent).toBe('23');
    expect(within(table).getByTestId('tier-column-discharge').textContent).toBe('120');
    expect(within(table).getByTestId('tier-total').textContent).toBe('173');

    const discharge = within(row).getByTestId('cargo-discharge') as HTMLInputElement;
    expect(discharge.readOnly).toBe(true);
    expect(discharge.value).toBe('120');
    expect((within(row).getByTestId('cargo-load') as HTMLInputElement).value).toBe('50');
    expect((within(row).getByTestId('cargo-restow') as HTMLInputElement).value).toBe('3');
    expect((within(row).getByTestId('cargo-total') as HTMLInputElement).value).toBe('173');
    expect(screen.getByTestId('cargo-grand-total').textContent).toBe('Total of all rows: 173');
  });

  it('sends an equipment booking with the version and shows the server’s error at the booking', async () => {
    const { apiCalls } = renderApp(
      EDIT,
      signedIn,
      (call) =>
        call.method === 'PUT'
          ? {
              status: 400,
              body: {
                status: { status: 'VALIDATION_FAILED', message: 'bad' },
                payload: { error_code: 'VALIDATION_FAILED', errors: [{ path: 'equipment_details.0.cargo_handling_equipment_id', message: 'STS crane 1 is booked by another call' }] },
              },
            }
          : undefined,
      portcallApi({ portcall: () => makePortcall() }),
      masterDataApi,
      equipmentApi,
    );
    fireEvent.click(await screen.findByTestId('equipment-add'));
    const row = screen.getByTestId('equipment-row');
    // New bookings start with the berth window (no cargo window yet), in the terminal's time zone.
    expect((within(row).getByTestId('equipment-start') as HTMLInputElement).value).toBe('15-07-2026 10:00');
    const unit = within(row).getByTestId('equipment-unit');
    fireEvent.click(unit);
    fireEvent.click(await screen.findByRole('option', { name: 'STS crane 1 (STS-01)' }));
    fireEvent.click(screen.getByTestId('portcall-form-save'));

    await waitFor(() => expect(errorOf(within(screen.getByTestId('equipment-row')).getByTestId('equipment-unit'))).toBe('STS crane 1 is booked by another call'));
    expect(within(screen.getByTestId('portcall-form-problems')).getByRole('listitem').textContent).toBe('Booking 1: STS crane 1 is booked by another call');
    expect(writes(apiCalls())).toHaveLength(1);
    expect(writes(apiCalls())[0]?.body).toEqual({
      equipment_details: [{ cargo_handling_equipment_id: 41, start_time: '2026-07-15T08:00:00.000Z', end_time: '2026-07-16T16:00:00.000Z' }],
      version: 3,
    });
  });
});
