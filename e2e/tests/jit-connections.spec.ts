// JIT connections end to end: the terminal operator connects a carrier's system on the settings screen, the key shown
// once opens the DCSA JIT 2.0 endpoints, a new key ends the old one, disconnecting ends it. Desktop, phone, German.
// On a fresh demo, Nordic Line's own system (the local carrier the server runs) is already in an exchange.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page, expect, test } from '@playwright/test';
import { PHONE, USERS, WIDE_DESKTOP, baseUrl, expectNoPageOverflow, login } from '../support/fixtures';

const shotDir = process.env.JIT_SHOT_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

async function shoot(page: Page, name: string) {
  mkdirSync(shotDir, { recursive: true });
  await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
  // The whole settings page from the top, so the fixed header sits where it belongs.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage: true });
}

async function jitStatus(page: Page, key: string): Promise<number> {
  const res = await page.request.get(`${baseUrl()}/api/dcsa/jit/v2/port-calls`, { headers: { authorization: `Bearer ${key}` } });
  return res.status();
}

/** The demo's own Nordic Line system (the local carrier the server runs), which the stories leave connected. */
const DEMO_SYSTEM = 'Nordic Line JIT (local carrier)';

/**
 * Disconnects every system the stories connected, so the stories after it plan Nordic Line's calls without sending
 * JIT messages to endpoints that are not there; the demo's own system stays.
 */
async function disconnectAll(page: Page): Promise<void> {
  const api = `${baseUrl()}/api/portal/v1/dcsa_counterparties`;
  const list = (await (await page.request.get(api)).json()) as { payload: { id: number; name: string; revoked_at: string | null }[] };
  for (const c of list.payload.filter((x) => x.revoked_at === null && x.name !== DEMO_SYSTEM)) {
    const res = await page.request.post(`${api}/${c.id}/revoke`, { headers: { origin: baseUrl() } });
    expect(res.status()).toBe(200);
  }
}

/**
 * Chooses Nordic Line as the connection's organisation. The organisations load beside the page's other sections: a
 * dropdown opened before they came showed no option, and with a second suite beside it one closed between showing the
 * option and the click. So it picks until the field holds the choice, opening the list only when it is closed (a click
 * on the open field closes it).
 */
async function pickNordicLine(page: Page): Promise<void> {
  const field = page.getByTestId('jit-organisation');
  const option = page.getByRole('option', { name: 'Nordic Line A/S' });
  await expect(async () => {
    if (!(await option.isVisible())) await field.click();
    await option.click({ timeout: 3_000 });
    await expect(field).toHaveValue('Nordic Line A/S', { timeout: 2_000 });
  }).toPass();
}

async function connect(page: Page, name: string): Promise<string> {
  await page.getByTestId('jit-name').fill(name);
  await pickNordicLine(page);
  await page.getByTestId('jit-endpoint').fill('https://jit.nordic-line.example/v2');
  await page.getByTestId('jit-connect').click();
  const key = page.getByTestId('jit-key').locator('code');
  await expect(key).toContainText('qjit_');
  return (await key.textContent())!.trim();
}

test('a terminal operator connects a carrier system whose key opens the JIT endpoints, rotates and revokes it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE_DESKTOP });
  const page = await context.newPage();
  await login(page, USERS.terminal);
  await page.goto(`${baseUrl()}/en/user-settings`);
  await expect(page.getByTestId('settings-jit')).toBeVisible();
  const name = `Nordic Line JIT ${Date.now()}`;
  const key = await connect(page, name);
  await expect(page.getByTestId('jit-row').filter({ hasText: name })).toBeVisible();
  expect(await jitStatus(page, key)).toBe(200);
  await shoot(page, 'jit-connections-desktop-en');

  const row = page.getByTestId('jit-row').filter({ hasText: name });
  await row.getByRole('button', { name: 'New key' }).click();
  await expect(page.getByTestId('jit-key').locator('code')).not.toHaveText(key);
  const rotated = (await page.getByTestId('jit-key').locator('code').textContent())!.trim();
  expect(await jitStatus(page, key)).toBe(401);
  expect(await jitStatus(page, rotated)).toBe(200);
  await row.getByRole('button', { name: 'Disconnect' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();
  expect(await jitStatus(page, rotated)).toBe(401);

  await page.goto(`${baseUrl()}/de/user-settings`);
  await expect(page.getByTestId('settings-jit')).toContainText('JIT-Verbindungen');
  await shoot(page, 'jit-connections-desktop-de');
  await disconnectAll(page);
  await context.close();
});

for (const locale of ['en', 'de'] as const) {
  test(`fits a phone (${locale})`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await login(page, USERS.terminal, undefined, locale);
    await page.goto(`${baseUrl()}/${locale}/user-settings`);
    await expect(page.getByTestId('settings-jit')).toBeVisible();
    await connect(page, `Phone system ${locale} ${Date.now()}`);
    await expectNoPageOverflow(page, 'settings with JIT connections on a phone');
    await shoot(page, `jit-connections-phone-${locale}`);
    await disconnectAll(page);
    await context.close();
  });
}

/** A carrier's system runs a call through the JIT endpoints with its key: berth, towage and mooring requests. */
async function carrierSendsCall(page: Page, key: string): Promise<{ vesselId: number; from: string; to: string }> {
  const api = (path: string) => `${baseUrl()}/api/portal/v1${path}`;
  const vessels = (await (await page.request.get(api('/vessels?per_page=100'))).json()) as { payload: { items: { id: number; imo_number: string; vessel_operator: { name: string } | null }[] } };
  const vessel = vessels.payload.items.find((v) => v.vessel_operator?.name === 'Nordic Line A/S')!;
  const put = async (path: string, body: object) => {
    const res = await page.request.put(`${baseUrl()}/api/dcsa/jit/v2${path}`, { headers: { authorization: `Bearer ${key}` }, data: body });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(204);
  };
  const id = () => crypto.randomUUID();
  const [portCallID, terminalCallID, arri, depa, towage, mooring] = [id(), id(), id(), id(), id(), id()];
  // Far enough ahead that the demo's own calls are not in the way, a different day per run.
  const day = new Date(Date.now() + (70 + Math.floor(Math.random() * 200)) * 86_400_000);
  const at = (hours: number) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours)).toISOString();
  const location = { UNLocationCode: 'DEHAM' };
  const service = (portCallServiceID: string, portCallServiceTypeCode: string, portCallServiceEventTypeCode: string, portCallPhaseTypeCode: string) =>
    put(`/port-call-services/${portCallServiceID}`, { terminalCallID, portCallServiceID, portCallServiceTypeCode, portCallServiceEventTypeCode, portCallPhaseTypeCode, portCallServiceLocation: location });
  const stamp = (portCallServiceID: string, classifierCode: string, hours: number, remark?: string) => {
    const timestampID = id();
    return put(`/timestamps/${timestampID}`, { timestampID, portCallServiceID, classifierCode, dateTime: at(hours), ...(remark ? { remark } : {}) });
  };
  await put(`/port-calls/${portCallID}`, { portCallID, UNLocationCode: 'DEHAM', vessel: { vesselIMONumber: vessel.imo_number } });
  await put(`/terminal-calls/${terminalCallID}`, { terminalCallID, portCallID, carrierServiceName: 'Nordic Express', carrierServiceCode: 'NEX', carrierImportVoyageNumber: '044N' });
  await service(arri, 'BERTH', 'ARRI', 'INBD');
  await service(depa, 'BERTH', 'DEPA', 'OUTB');
  await service(towage, 'TOWAGE', 'STRT', 'INBD');
  await service(mooring, 'MOORING', 'STRT', 'INBD');
  await stamp(arri, 'REQ', 6);
  await stamp(depa, 'REQ', 22);
  await stamp(towage, 'REQ', 5, 'Two tugs ordered');
  await stamp(mooring, 'REQ', 5);
  return { vesselId: vessel.id, from: at(0), to: at(23) };
}

async function openCallOf(page: Page, locale: string, sent: { vesselId: number; from: string; to: string }) {
  const list = (await (await page.request.get(`${baseUrl()}/api/portal/v1/portcalls?vessel_id=${sent.vesselId}&from=${encodeURIComponent(sent.from)}&to=${encodeURIComponent(sent.to)}`)).json()) as { payload: { items: { id: number }[] } };
  const call = list.payload.items[0]!;
  await page.goto(`${baseUrl()}/${locale}/portcall-planner/details?id=${call.id}`);
  await expect(page.getByTestId('portcall-jit-service')).toHaveCount(4);
}

test('shows the JIT timeline a carrier system sent on the call (desktop and phone, English and German)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE_DESKTOP });
  const page = await context.newPage();
  await login(page, USERS.terminal);
  await page.goto(`${baseUrl()}/en/user-settings`);
  const key = await connect(page, `Nordic Line timeline ${Date.now()}`);
  const sent = await carrierSendsCall(page, key);
  for (const locale of ['en', 'de'] as const) {
    await page.setViewportSize(WIDE_DESKTOP);
    await openCallOf(page, locale, sent);
    await expect(page.getByTestId('portcall-jit-timeline')).toContainText('TOWAGE');
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    await page.getByTestId('portcall-jit-timeline').screenshot({ path: path.join(shotDir, `jit-timeline-desktop-${locale}.png`) });
    await page.setViewportSize(PHONE);
    await openCallOf(page, locale, sent);
    // The timeline itself fits the phone's width (the rest of the details screen is not this story's).
    const timeline = page.getByTestId('portcall-jit-timeline');
    expect(await timeline.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const box = (await timeline.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId('portcall-jit-timeline').screenshot({ path: path.join(shotDir, `jit-timeline-phone-${locale}.png`) });
  }
  await disconnectAll(page);
  await context.close();
});

test('shows on the call what the terminal sent to the carrier system and that its endpoint is not answering (desktop and phone, English and German)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE_DESKTOP });
  const page = await context.newPage();
  await login(page, USERS.terminal);
  await page.goto(`${baseUrl()}/en/user-settings`);
  // An endpoint nobody listens on: Quayline keeps trying and shows why.
  const offline = `Nordic Line offline ${Date.now()}`;
  await page.getByTestId('jit-name').fill(offline);
  await pickNordicLine(page);
  await page.getByTestId('jit-endpoint').fill('http://127.0.0.1:9/jit');
  await page.getByTestId('jit-connect').click();
  const keyCell = page.getByTestId('jit-key').locator('code');
  await expect(keyCell).toContainText('qjit_');
  const key = (await keyCell.textContent())!.trim();
  const sent = await carrierSendsCall(page, key);
  const list = (await (await page.request.get(`${baseUrl()}/api/portal/v1/portcalls?vessel_id=${sent.vesselId}&from=${encodeURIComponent(sent.from)}&to=${encodeURIComponent(sent.to)}`)).json()) as { payload: { items: { id: number; version: number; berth_arrival: string }[] } };
  const call = list.payload.items[0]!;
  // The terminal proposes another arrival: a PLN for the carrier's system.
  const proposed = new Date(Date.parse(call.berth_arrival) + 2 * 3_600_000).toISOString();
  const res = await page.request.post(`${baseUrl()}/api/portal/v1/portcalls/${call.id}/negotiate`, { headers: { origin: baseUrl() }, data: { time: 'berth_arrival', action: 'propose', date_time: proposed, version: call.version } });
  expect(res.status(), await res.text()).toBe(200);
  for (const locale of ['en', 'de'] as const) {
    await page.setViewportSize(WIDE_DESKTOP);
    await page.goto(`${baseUrl()}/${locale}/portcall-planner/details?id=${call.id}`);
    // The demo's own Nordic Line system gets the plan too; this story is about the one that does not answer.
    const message = page.getByTestId('portcall-jit-message').filter({ hasText: offline }).first();
    await expect(message).toContainText(locale === 'en' ? 'Retrying' : 'Neuer Versuch folgt', { timeout: 15_000 });
    await expect(message).toContainText('PLN');
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    await page.getByTestId('portcall-jit-timeline').screenshot({ path: path.join(shotDir, `jit-messages-desktop-${locale}.png`) });
    await page.setViewportSize(PHONE);
    await page.reload();
    const timeline = page.getByTestId('portcall-jit-timeline');
    await expect(page.getByTestId('portcall-jit-messages')).toBeVisible();
    expect(await timeline.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await timeline.screenshot({ path: path.join(shotDir, `jit-messages-phone-${locale}.png`) });
  }
  await disconnectAll(page);
  await context.close();
});

type TListedCall = { id: number; version: number; vessel_operator: string | null; berth_arrival: string; berth_arrival_state: { label: string | null } };
type TJitServiceSeen = { type_code: string; event_type_code: string; timestamps: { classifier_code: string; date_time: string; remark: string | null }[] };

test("a fresh demo shows Nordic Line's system in a JIT exchange: its arrival time on the call, the terminal's proposal delivered and accepted", async ({ browser }) => {
  const context = await browser.newContext({ viewport: WIDE_DESKTOP });
  const page = await context.newPage();
  await login(page, USERS.terminal);
  const api = (path: string) => `${baseUrl()}/api/portal/v1${path}`;
  const systems = (await (await page.request.get(api('/dcsa_counterparties'))).json()) as { payload: { name: string; organisation_name: string; revoked_at: string | null }[] };
  expect(systems.payload).toContainEqual(expect.objectContaining({ name: DEMO_SYSTEM, organisation_name: 'Nordic Line A/S', revoked_at: null }));

  // The calls the carrier opened at start: Nordic Line's, three to 21 days ahead, its arrival time waiting for the terminal.
  const from = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 22 * 86_400_000).toISOString();
  const vessels = (await (await page.request.get(api('/vessels?per_page=100'))).json()) as { payload: { items: { vessel_operator: { id: number; name: string } | null }[] } };
  const nordic = vessels.payload.items.find((v) => v.vessel_operator?.name === 'Nordic Line A/S')!.vessel_operator!;
  const listed = (await (await page.request.get(api(`/portcalls?per_page=100&vessel_operator_id=${nordic.id}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`))).json()) as { payload: { items: TListedCall[] } };
  let call: TListedCall | undefined;
  for (const c of listed.payload.items.filter((x) => x.berth_arrival_state.label === 'requested')) {
    const services = (await (await page.request.get(api(`/portcalls/${c.id}/jit_services`))).json()) as { payload: TJitServiceSeen[] };
    if (services.payload.some((s) => s.timestamps.some((ts) => ts.remark === "ETA from Nordic Line's voyage plan"))) {
      call = c;
      break;
    }
  }
  expect(call, "a call with Nordic Line's arrival time").toBeDefined();

  await page.goto(`${baseUrl()}/en/portcall-planner/details?id=${call!.id}`);
  const timeline = page.getByTestId('portcall-jit-timeline');
  await expect(timeline).toContainText('BERTH · ARRI');
  await expect(timeline).toContainText("ETA from Nordic Line's voyage plan");

  // The terminal proposes half an hour later: a PLN for the carrier, which accepts it with a REQ of that time.
  const proposed = new Date(Date.parse(call!.berth_arrival) + 30 * 60_000).toISOString();
  const res = await page.request.post(api(`/portcalls/${call!.id}/negotiate`), { headers: { origin: baseUrl() }, data: { time: 'berth_arrival', action: 'propose', date_time: proposed, version: call!.version } });
  expect(res.status(), await res.text()).toBe(200);
  await expect.poll(async () => ((await (await page.request.get(api(`/portcalls/${call!.id}`))).json()) as { payload: TListedCall }).payload.berth_arrival_state.label, { timeout: 20_000 }).toBe('accepted');

  for (const locale of ['en', 'de'] as const) {
    await page.goto(`${baseUrl()}/${locale}/portcall-planner/details?id=${call!.id}`);
    const sent = page.getByTestId('portcall-jit-message').filter({ hasText: DEMO_SYSTEM }).filter({ hasText: 'PLN' });
    await expect(sent.first()).toContainText(locale === 'en' ? 'Delivered' : 'Zugestellt');
    await expect(page.getByTestId('portcall-jit-messages')).toContainText(locale === 'en' ? 'Sent to connected systems' : 'An verbundene Systeme gesendet');
    // Two REQs at start (the opening and its arrival time), then the acceptance of the terminal's plan.
    await expect(page.getByTestId('portcall-jit-service').filter({ hasText: 'BERTH · ARRI' }).getByText('REQ', { exact: true })).toHaveCount(3);
    await page.addStyleTag({ content: '.mantine-Notifications-root { display: none !important; }' });
    await page.getByTestId('portcall-jit-timeline').screenshot({ path: path.join(shotDir, `jit-demo-carrier-desktop-${locale}.png`) });
  }
  await context.close();
});
