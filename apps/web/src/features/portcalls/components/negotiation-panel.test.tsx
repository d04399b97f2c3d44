import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { legalActions, type TPortcall } from '@quayline/domain';
import { failure, renderApp, signedIn, success } from '@/test/render-app';
import { API, makePortcall, makeStep, portcallApi, REQUESTED_CHAIN, signedInAs } from '@/test/portcall-fixtures';
import { timeStateOf } from '../utils/time-state';
import de from '../../../../../server/src/modules/translations/locales/de.json';

const DELAY_REASONS = [
  { id: 1, terminal_id: 1, code: 'BER', name: 'Waiting for a free berth', names: { de: 'Warten auf einen freien Liegeplatz' }, is_active: true, version: 1 },
  { id: 2, terminal_id: 1, code: 'STR', name: 'Strike', names: { de: 'Streik' }, is_active: false, version: 2 },
  { id: 3, terminal_id: 1, code: 'WEA', name: 'Bad weather', names: { de: 'Schlechtes Wetter' }, is_active: true, version: 1 },
];
const delayReasonsApi = (call: { method: string; path: string; search: URLSearchParams }) =>
  call.method === 'GET' && call.path === `${API}/delay_reasons` && call.search.get('terminal_id') === '1' ? success(DELAY_REASONS) : undefined;

/** Types into the searchable picker and chooses the option by its shown text. */
async function pickDelayReason(search: string, option: string) {
  const picker = screen.getByTestId('negotiation-delay-code') as HTMLInputElement;
  await waitFor(() => expect(picker.disabled).toBe(false));
  fireEvent.click(picker);
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

const DETAILS = '/en/portcall-planner/details?id=5';
const AGENT = { user_type: 'agent' as const, organisation_id: 301, organisation_name: 'Elbe Ship Agency GmbH' };

function offeredButtons(time: string): string[] {
  const group = screen.queryByTestId(`negotiation-${time}-actions`);
  return group ? within(group).getAllByRole('button').map((b) => b.getAttribute('data-action')!) : [];
}

describe('negotiation panel', () => {
  it('offers the terminal exactly the legal answers to a vessel-side request', async () => {
    const portcall = makePortcall();
    renderApp(DETAILS, signedIn, portcallApi({ portcall: () => portcall }));
    await screen.findByTestId('negotiation-berth_arrival-actions');

    const expected = legalActions(timeStateOf(portcall, 'berth_arrival', REQUESTED_CHAIN), 'terminal');
    expect(expected).toEqual(['propose', 'accept', 'reject', 'actual', 'cancel']);
    expect(offeredButtons('berth_arrival')).toEqual(expected);
    expect(offeredButtons('berth_departure')).toEqual(legalActions(timeStateOf(portcall, 'berth_departure', REQUESTED_CHAIN), 'terminal'));
    // The request waits for the terminal: it is the terminal's turn.
    expect(screen.getByTestId('negotiation-berth_arrival-your-turn')).toBeTruthy();
    // Pilot times have no boarding place yet: only an estimate is possible, and the screen says why.
    expect(offeredButtons('pilot_boarding_place_arrival')).toEqual(['estimate']);
    expect(screen.getByTestId('negotiation-berth_arrival-value').textContent).toBe('15-07-2026 10:00');
    // The vessel type by its name, not its code.
    expect(screen.getByTestId('summary-vessel-type').textContent).toBe('Container ship');
  });

  it('keeps each time\u2019s own steps under it: the last one shown, the earlier ones on demand, next to the actions', async () => {
    const chain = [
      ...REQUESTED_CHAIN,
      makeStep({ time: 'berth_arrival', action: 'propose', party: 'terminal', label: 'planned', change_label: 'proposed', date_time: '2026-07-15T12:00:00.000Z', created_by: { id: 3, name: 'Hanna Kruse', user_type: 'terminal_operator' }, created_at: '2026-07-02T09:30:00.000Z' }),
      makeStep({ time: 'berth_arrival', action: 'accept', party: 'vessel_side', label: 'accepted', change_label: 'created', date_time: '2026-07-15T12:00:00.000Z', remark: 'Fine for us', created_at: '2026-07-02T10:00:00.000Z' }),
    ];
    renderApp(DETAILS, signedIn, portcallApi({ portcall: () => makePortcall(), chain: () => chain }));
    const history = await screen.findByTestId('negotiation-berth_arrival-history');
    // It sits in the time's own block of the negotiation panel, not in a table further down.
    expect(screen.getByTestId('negotiation-berth_arrival').contains(history)).toBe(true);
    expect(history.dataset.steps).toBe('3');
    const shown = () => within(history).getAllByTestId('time-history-step').map((s) => s.dataset.action);
    expect(shown()).toEqual(['accept']);
    expect(within(history).getByTestId('time-history-step').textContent).toContain('Fine for us');
    const toggle = within(history).getByTestId('negotiation-berth_arrival-history-toggle');
    expect(toggle.textContent).toBe('Show 2 earlier steps');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(shown()).toEqual(['request', 'propose', 'accept']);
    expect(within(history).getAllByTestId('time-history-step')[1]!.textContent).toContain('by Hanna Kruse (Terminal)');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The departure shows only its own request, with nothing earlier to open.
    const departure = screen.getByTestId('negotiation-berth_departure-history');
    expect(within(departure).getAllByTestId('time-history-step').map((s) => s.dataset.action)).toEqual(['request']);
    expect(within(departure).queryByTestId('negotiation-berth_departure-history-toggle')).toBeNull();
    // A time nobody has touched has no history line.
    expect(screen.queryByTestId('negotiation-pilot_boarding_place_arrival-history')).toBeNull();
  });

  it('lets the vessel side answer a terminal proposal and nothing else, and sends accept without a time', async () => {
    let portcall = makePortcall({ berth_arrival: '2026-07-15T12:00:00.000Z', berth_arrival_state: { label: 'planned', change_label: 'proposed' } });
    const chain = [...REQUESTED_CHAIN, makeStep({ time: 'berth_arrival', action: 'propose', party: 'terminal', label: 'planned', change_label: 'proposed', date_time: '2026-07-15T12:00:00.000Z' })];
    const { apiCalls } = renderApp(
      DETAILS,
      signedInAs(AGENT),
      (call) => {
        if (call.method !== 'POST' || call.path !== `${API}/portcalls/5/negotiate`) return undefined;
        portcall = makePortcall({ ...portcall, version: 4, berth_arrival_state: { label: 'accepted', change_label: 'created' }, is_open_task: false });
        return success(portcall);
      },
      portcallApi({ portcall: () => portcall, chain: () => chain }),
    );
    await screen.findByTestId('negotiation-berth_arrival-actions');
    expect(offeredButtons('berth_arrival')).toEqual(['request', 'accept', 'reject', 'request_cancel']);
    expect(offeredButtons('berth_arrival')).toEqual(legalActions(timeStateOf(portcall, 'berth_arrival', chain), 'vessel_side'));
    // The departure is still the vessel side's own open request: no accepting one's own request.
    expect(offeredButtons('berth_departure')).not.toContain('accept');
    expect(offeredButtons('berth_departure')).not.toContain('propose');

    fireEvent.click(screen.getByTestId('negotiate-berth_arrival-accept'));
    const form = await screen.findByTestId('negotiation-form');
    // Accepting reuses the proposed time: no date field.
    expect(within(form).queryByTestId('negotiation-date-time')).toBeNull();
    fireEvent.change(within(form).getByTestId('negotiation-remark'), { target: { value: 'Fine for us' } });
    fireEvent.click(within(form).getByTestId('negotiation-submit'));

    await waitFor(() => expect(apiCalls().some((c) => c.method === 'POST')).toBe(true));
    expect(apiCalls().find((c) => c.method === 'POST')?.body).toEqual({ time: 'berth_arrival', action: 'accept', version: 3, remark: 'Fine for us' });
    await waitFor(() => expect(screen.getByTestId('negotiation-berth_arrival').getAttribute('data-label')).toBe('accepted'));
  });

  it('sends a proposal with the typed Berlin time as UTC, a delay reason picked by name and the current version', async () => {
    const portcall = makePortcall();
    const { apiCalls } = renderApp(
      DETAILS,
      signedIn,
      (call) => (call.method === 'POST' && call.path === `${API}/portcalls/5/negotiate` ? success(makePortcall({ version: 4 })) : undefined),
      delayReasonsApi,
      portcallApi({ portcall: () => portcall }),
    );
    fireEvent.click(await screen.findByTestId('negotiate-berth_arrival-propose'));
    const dateField = (await screen.findByTestId('negotiation-date-time')) as HTMLInputElement;
    expect(dateField.value).toBe('15-07-2026 10:00');
    fireEvent.change(dateField, { target: { value: '15-07-2026 14:30' } });
    await pickDelayReason('weather', 'WEA — Bad weather');
    fireEvent.click(screen.getByTestId('negotiation-submit'));
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'POST')).toBe(true));
    expect(apiCalls().find((c) => c.method === 'POST')?.body).toEqual({
      time: 'berth_arrival',
      action: 'propose',
      version: 3,
      date_time: '2026-07-15T12:30:00.000Z',
      delay_reason_code: 'WEA',
    });
  });

  it('offers the terminal\u2019s active delay reasons by their German names and sends the code', async () => {
    const portcall = makePortcall();
    const { apiCalls } = renderApp(
      '/de/portcall-planner/details?id=5',
      signedIn,
      (call) => (call.path === `${API}/translations/de` ? success(de) : undefined),
      (call) => (call.method === 'POST' && call.path === `${API}/portcalls/5/negotiate` ? success(makePortcall({ version: 4 })) : undefined),
      delayReasonsApi,
      portcallApi({ portcall: () => portcall }),
    );
    fireEvent.click(await screen.findByTestId('negotiate-berth_arrival-propose'));
    const picker = (await screen.findByTestId('negotiation-delay-code')) as HTMLInputElement;
    // The picker is labelled in the reader's language.
    expect(picker.labels?.[0]?.textContent).toContain('Verspätungsgrund');
    await waitFor(() => expect(picker.disabled).toBe(false));
    fireEvent.click(picker);
    // Active reasons only (the strike is switched off), each as its code and German name.
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['BER — Warten auf einen freien Liegeplatz', 'WEA — Schlechtes Wetter']);
    await pickDelayReason('wetter', 'WEA — Schlechtes Wetter');
    expect(picker.value).toBe('WEA — Schlechtes Wetter');
    fireEvent.click(screen.getByTestId('negotiation-submit'));
    await waitFor(() => expect(apiCalls().some((c) => c.method === 'POST')).toBe(true));
    expect(apiCalls().find((c) => c.method === 'POST')?.body).toMatchObject({ action: 'propose', delay_reason_code: 'WEA' });
  });

  it('names the delay reason next to its code in the chain, and keeps a code from outside the list bare', async () => {
    const chain = [
      ...REQUESTED_CHAIN,
      makeStep({ id: 91, time: 'berth_arrival', action: 'propose', party: 'terminal', label: 'planned', change_label: 'proposed', date_time: '2026-07-15T12:00:00.000Z', delay_reason_code: 'WEA' }),
      makeStep({ id: 92, time: 'berth_departure', action: 'estimate', party: 'vessel_side', label: 'estimated', change_label: 'revised', date_time: '2026-07-16T12:00:00.000Z', delay_reason_code: 'XYZ' }),
    ];
    renderApp(DETAILS, signedIn, delayReasonsApi, portcallApi({ portcall: () => makePortcall(), chain: () => chain }));
    const history = await screen.findByTestId('portcall-history');
    await waitFor(() => expect(within(history).getAllByTestId('history-delay').map((d) => d.textContent)).toEqual(['Delay WEA — Bad weather', 'Delay XYZ']));
  });

  it('shows the newer value on a version conflict instead of overwriting it', async () => {
    const portcall = makePortcall();
    const theirs: TPortcall = makePortcall({ version: 4, berth_arrival: '2026-07-15T14:00:00.000Z', berth_arrival_state: { label: 'planned', change_label: 'proposed' } });
    renderApp(
      DETAILS,
      signedIn,
      (call) =>
        call.method === 'POST' && call.path === `${API}/portcalls/5/negotiate`
          ? { status: 409, body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current: theirs } } }
          : undefined,
      portcallApi({ portcall: () => portcall }),
    );
    fireEvent.click(await screen.findByTestId('negotiate-berth_arrival-accept'));
    fireEvent.click(await screen.findByTestId('negotiation-submit'));
    const notice = await screen.findByTestId('negotiation-conflict');
    expect(within(notice).getByTestId('negotiation-conflict-theirs').textContent).toBe('15-07-2026 16:00 (Planned)');
    fireEvent.click(within(notice).getByTestId('negotiation-conflict-load-latest'));
    await waitFor(() => expect(screen.queryByTestId('negotiation-conflict')).toBeNull());
  });

  it('explains a step the server refuses from the current label (422)', async () => {
    const portcall = makePortcall();
    renderApp(DETAILS, signedIn, (call) => (call.method === 'POST' ? failure(422, 'VALIDATION_FAILED') : undefined), portcallApi({ portcall: () => portcall }));
    fireEvent.click(await screen.findByTestId('negotiate-berth_arrival-accept'));
    fireEvent.click(await screen.findByTestId('negotiation-submit'));
    expect((await screen.findByTestId('negotiation-error')).textContent).toContain('This step is no longer possible');
  });

  it('offers nothing on a cancelled call', async () => {
    const portcall = makePortcall({ status: 'Cancelled', berth_arrival_state: { label: 'cancelled', change_label: 'created' }, is_open_task: false });
    renderApp(DETAILS, signedIn, portcallApi({ portcall: () => portcall }));
    expect(await screen.findByTestId('negotiation-cancelled')).toBeTruthy();
    for (const time of ['berth_arrival', 'berth_departure', 'pilot_boarding_place_arrival', 'pilot_boarding_place_departure']) expect(offeredButtons(time)).toEqual([]);
    expect(screen.queryByTestId('portcall-edit')).toBeNull();
  });
});
