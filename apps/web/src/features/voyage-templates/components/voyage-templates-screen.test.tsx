import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedIn, success, type THandler, type TRecordedCall } from '@/test/render-app';
import { API, signedInAs } from '@/test/portcall-fixtures';
import { formatDay, zonedDay } from '@/lib/zoned-time';
import { makeTemplate, templateMasterData } from '../testing/template-fixtures';

const LIST = '/en/voyage-center/voyage-templates';
const OWN = makeTemplate();
const OTHERS = makeTemplate({ id: 13, name: 'Baltic Feeder', code: 'BF1', vessel_operator_id: 202, vessel_operator: 'Maersk A/S', recurrence: { interval_weeks: 1, exceptions: [] }, valid_to: null, generated_until: null, future_voyages: 0 });

/** Answers the list with 12 templates in all: page 1 has both fixtures, the search narrows by name. */
function templatesApi(): THandler {
  return (call: TRecordedCall) => {
    if (call.method !== 'GET' || call.path !== `${API}/voyage_templates`) return undefined;
    const q = call.search.get('q');
    const items = q ? [OWN, OTHERS].filter((t) => t.name.toLowerCase().includes(q.toLowerCase())) : [OWN, OTHERS];
    const total = q ? items.length : 12;
    return success({ items, meta: { page: Number(call.search.get('page') ?? 1), per_page: 10, total_count: total, total_pages: Math.ceil(total / 10) } });
  };
}

const cards = () => screen.getAllByTestId('template-card');
const card = (id: number) => cards().find((c) => c.getAttribute('data-template-id') === String(id))!;

describe('voyage templates list', () => {
  it('shows each template’s service, rotation with our terminal, berth window, recurrence, validity, vessels and generation state', async () => {
    const { apiCalls } = renderApp(LIST, signedIn, templatesApi(), templateMasterData);
    await screen.findAllByTestId('template-card');
    const first = within(card(12));
    expect(first.getByTestId('template-name').textContent).toBe('Asia Europe 7');
    expect(first.getByTestId('template-code').textContent).toBe('AE7');
    expect(first.getByTestId('template-operator').textContent).toBe('Vessel operator: Nordic Line A/S');
    expect(first.getByTestId('template-rotation').textContent).toBe('NLRTM→DEHAM→GBFXT');
    expect(first.getByTestId('template-rotation-terminal').textContent).toBe('DEHAM');
    expect(first.getByTestId('template-berth-window').textContent).toBe('Wednesday at 08:00, 30 h · from 250 m · Port');
    // The RFC 5545 rule in words, never as the code itself.
    expect(first.getByTestId('template-recurrence-text').textContent).toBe('Every 2 weeks on Wednesday · Exceptions: 1');
    expect(first.getByTestId('template-recurrence-text').getAttribute('data-rrule')).toBe(OWN.rrule);
    expect(card(12).textContent).not.toContain('FREQ=');
    expect(first.getByTestId('template-validity').textContent).toBe('02-01-2030 to 31-12-2030');
    expect(first.getByTestId('template-vessels').textContent).toBe('CORAL RESOLVE → BALTIC DAWN');
    expect(first.getByTestId('template-future-voyages').textContent).toBe('6');
    expect(first.getByTestId('template-generated-until').textContent).toBe('27-03-2030');

    const second = within(card(13));
    expect(second.getByTestId('template-recurrence-text').textContent).toMatch(/^Every [A-Z][a-z]+day, weekly$/);
    expect(second.getByTestId('template-validity').textContent).toBe('from 02-01-2030, open-ended');
    expect(second.getByTestId('template-generated-until').textContent).toBe('Not generated yet');

    expect(screen.getByTestId('templates-range').textContent).toBe('1–10 of 12');
    const list = apiCalls().filter((c) => c.path === `${API}/voyage_templates`);
    expect(Object.fromEntries(list[0]!.search)).toEqual({ page: '1', per_page: '10' });
  });

  it('searches by text and pages ten at a time', async () => {
    const { apiCalls, router } = renderApp(LIST, signedIn, templatesApi(), templateMasterData);
    await screen.findAllByTestId('template-card');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(apiCalls().filter((c) => c.path === `${API}/voyage_templates`).at(-1)!.search.get('page')).toBe('2'));

    fireEvent.change(screen.getByTestId('templates-search'), { target: { value: 'baltic' } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByTestId('template-name').textContent).toBe('Baltic Feeder');
    const last = apiCalls().filter((c) => c.path === `${API}/voyage_templates`).at(-1)!;
    // A new search starts on the first page.
    expect(Object.fromEntries(last.search)).toEqual({ q: 'baltic', page: '1', per_page: '10' });
    expect(router.state.location.search).toBe('?q=baltic');
  });

  it('offers terminal operators create, edit and generate on every template', async () => {
    renderApp(LIST, signedIn, templatesApi(), templateMasterData);
    await screen.findAllByTestId('template-card');
    expect(screen.getByTestId('templates-create').getAttribute('href')).toBe('/en/voyage-center/voyage-templates/add');
    expect(within(card(12)).getByTestId('template-edit').getAttribute('href')).toBe('/en/voyage-center/voyage-templates/edit?id=12');
    expect(within(card(13)).getByTestId('template-generate')).toBeTruthy();
  });

  it('lets a vessel operator change only their own company’s templates', async () => {
    renderApp(LIST, signedInAs({ user_type: 'vessel_operator', organisation_id: 201, organisation_name: 'Nordic Line A/S' }), templatesApi(), templateMasterData);
    await screen.findAllByTestId('template-card');
    expect(screen.getByTestId('templates-create')).toBeTruthy();
    expect(within(card(12)).queryByTestId('template-edit')).not.toBeNull();
    expect(within(card(12)).queryByTestId('template-generate')).not.toBeNull();
    expect(within(card(13)).queryByTestId('template-edit')).toBeNull();
    expect(within(card(13)).queryByTestId('template-generate')).toBeNull();
  });

  it('offers agents no action at all', async () => {
    renderApp(LIST, signedInAs({ user_type: 'agent', organisation_id: 301, organisation_name: 'Elbe Ship Agency GmbH' }), templatesApi(), templateMasterData);
    await screen.findAllByTestId('template-card');
    expect(screen.queryByTestId('templates-create')).toBeNull();
    expect(screen.queryByTestId('template-edit')).toBeNull();
    expect(screen.queryByTestId('template-generate')).toBeNull();
  });

  it('generates from today for 12 weeks by default, refuses a horizon past 104 weeks and says what it created', async () => {
    const { apiCalls } = renderApp(
      LIST,
      signedIn,
      (call) =>
        call.method === 'POST' && call.path === `${API}/voyage_templates/12/generate`
          ? (call.body as { dry_run?: boolean }).dry_run
            ? success({ created_voyages: 4, created_portcalls: 4, skipped: 2, generated_until: '2030-03-27', voyage_ids: [], is_dry_run: true, clashes: [
                { vessel_name: 'NORDIC STAR', berth_arrival: '2030-01-06T05:00:00.000Z', other_vessel_name: 'BALTIC WAVE', other_portcall_id: 9, other_berth_arrival: '2030-01-06T02:00:00.000Z', other_berth_departure: '2030-01-06T20:00:00.000Z' },
                { vessel_name: 'NORDIC STAR', berth_arrival: '2030-01-06T05:00:00.000Z', other_vessel_name: null, other_portcall_id: null, other_berth_arrival: null, other_berth_departure: null },
              ],
              clashing_portcalls: 1,
              holidays: [],
            })
            : success({ created_voyages: 4, created_portcalls: 4, skipped: 2, generated_until: '2030-03-27', voyage_ids: [1, 2, 3, 4] })
          : undefined,
      templatesApi(),
      templateMasterData,
    );
    await screen.findAllByTestId('template-card');
    fireEvent.click(within(card(12)).getByTestId('template-generate'));
    const from = (await screen.findByTestId('generate-from')) as HTMLInputElement;
    const horizon = screen.getByTestId('generate-horizon') as HTMLInputElement;
    expect(from.value).toBe(formatDay(zonedDay(Date.now(), 'Europe/Berlin'), 'en'));
    expect(horizon.value).toBe('12');

    fireEvent.change(horizon, { target: { value: '105' } });
    fireEvent.click(screen.getByTestId('generate-submit'));
    expect(await screen.findByText('Enter a whole number of weeks from 1 to 104')).toBeTruthy();
    const generations = () => apiCalls().filter((c) => c.method === 'POST' && !(c.body as { dry_run?: boolean }).dry_run);
    expect(generations()).toEqual([]);

    fireEvent.change(from, { target: { value: '01-01-2030' } });
    fireEvent.change(horizon, { target: { value: '26' } });
    // Before anything is created the dialog says how many calls it makes and where they clash.
    expect((await screen.findByTestId('generate-preview-count')).textContent).toBe('Will create 4 voyages and 4 port calls; 2 already there.');
    expect(screen.getByTestId('generate-preview-clashes').textContent).toContain('NORDIC STAR on 06-01-2030 06:00 overlaps BALTIC WAVE');
    // Another carrier's call is only "occupied"; one call clashing twice counts once.
    expect(screen.getByTestId('generate-preview-clashes').textContent).toContain('NORDIC STAR on 06-01-2030 06:00 overlaps a berth already occupied');
    expect(screen.getByTestId('generate-preview').textContent).toContain('1 of them overlap the berth plan:');
    await waitFor(() => expect(screen.getByTestId('generate-submit').textContent).toBe('Generate 4 port calls (1 clash)'));
    expect(generations()).toEqual([]);
    fireEvent.click(screen.getByTestId('generate-submit'));
    const result = await screen.findByTestId('generate-result-text');
    expect(result.textContent).toBe('4 voyages and 4 port calls created, 2 already there.');
    const posts = generations();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ from: '2030-01-01', horizon_weeks: 26 });
    expect(screen.getByTestId('generate-to-voyages').getAttribute('href')).toBe('/en/voyage-center/voyages?template_id=12');
    expect(screen.getByTestId('generate-to-portcalls').getAttribute('href')).toBe('/en/portcall-planner');
  });
});
