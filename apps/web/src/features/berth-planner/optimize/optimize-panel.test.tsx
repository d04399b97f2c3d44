import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TOptimizeResult } from '@quayline/domain';
import { AppProvider } from '@/app/provider';
import { createI18n, type TTranslationTree } from '@/lib/i18n';
import { type TFakeResponse, type TRecordedCall, failure, success } from '@/test/render-app';
import en from '../../../../../server/src/modules/translations/locales/en.json';
import { OptimizePanel } from './optimize-panel';

const TERMINAL = 3;
const draftAfter = { terminal_id: TERMINAL, version: 5, changes: [], frozen_portcall_ids: [], can_undo: true, can_redo: false, updated_at: '2027-05-01T10:00:00.000Z' };

const RESULT: TOptimizeResult = {
  draft: draftAfter,
  moves: [
    {
      portcall_id: 11,
      vessel_name: 'NORDIC STAR',
      from: { berth_arrival: '2027-05-03T06:00:00.000Z', berth_departure: '2027-05-04T06:00:00.000Z', berth_start_position: 0, berth_end_position: 210 },
      to: { berth_arrival: '2027-05-03T06:00:00.000Z', berth_departure: '2027-05-04T06:00:00.000Z', berth_start_position: 450, berth_end_position: 660 },
      shift_hours: 0,
      shift_metres: 450,
    },
    {
      portcall_id: 12,
      vessel_name: 'BALTIC DAWN',
      from: { berth_arrival: '2027-05-03T06:00:00.000Z', berth_departure: '2027-05-04T06:00:00.000Z', berth_start_position: 0, berth_end_position: 210 },
      to: { berth_arrival: '2027-05-04T06:00:00.000Z', berth_departure: '2027-05-05T06:00:00.000Z', berth_start_position: 0, berth_end_position: 210 },
      shift_hours: 24,
      shift_metres: 0,
    },
  ],
  unplaced: [],
  figures: {
    before: { total_waiting_hours: 0, clashes: 3, on_requested_time: 3, quay_utilisation: 0.2, calls_without_place: 1 },
    after: { total_waiting_hours: 24, clashes: 0, on_requested_time: 2, quay_utilisation: 0.18, calls_without_place: 0 },
    fcfs: { total_waiting_hours: 24, clashes: 0, on_requested_time: 2, quay_utilisation: 0.18, calls_without_place: 0 },
  },
  objective: { total: 99, terms: { waiting: { value: 24, unit: 'weighted hours', weight: 1, cost: 24 } } },
  iterations: 1234,
  elapsed_ms: 1000,
};

function renderPanel(handler: (call: TRecordedCall) => TFakeResponse | undefined | Promise<TFakeResponse>) {
  const calls: TRecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const parsed = new URL(href, 'http://localhost');
      const call: TRecordedCall = { method: init?.method ?? 'GET', url: href, path: parsed.pathname, search: parsed.searchParams, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined, headers: {} };
      calls.push(call);
      const answer = (await handler(call)) ?? failure(404, 'NOT_FOUND');
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  const onClose = vi.fn();
  const onApplied = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <AppProvider queryClient={queryClient} i18n={createI18n({ locale: 'en', translation: en as TTranslationTree })} env="test">
      <OptimizePanel terminalId={TERMINAL} windowStart="2027-05-01T00:00:00.000Z" windowEnd="2027-05-08T00:00:00.000Z" opened onClose={onClose} onApplied={onApplied} />
    </AppProvider>,
  );
  const sent = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === `/api/portal/v1${path}`);
  return { onClose, onApplied, sent };
}

const server = (call: TRecordedCall): TFakeResponse | undefined => {
  if (call.method === 'GET' && call.path.endsWith('/draft_portcalls')) return success({ ...draftAfter, version: 4, can_undo: false });
  if (call.method === 'POST' && call.path.endsWith('/berth_plan/optimize')) return success(RESULT);
  if (call.method === 'PUT' && call.path.endsWith('/draft_portcalls/update_draft_portcalls')) return success({ ...draftAfter, version: 6 });
  if (call.method === 'POST' && call.path.endsWith('/draft_portcalls/undo')) return success({ ...draftAfter, version: 6, can_undo: false });
  if (call.path.endsWith('/terminals')) return success([{ id: TERMINAL, time_zone: 'UTC' }]);
  return undefined;
};

async function runOptimizer() {
  fireEvent.click(await screen.findByTestId('optimize-run'));
  return screen.findByTestId('optimize-figures');
}

describe('OptimizePanel', () => {
  it('runs on the current draft version and shows the figures before and after', async () => {
    const { sent } = renderPanel(server);
    fireEvent.change(screen.getByTestId('optimize-seconds'), { target: { value: '12' } });
    const figures = await runOptimizer();
    expect(sent('POST', '/berth_plan/optimize')[0]!.body).toEqual({ terminal_id: TERMINAL, window_start: '2027-05-01T00:00:00.000Z', window_end: '2027-05-08T00:00:00.000Z', seconds: 12, version: 4 });
    const clashes = within(figures).getByText('Clashes').closest('tr')!;
    expect(within(clashes).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Clashes', '3', '0']);
    const waiting = within(figures).getByText('Total waiting (hours)').closest('tr')!;
    expect(within(waiting).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Total waiting (hours)', '0.0', '24.0']);
    expect(within(figures).getByText('Quay utilisation').closest('tr')!.textContent).toContain('18.0 %');
    expect(screen.getAllByTestId('optimize-move').map((row) => row.getAttribute('data-portcall-id'))).toEqual(['11', '12']);
  });

  it('accepting the selection sends the original place of each unchecked call only', async () => {
    const { sent, onApplied } = renderPanel(server);
    await runOptimizer();
    const row = screen.getAllByTestId('optimize-move').find((r) => r.getAttribute('data-portcall-id') === '12')!;
    fireEvent.click(within(row).getByTestId('optimize-move-toggle'));
    fireEvent.click(screen.getByTestId('optimize-accept-selected'));
    await waitFor(() => expect(onApplied).toHaveBeenCalled());
    expect(sent('PUT', '/draft_portcalls/update_draft_portcalls').map((c) => c.body)).toEqual([{ terminal_id: TERMINAL, version: 5, changes: [{ portcall_id: 12, ...RESULT.moves[1]!.from }] }]);
    expect(sent('POST', '/draft_portcalls/undo')).toEqual([]);
  });

  it('accepting all keeps the draft as written', async () => {
    const { sent, onApplied } = renderPanel(server);
    await runOptimizer();
    fireEvent.click(screen.getByTestId('optimize-accept-all'));
    expect(onApplied).toHaveBeenCalled();
    expect(sent('PUT', '/draft_portcalls/update_draft_portcalls')).toEqual([]);
  });

  it('discarding undoes the optimization step and closes', async () => {
    const { sent, onClose } = renderPanel(server);
    await runOptimizer();
    fireEvent.click(screen.getByTestId('optimize-discard'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent('POST', '/draft_portcalls/undo').map((c) => c.body)).toEqual([{ terminal_id: TERMINAL, version: 5 }]);
  });

  it('shows a progress bar over the time budget while the request runs', async () => {
    let answer: (response: TFakeResponse) => void = () => {};
    const pending = new Promise<TFakeResponse>((resolve) => (answer = resolve));
    renderPanel((call) => (call.path.endsWith('/berth_plan/optimize') ? pending : server(call)));
    fireEvent.click(await screen.findByTestId('optimize-run'));
    expect(await screen.findByTestId('optimize-progress')).toBeTruthy();
    answer(success(RESULT));
    await screen.findByTestId('optimize-figures');
    expect(screen.queryByTestId('optimize-progress')).toBeNull();
  });

  it('says so when the sandbox changed meanwhile', async () => {
    renderPanel((call) => (call.path.endsWith('/berth_plan/optimize') ? failure(409, 'CONFLICT') : server(call)));
    fireEvent.click(await screen.findByTestId('optimize-run'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/changed in another window/);
  });
});
