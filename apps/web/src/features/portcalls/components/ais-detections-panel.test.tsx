import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TAisDetection } from '@quayline/domain';
import { API, makePortcall, portcallApi, signedInAs } from '@/test/portcall-fixtures';
import { renderApp, signedIn, success, type THandler } from '@/test/render-app';

const proposed: TAisDetection = {
  id: 41,
  portcall_id: 5,
  time_type: 'berth_arrival',
  date_time: '2026-07-15T12:10:00.000Z',
  source: 'ais_berth_arrival',
  status: 'proposed',
  detected_at: '2026-07-15T12:14:00.000Z',
  decided_at: null,
};
const applied: TAisDetection = { ...proposed, id: 40, time_type: 'pilot_boarding_place_arrival', source: 'ais_pilot_boarding_place_arrival', status: 'applied', date_time: '2026-07-15T06:30:00.000Z' };

const detectionsApi = (list: () => TAisDetection[]): THandler => (call) => (call.method === 'GET' && call.path === `${API}/portcalls/5/ais_detections` ? success(list()) : undefined);

describe('AIS detected times on the port-call details', () => {
  it('is not shown when AIS detected nothing', async () => {
    renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall() }), detectionsApi(() => []));
    await screen.findByTestId('screen-portcall_planner_view');
    await waitFor(() => expect(screen.queryByTestId('ais-detections')).toBeNull());
  });

  it('applies a proposed time with the call’s version, and shows the other person’s state on a 409', async () => {
    let version = 3;
    const decisions: { path: string; body: unknown }[] = [];
    const decide: THandler = (call) => {
      if (call.method !== 'POST' || !call.path.startsWith(`${API}/ais_detections/`)) return undefined;
      decisions.push({ path: call.path, body: call.body });
      if (decisions.length === 1) {
        version = 4;
        return success(makePortcall({ version: 4, status: 'Berthed' }));
      }
      return {
        status: 409,
        body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current: makePortcall({ version: 6, status: 'Departed', berth_arrival: '2026-07-15T12:00:00.000Z' }) } },
      };
    };
    renderApp('/en/portcall-planner/details?id=5', signedIn, portcallApi({ portcall: () => makePortcall({ version }) }), detectionsApi(() => [applied, proposed]), decide);
    const panel = await screen.findByTestId('ais-detections');
    const rows = within(panel).getAllByTestId('ais-detection');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['applied', 'proposed']);
    expect(rows[1]!.textContent).toContain('Berth arrival');
    expect(rows[1]!.textContent).toContain('15-07-2026 14:10');
    expect(within(rows[0]!).queryByTestId('ais-detection-apply')).toBeNull();

    fireEvent.click(within(rows[1]!).getByTestId('ais-detection-apply'));
    await waitFor(() => expect(decisions).toEqual([{ path: `${API}/ais_detections/41/apply`, body: { version: 3 } }]));
    await waitFor(() => expect(screen.getByTestId('screen-portcall_planner_view').getAttribute('data-version')).toBe('4'));

    fireEvent.click(within(screen.getAllByTestId('ais-detection')[1]!).getByTestId('ais-detection-dismiss'));
    const conflict = await screen.findByTestId('ais-detection-conflict');
    expect(decisions[1]).toEqual({ path: `${API}/ais_detections/41/dismiss`, body: { version: 4 } });
    expect(within(conflict).getAllByTestId('ais-detection-conflict-theirs').map((c) => c.textContent)).toEqual(['Departed', '15-07-2026 14:00']);
    fireEvent.click(within(conflict).getByTestId('ais-detection-conflict-load-latest'));
    await waitFor(() => expect(screen.getByTestId('screen-portcall_planner_view').getAttribute('data-version')).toBe('6'));
  });

  it('shows no buttons to vessel operators', async () => {
    renderApp('/en/portcall-planner/details?id=5', signedInAs({ user_type: 'vessel_operator', organisation_id: 201 }), portcallApi({ portcall: () => makePortcall() }), detectionsApi(() => [proposed]));
    const panel = await screen.findByTestId('ais-detections');
    expect(within(panel).queryByTestId('ais-detection-apply')).toBeNull();
    expect(within(panel).getByTestId('ais-detection').textContent).toContain('Proposed');
  });
});
