import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API } from '@/test/portcall-fixtures';
import { failure, renderApp, signedIn, success, TEST_USER, type TRecordedCall } from '@/test/render-app';
import { makeProvider, makeRun, terminalsApi } from '../test/voyage-fixtures';

const conflictAnswer = (current: unknown) => ({ status: 409, body: { status: { status: 'CONFLICT', message: 'stale' }, payload: { error_code: 'CONFLICT', current } } });

function centerApi(overrides: (call: TRecordedCall) => ReturnType<typeof success> | undefined = () => undefined) {
  return (call: TRecordedCall) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.path === `${API}/voyages`) return success({ items: [], meta: { page: 1, per_page: 1, total_count: 14, total_pages: 14 } });
    if (call.path === `${API}/voyage_templates`) return success({ items: [], meta: { page: 1, per_page: 1, total_count: 3, total_pages: 3 } });
    if (call.path === `${API}/schedule_providers` && call.method === 'GET') return success([makeProvider()]);
    if (call.path === `${API}/schedule_providers/runs`) return success({ items: [makeRun()], meta: { page: 1, per_page: 10, total_count: 1, total_pages: 1 } });
    return undefined;
  };
}

describe('voyage center overview', () => {
  it('shows each provider’s fetch status in the terminal’s zone and the shortcuts with counts', async () => {
    const { apiCalls } = renderApp('/en/voyage-center', signedIn, terminalsApi, centerApi());
    const gnet = await screen.findByTestId('provider-gnet');
    // 06:00 UTC in January is 07:00 in Berlin.
    expect(within(gnet).getByTestId('provider-gnet-last-success').textContent).toBe('10-01-2027 07:00');
    expect(within(gnet).getByTestId('provider-gnet-last-error').textContent).toContain('HTTP 503 from the provider');
    expect(within(gnet).getByTestId('provider-gnet-failures').textContent).toBe('1');
    expect(within(screen.getByTestId('provider-portcast')).getByTestId('provider-portcast-enabled').textContent).toBe('Not configured');
    await waitFor(() => expect(screen.getByTestId('shortcut-voyages-count').textContent).toBe('14'));
    expect(screen.getByTestId('shortcut-templates-count').textContent).toBe('3');
    expect(apiCalls().find((c) => c.path === `${API}/schedule_providers`)!.search.get('terminal_id')).toBe('1');
  });

  it('fetches one provider on demand and counts what the run changed by kind', async () => {
    const { apiCalls } = renderApp(
      '/en/voyage-center',
      signedIn,
      terminalsApi,
      centerApi((call) => (call.path === `${API}/schedule_providers/fetch_voyages` ? success(makeRun({ id: 40 })) : undefined)),
    );
    fireEvent.click(await screen.findByTestId('provider-gnet-fetch'));
    const result = await screen.findByTestId('provider-gnet-fetch-result');
    expect(result.textContent).toContain('Changes recorded: 3');
    expect(within(result).getByTestId('provider-gnet-fetch-counts-estimate').textContent).toBe('Estimate set: 2');
    expect(within(result).getByTestId('provider-gnet-fetch-counts-proposal').textContent).toBe('Proposal raised: 1');
    const post = apiCalls().find((c) => c.method === 'POST')!;
    expect(post.path).toBe(`${API}/schedule_providers/fetch_voyages`);
    expect(post.body).toEqual({ terminal_id: 1, provider: 'gnet' });
  });

  it('saves provider settings with the version and keeps stored credentials when left blank; a 409 shows the stored state', async () => {
    const newer = makeProvider({ version: 3, base_url: 'https://other.example.test', polling_interval_minutes: 30 });
    const { apiCalls } = renderApp('/en/voyage-center', signedIn, terminalsApi, centerApi((call) => (call.method === 'PUT' && call.path === `${API}/schedule_providers` ? conflictAnswer(newer) : undefined)));
    fireEvent.click(await screen.findByTestId('provider-gnet-settings-toggle'));
    const url = (await screen.findByTestId('provider-gnet-form-base-url')) as HTMLInputElement;
    expect(url.value).toBe('https://gnet.example.test');
    fireEvent.change(url, { target: { value: 'https://gnet2.example.test' } });
    fireEvent.click(screen.getByTestId('provider-gnet-form-save'));
    await screen.findByTestId('provider-gnet-form-conflict');
    const put = apiCalls().find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ terminal_id: 1, provider: 'gnet', base_url: 'https://gnet2.example.test', polling_interval_minutes: 60, proposal_threshold_minutes: 60, is_enabled: true, version: 2 });
    expect((screen.getByTestId('provider-gnet-form-base-url') as HTMLInputElement).value).toBe('https://other.example.test');
  });

  it('uploads a schedule file as text and shows the field problems of a 400', async () => {
    const { apiCalls, container } = renderApp(
      '/en/voyage-center',
      signedIn,
      terminalsApi,
      centerApi((call) =>
        call.path === `${API}/schedule_providers/upload`
          ? { status: 400, body: { status: { status: 'VALIDATION_FAILED', message: 'bad' }, payload: { error_code: 'VALIDATION_FAILED', errors: [{ path: 'content.line 3', message: 'Unknown UN/LOCODE XXABC' }] } } }
          : undefined,
      ),
    );
    await screen.findByTestId('schedule-upload');
    const input = container.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['carrier,service\nBAL,AE7\n'], 'ae7.csv', { type: 'text/csv' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(await screen.findByTestId('schedule-upload-submit'));
    const problems = await screen.findByTestId('schedule-upload-problems');
    expect(problems.textContent).toContain('content.line 3: Unknown UN/LOCODE XXABC');
    const post = apiCalls().find((c) => c.path === `${API}/schedule_providers/upload`)!;
    expect(post.body).toEqual({ terminal_id: 1, format: 'csv', source: 'manual', content: 'carrier,service\nBAL,AE7\n' });
  });

  it('lists the recent runs and opens one to what it changed, with links to voyage and port call', async () => {
    renderApp('/en/voyage-center', signedIn, terminalsApi, centerApi());
    const run = await screen.findByTestId('sync-run');
    expect(within(run).getByTestId('sync-run-outcome').textContent).toBe('Succeeded');
    fireEvent.click(within(run).getByTestId('sync-run-toggle'));
    const changes = await within(run).findAllByTestId('sync-change');
    expect(changes).toHaveLength(3);
    expect(within(changes[0]!).getByTestId('sync-change-values').textContent).toBe('20-01-2027 07:00 → 20-01-2027 08:00');
    expect(within(changes[2]!).getByTestId('sync-change-voyage').getAttribute('href')).toBe('/en/voyage-center/voyages/edit?id=13');
    expect(within(changes[2]!).getByTestId('sync-change-portcall').getAttribute('href')).toBe('/en/portcall-planner/details?id=6');
  });

  it('offers a vessel operator no provider settings, fetch or upload, and never asks for them', async () => {
    const vesselUser = (call: TRecordedCall) => (call.path === `${API}/user_details` ? success({ ...TEST_USER, user_type: 'vessel_operator', organisation_id: 3 }) : undefined);
    const { apiCalls } = renderApp('/en/voyage-center', vesselUser, terminalsApi, centerApi());
    await waitFor(() => expect(screen.getByTestId('shortcut-voyages-count').textContent).toBe('14'));
    expect(screen.queryByTestId('schedule-providers')).toBeNull();
    expect(screen.queryByTestId('schedule-upload')).toBeNull();
    expect(screen.queryByTestId('sync-runs')).toBeNull();
    expect(apiCalls().some((c) => c.path.startsWith(`${API}/schedule_providers`))).toBe(false);
  });

  it('says so when the providers cannot be loaded', async () => {
    renderApp('/en/voyage-center', signedIn, terminalsApi, centerApi((call) => (call.path === `${API}/schedule_providers` ? failure(500, 'INTERNAL_ERROR') : undefined)));
    expect(await screen.findByText('The schedule providers could not be loaded.')).toBeTruthy();
  });
});
