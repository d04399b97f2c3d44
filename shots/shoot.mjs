import { chromium } from 'playwright-core';
const BASE = 'http://127.0.0.1:47311';
const API = `${BASE}/api/portal/v1`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
const page = await ctx.newPage();
await page.goto(`${BASE}/en/login`);
await page.getByTestId('login-email').fill('terminal.operator@demo.quayline.test');
await page.getByTestId('login-password').fill('Quayline-Demo-2026!');
await page.getByTestId('login-password').press('Enter');
await page.waitForURL(/dashboard/);
const call = async (method, path, data) => {
  const r = await page.request.fetch(`${API}${path}`, { method, ...(data ? { data } : {}) });
  const body = await r.json();
  if (!r.ok()) throw new Error(`${method} ${path} ${r.status()} ${JSON.stringify(body)}`);
  return body.payload;
};
const terminal = await call('GET', '/terminals/current_terminal');
let vessel = null;
let draught = null;
for (const v of (await call('GET', '/vessels?per_page=100')).items.filter((v) => v.vessel_operator !== null && v.length_overall_m < 300)) {
  const r = await page.request.get(`${API}/ais/vessel_characteristics?vessel_id=${v.id}`);
  const d = r.ok() ? (await r.json()).payload.draught_m : null;
  if (d) { vessel = v; draught = d; break; }
  vessel ??= v;
}
console.log('vessel', vessel.name, 'ais draught', draught);
const day = new Date(Date.now() + 2 * 86400000).toISOString().slice(0, 10);
const arrival = Date.parse(`${day}T05:00:00Z`);
const pbp = terminal.pilot_boarding_places[0];
const created = await call('POST', '/portcalls', {
  terminal_id: terminal.id, vessel_id: vessel.id, vessel_operator_id: vessel.vessel_operator.id,
  berth_arrival: new Date(arrival).toISOString(), berth_departure: new Date(arrival + 20 * 3600000).toISOString(),
  berth_start_position: 1200, berth_end_position: 1200 + Math.max(200, Math.ceil(vessel.length_overall_m / 25) * 25),
  ...(pbp ? { pilot_boarding_place_id: pbp.id, pilot_boarding_place_arrival: new Date(arrival - 2 * 3600000).toISOString() } : {}),
  draft_inbound: draught ? Math.round((draught + 1.8) * 10) / 10 : 11, draft_outbound: 11,
  cargo_details: [{ cargo_type: 'Container (boxes)', discharge: 1800, load: 1200 }],
});
const board = await call('GET', `/shift_planner?terminal_id=${terminal.id}&from=${day}&days=2`);
const shift = board.shiftsList.find((s) => Date.parse(s.start_time) >= arrival && !s.closed);
const cur = await call('GET', `/portcalls/${created.id}`);
await call('PUT', `/portcalls/${created.id}/shift_details`, { version: cur.version, portcall_shift_details: [{ shift_number: shift.shift_number, start_time: shift.start_time, end_time: shift.end_time, discharge: 1800, load: 600, gangs: 2 }] });
console.log('call', created.id, 'shift', shift.key, 'day', day);
for (const locale of ['en', 'de']) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.goto(`${BASE}/${locale}/shift-planner?terminal=${terminal.id}&from=${day}&portcall=${created.id}`);
    await page.getByTestId('shift-board').and(page.locator('[data-ready="true"]')).waitFor();
    const row = page.locator(`[data-testid="shift-row"][data-portcall-id="${created.id}"]`);
    await row.getByTestId('shift-row-plausibility').locator('summary').click();
    await page.screenshot({ path: `shots/shift-plausibility-${locale}-${width}.png` });
    await row.getByTestId('shift-card').first().locator('[data-card-open="true"]').click();
    const editor = page.getByTestId('shift-editor');
    await editor.getByTestId('shift-editor-gangs').fill('14');
    await page.locator(`[data-testid="shift-cell"][data-portcall-id="${created.id}"][data-over-capacity="true"]`).waitFor();
    await page.screenshot({ path: `shots/shift-over-capacity-${locale}-${width}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${BASE}/${locale}/portcall-planner/details?id=${created.id}`);
    await page.getByTestId('negotiation-berth_arrival-history').waitFor();
    await page.screenshot({ path: `shots/details-${locale}-${width}.png`, fullPage: false });
    const prise = page.getByTestId('prise-plausibility');
    await prise.waitFor();
    await prise.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `shots/prise-${locale}-${width}.png` });
    if (width < 500) {
      await page.getByTestId('negotiation-berth_arrival').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `shots/details-history-${locale}-${width}.png` });
    }
  }
}
await browser.close();
