// A berth-window request from the demo agent, sent through the API as the port-call form sends it: stories about
// what follows a request start from one without walking the form (the port-call story walks the form itself).
import { type Page, expect } from '@playwright/test';
import { apiCall, baseUrl } from './fixtures';

const API = () => `${baseUrl()}/api/portal/v1`;

/** The instant of a Berlin wall-clock time on the calendar day `days` from today (the day `berlinTime` shows). */
function berlinIso(days: number, hour: number, minute = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const wall = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, minute);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(wall));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const berlinOffset = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')) - wall;
  return new Date(wall - berlinOffset).toISOString();
}

/** The agent's berth-window request for ELBE RESOLVE, sent through the API as the form sends it; answers the call's id. */
export async function requestAsAgent(agent: Page, voyage: string, from: { days: number; hour: number }, to: { days: number; hour: number }): Promise<number> {
  const terminal = await apiCall<{ id: number }>(agent, 'GET', '/terminals/current_terminal');
  const vessels = await apiCall<{ items: { id: number; name: string; vessel_operator: { id: number } | null }[] }>(agent, 'GET', `/vessels?per_page=100&q=${encodeURIComponent('ELBE RESOLVE')}`);
  const vessel = vessels.items.find((v) => v.name === 'ELBE RESOLVE');
  expect(vessel?.vessel_operator, 'the demo fleet has ELBE RESOLVE with its operator').toBeTruthy();
  const me = await apiCall<{ organisation_id: number }>(agent, 'GET', '/user_details');
  const response = await agent.request.post(`${API()}/portcalls`, {
    data: {
      terminal_id: terminal.id,
      vessel_id: vessel!.id,
      vessel_operator_id: vessel!.vessel_operator!.id,
      agent_id: me.organisation_id,
      berth_arrival: berlinIso(from.days, from.hour),
      berth_departure: berlinIso(to.days, to.hour),
      voyage_number_import: voyage,
      comment: 'Requested by the agent in the browser story',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { payload: { id: number } }).payload.id;
}

/** A story's own call is cancelled at its end, so it does not sit in other stories' lists, alerts and counts. */
export async function cancelStoryCall(page: Page, id: number): Promise<void> {
  const current = await apiCall<{ version: number }>(page, 'GET', `/portcalls/${id}`);
  await page.request.post(`${API()}/portcalls/${id}/cancel`, { data: { version: current.version } });
}
