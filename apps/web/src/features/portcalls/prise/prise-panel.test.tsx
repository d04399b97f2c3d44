import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makePortcall, portcallApi, signedInAs } from '@/test/portcall-fixtures';
import { installFakeWebSocket, type FakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signedIn, success, type THandler } from '@/test/render-app';
import { makeNotice, noticeApi, type TNoticeApi } from './prise-test-fixtures';

const URL = '/en/portcall-planner/details?id=5';
const call = () => portcallApi({ portcall: () => makePortcall() });
const panel = () => screen.findByTestId('prise-panel');
const missingFields = (root: HTMLElement) => within(root).queryAllByTestId('prise-missing-field').map((b) => b.textContent);

describe('PRISE panel on the port-call details', () => {
  let latestSocket: () => FakeWebSocket;
  beforeEach(() => {
    latestSocket = installFakeWebSocket();
  });

  it('names what PRISE still misses, flags a late large vessel and keeps submit disabled with the reason', async () => {
    const state: TNoticeApi = {
      notice: makeNotice({ missing: ['vessel_call_sign', 'draft_outbound', 'dangerous_goods', 'persons_on_board'], flags: { late: true, large_vessel: true } }),
      writes: [],
    };
    renderApp(URL, signedIn, call(), noticeApi(state));
    const root = await panel();
    expect(missingFields(root)).toEqual(['Call sign', 'Draft out', 'Dangerous goods', 'Persons on board']);
    expect(within(root).getByText(/come from the vessel's record/)).toBeTruthy();
    expect(within(root).getByTestId('prise-edit-call').getAttribute('href')).toBe('/en/portcall-planner/portcall/edit?id=5');
    // The deadline as an absolute time with how long ago it passed; NTC spelled out.
    expect(within(root).getByTestId('prise-due').textContent).toMatch(/^Late: was due by 14-07-2026 04:00, (\d+ d \d+ h|\d+ h \d\d min) ago$/);
    expect(within(root).getByTestId('prise-flag-large').textContent).toBe('Large vessel: Nautical Terminal Coordination (NTC)');
    // A missing call field is a link to that field of the call's form; vessel and notice fields are not.
    const draftOut = within(root).getAllByTestId('prise-missing-field').find((b) => b.dataset.field === 'draft_outbound')!;
    expect(draftOut.getAttribute('href')).toBe('/en/portcall-planner/portcall/edit?id=5&focus=field-draft-outbound');
    expect(within(root).getAllByTestId('prise-missing-field').find((b) => b.dataset.field === 'vessel_call_sign')!.getAttribute('href')).toBeNull();
    expect(within(root).getByTestId('prise-authority-status').textContent).toBe('Port authority: Draft');
    expect(within(root).getByTestId('prise-status-badge').textContent).toBe('Information required');
    expect((within(root).getByTestId('prise-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(within(root).getByTestId('prise-submit-blocked').textContent).toBe('Submit once everything PRISE needs is filled in.');
    // What will be sent, from the notice's content.
    expect(within(root).getByTestId('prise-summary-berth').textContent).toContain('Berth 1, 20–220 m on the quay');
    expect(within(root).getByTestId('prise-summary-ports').textContent).toContain('NLRTM → PLGDN');
    expect(within(root).getByTestId('prise-summary-eta').textContent).toContain('15-07-2026 04:00 · Elbe 1');
    expect(state.writes).toEqual([]);
  });

  it('after a draft rejection says what to change, links each step to its field and steps back from an unchanged resend', async () => {
    const rejected = makeNotice({
      port_authority_status: 'rejected',
      prise_status: 'prise_rejected',
      prise_code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT',
      prise_message: 'Draft 15.60 m exceeds the channel limit (14.10 m + at most 0.90 m tide = 15.00 m).',
      missing: [],
      can_edit: true,
      can_submit: true,
      changed_since_sent: [],
    });
    renderApp(URL, signedIn, call(), noticeApi({ notice: rejected, writes: [] }));
    const root = await panel();
    expect(within(root).queryByTestId('prise-complete')).toBeNull();
    expect(within(root).getByTestId('prise-complete-but-rejected')).toBeTruthy();
    const steps = within(root).getAllByTestId('prise-next-step-item').map((i) => i.dataset.step);
    expect(steps).toEqual(['draft', 'tide', 'ntc']);
    expect(within(root).getByTestId('prise-next-link-draft').getAttribute('href')).toBe('/en/portcall-planner/portcall/edit?id=5&focus=field-draft-inbound');
    expect(within(root).getByTestId('prise-next-link-tide').getAttribute('href')).toBe('/en/portcall-planner/portcall/edit?id=5&focus=field-pilot-arrival');
    expect(within(root).getByTestId('prise-submit').dataset.unchanged).toBe('true');
    expect(within(root).getByTestId('prise-submit-unchanged').textContent).toBe('Sent unchanged, the notice will be rejected again.');
  });

  it('warns before sending of a pilot time after the berth arrival and of a draft AIS contradicts, with a link to correct them', async () => {
    const odd = makePortcall({ pilot_boarding_place_arrival: '2026-07-15T09:00:00.000Z', draft_inbound: 15.6, draft_outbound: 14.8 });
    const ais: THandler = (c) => (c.path.endsWith('/ais/vessel_characteristics') ? success({ vessel_id: 101, mmsi: null, imo_number: '9085778', name: null, call_sign: null, ship_type: null, ship_type_group: null, length_m: null, beam_m: null, draught_m: 14.2, destination: null, reported_eta: null, received_at: null, filled_fields: [] }) : undefined);
    renderApp(URL, signedIn, ais, portcallApi({ portcall: () => odd }), noticeApi({ notice: makeNotice({ missing: [], can_edit: true, can_submit: true }), writes: [] }));
    const root = await panel();
    const warning = await within(root).findByTestId('prise-plausibility');
    expect(warning.textContent).toContain('Check before sending');
    expect(warning.textContent).toContain('Pilot boarding 15-07-2026 11:00 is after the berth arrival 15-07-2026 10:00');
    await waitFor(() => expect(warning.textContent).toContain('AIS draught 14.20 m differs from the declared 15.60 m'));
    expect(within(warning).getByTestId('prise-plausibility-edit').getAttribute('href')).toBe('/en/portcall-planner/portcall/edit?id=5');
  });

  it('raises no warning in the panel over figures that agree', async () => {
    renderApp(URL, signedIn, call(), noticeApi({ notice: makeNotice(), writes: [] }));
    const root = await panel();
    expect(within(root).queryByTestId('prise-plausibility')).toBeNull();
  });

  it('saves dangerous goods and persons on board with the version, then submits the notice', async () => {
    const state: TNoticeApi = { notice: makeNotice(), writes: [] };
    renderApp(
      URL,
      signedIn,
      call(),
      noticeApi(state, (write) => {
        if (write.method === 'PUT') {
          const body = write.body as { dangerous_goods: boolean; persons_on_board: number };
          state.notice = makeNotice({
            version: 2,
            missing: [],
            prise_status: null,
            can_submit: true,
            content: { ...state.notice.content, dangerous_goods: body.dangerous_goods, persons_on_board: body.persons_on_board },
          });
          return success(state.notice);
        }
        state.notice = {
          ...state.notice,
          version: 3,
          port_authority_status: 'submitted',
          prise_status: 'prise_sent',
          can_edit: false,
          can_submit: false,
          submitted_at: '2026-07-13T10:00:00.000Z',
          submitted_by: 'Ada Lovelace',
          history: [{ at: '2026-07-13T10:00:00.000Z', event: 'submitted', creator_type: 'user', system_kind: null, by: 'Ada Lovelace', acting_for: null, prise_status: 'prise_sent', message: null, code: null, changed: null }],
        };
        return success(state.notice);
      }),
    );
    const root = await panel();
    expect((within(root).getByTestId('prise-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(root).getByLabelText('Yes'));
    fireEvent.change(within(root).getByLabelText('Persons on board'), { target: { value: '23' } });
    fireEvent.click(within(root).getByTestId('prise-save'));
    await within(root).findByTestId('prise-saved');
    expect(state.writes.map((w) => [w.method, w.body])).toEqual([['PUT', { version: 1, dangerous_goods: true, persons_on_board: 23 }]]);
    expect(within(root).getByTestId('prise-complete')).toBeTruthy();
    expect(within(root).getByTestId('prise-summary-dg').textContent).toContain('Yes');
    expect(within(root).getByTestId('prise-summary-pob').textContent).toContain('23');

    const submit = within(root).getByTestId('prise-submit') as HTMLButtonElement;
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(within(root).getByTestId('prise-authority-status').textContent).toBe('Port authority: Submitted'));
    expect(state.writes[1]).toMatchObject({ method: 'POST', path: '/api/portal/v1/portcalls/5/prise_notice/submit', body: { version: 2 } });
    expect(within(root).getByTestId('prise-submit-blocked').textContent).toBe("Sent: waiting for the port authority's answer.");
    // Locked while with the port authority, but this is still the terminal's notice: no read-only note, no inputs.
    expect(within(root).queryByTestId('prise-read-only')).toBeNull();
    expect(within(root).queryByTestId('prise-form')).toBeNull();
    expect(within(root).getByTestId('prise-history-who').textContent).toBe('Ada Lovelace');
  });

  it('keeps typed details unsaved-guarded: submit waits until they are saved', async () => {
    const state: TNoticeApi = { notice: makeNotice({ missing: [], prise_status: null, can_submit: true, content: { ...makeNotice().content, dangerous_goods: false, persons_on_board: 20 } }), writes: [] };
    renderApp(URL, signedIn, call(), noticeApi(state));
    const root = await panel();
    expect((within(root).getByTestId('prise-submit') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(within(root).getByLabelText('Persons on board'), { target: { value: '21' } });
    await waitFor(() => expect((within(root).getByTestId('prise-submit') as HTMLButtonElement).disabled).toBe(true));
    expect(within(root).getByTestId('prise-submit-blocked').getAttribute('data-reason')).toBe('unsaved');
  });

  it('shows what someone else stored when the save meets a newer version, and loads it', async () => {
    const theirs = makeNotice({ version: 4, content: { ...makeNotice().content, dangerous_goods: false, persons_on_board: 19 } });
    const state: TNoticeApi = { notice: makeNotice(), writes: [] };
    renderApp(URL, signedIn, call(), noticeApi(state, () => ({ status: 409, body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current: theirs } } })));
    const root = await panel();
    fireEvent.click(within(root).getByLabelText('Yes'));
    fireEvent.change(within(root).getByLabelText('Persons on board'), { target: { value: '23' } });
    fireEvent.click(within(root).getByTestId('prise-save'));
    const conflict = await within(root).findByTestId('prise-conflict');
    expect(within(conflict).getAllByTestId('prise-conflict-theirs').map((c) => c.textContent)).toEqual(['No', '19', 'Information required']);
    fireEvent.click(within(conflict).getByTestId('prise-conflict-load-latest'));
    await waitFor(() => expect(within(root).queryByTestId('prise-conflict')).toBeNull());
    expect((within(root).getByLabelText('Persons on board') as HTMLInputElement).value).toBe('19');
    expect((within(root).getByLabelText('No') as HTMLInputElement).checked).toBe(true);
    expect(root.querySelector('[data-version]')?.getAttribute('data-version')).toBe('4');
  });

  it('names the missing fields when the port authority refuses the submit (400)', async () => {
    const state: TNoticeApi = { notice: makeNotice({ missing: [], prise_status: null, can_submit: true, content: { ...makeNotice().content, dangerous_goods: true, persons_on_board: 20 } }), writes: [] };
    renderApp(
      URL,
      signedIn,
      call(),
      noticeApi(state, () => ({
        status: 400,
        body: {
          status: { status: 'VALIDATION_FAILED', message: 'incomplete' },
          payload: {
            error_code: 'VALIDATION_FAILED',
            errors: [
              { path: 'next_port', message: 'Next port is required for the PRISE notice' },
              { path: 'berth_position', message: 'Berth position is required for the PRISE notice' },
            ],
          },
        },
      })),
    );
    const root = await panel();
    fireEvent.click(within(root).getByTestId('prise-submit'));
    const error = await within(root).findByTestId('prise-submit-error');
    expect(error.textContent).toContain('The notice was not sent. The port authority needs:');
    expect(within(error).getAllByTestId('prise-submit-error-field').map((f) => f.textContent)).toEqual(['Next port', 'Position on the quay']);
  });

  it('shows the port authority’s answer as soon as portcall.updated arrives for the call, without reload', async () => {
    const sent = makeNotice({
      version: 3,
      missing: [],
      port_authority_status: 'submitted',
      prise_status: 'prise_sent',
      submitted_at: '2026-07-13T10:00:00.000Z',
      submitted_by: 'Ada Lovelace',
      content: { ...makeNotice().content, dangerous_goods: false, persons_on_board: 21 },
      history: [{ at: '2026-07-13T10:00:00.000Z', event: 'submitted', creator_type: 'user', system_kind: null, by: 'Ada Lovelace', acting_for: 'Inés Moreno', prise_status: 'prise_sent', message: null, code: null, changed: null }],
    });
    const state: TNoticeApi = { notice: sent, writes: [] };
    const { calls } = renderApp(URL, signedIn, call(), noticeApi(state));
    const root = await panel();
    expect(within(root).queryByTestId('prise-answer')).toBeNull();
    expect(within(root).getByTestId('prise-history-who').textContent).toBe('Ada Lovelace for Inés Moreno');

    state.notice = {
      ...sent,
      version: 4,
      port_authority_status: 'approved',
      prise_status: 'prise_partially_accepted',
      prise_message: 'Passage granted in a shifted window',
      prise_code: 'WINDOW_SHIFTED',
      reference: 'PA-0042',
      answered_at: '2026-07-13T10:00:03.000Z',
      accepted_window: { from: '2026-07-15T04:00:00.000Z', to: '2026-07-15T06:00:00.000Z' },
      history: [
        ...sent.history,
        { at: '2026-07-13T10:00:03.000Z', event: 'partially_approved', creator_type: 'automated', system_kind: 'pcs', by: null, acting_for: null, prise_status: 'prise_partially_accepted', message: 'Passage granted in a shifted window', code: 'WINDOW_SHIFTED', changed: null },
      ],
    };
    const asked = () => calls.filter((c) => c.method === 'GET' && c.path.endsWith('/portcalls/5/prise_notice')).length;
    const before = asked();
    const socket = latestSocket();
    socket.open();
    await waitFor(() => expect(socket.sent.some((m) => m.channel === 'Terminal.1')).toBe(true));
    // Another call's event leaves this notice alone.
    socket.emit('Terminal.1', 1, 'portcall.updated', { portcall_id: 6, field: 'prise_status' });
    socket.emit('Terminal.1', 2, 'portcall.updated', { portcall_id: 5, version: 3, field: 'prise_status' });
    const answer = await within(root).findByTestId('prise-answer');
    expect(asked()).toBe(before + 1);
    expect(within(answer).getByTestId('prise-answer-message').textContent).toBe('Passage granted in a shifted window');
    expect(within(answer).getByTestId('prise-answer-window').textContent).toBe('Granted passage window: 15-07-2026 06:00 – 15-07-2026 08:00');
    expect(within(answer).getByTestId('prise-answer-details').textContent).toContain('Code WINDOW_SHIFTED · Reference PA-0042');
    expect(answer.textContent).toContain('Answer of the port authority: Approved');
    expect(within(root).queryByTestId('prise-submit')).toBeNull();
    // Partially accepted is shown as accepted.
    expect(within(root).getByTestId('prise-status-badge').textContent).toBe('Accepted');
    expect(within(root).getAllByTestId('prise-history-who').map((w) => w.textContent)).toEqual(['Port authority', 'Ada Lovelace for Inés Moreno']);
  });

  it('is read-only for a vessel operator: no inputs, no submit', async () => {
    const state: TNoticeApi = { notice: makeNotice({ can_edit: false, can_submit: false }), writes: [] };
    renderApp(URL, signedInAs({ user_type: 'vessel_operator', organisation_id: 201 }), call(), noticeApi(state));
    const root = await panel();
    expect(within(root).getByTestId('prise-read-only')).toBeTruthy();
    expect(missingFields(root)).toEqual(['Dangerous goods', 'Persons on board']);
    expect(within(root).queryByTestId('prise-form')).toBeNull();
    expect(within(root).queryByTestId('prise-submit')).toBeNull();
    expect(within(root).queryByTestId('prise-edit-call')).toBeNull();
    expect(within(root).queryByRole('textbox')).toBeNull();
  });

  it('shows nothing where PRISE does not apply', async () => {
    const state: TNoticeApi = { notice: makeNotice({ applicable: false, missing: [] }), writes: [] };
    const { calls } = renderApp(URL, signedIn, call(), noticeApi(state));
    await screen.findByTestId('screen-portcall_planner_view');
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/prise_notice'))).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('prise-panel')).toBeNull());
    expect(screen.queryByTestId('prise-load-failed')).toBeNull();
  });
});
