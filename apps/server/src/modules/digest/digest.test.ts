import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JobRunner, createJobRunner } from '../../jobs/job-queue';
import { createOrganisation, signIn } from '../../test/fixtures';
import { type PortcallWorld, createPortcallWorld } from '../../test/portcall-world';
import { startSmtpCatcher } from '../../test/smtp-catcher';
import { DB_TARGETS, type TestApp, createTestApp } from '../../test/test-app';
import { isDigestDue } from './digest.service';
import { waitFor } from '../../test/wait-for';

const H = 3600_000;
const M = 60_000;

describe('when a digest is due (Europe/Berlin)', () => {
  const due = (iso: string, time: string) => isDigestDue(new Date(iso), time, 'Europe/Berlin');
  it('sends a 02:30 that does not exist on the spring day at 03:00 local', () => {
    expect(due('2027-03-28T00:59:00Z', '02:30')).toBeNull(); // 01:59 CET
    expect(due('2027-03-28T01:00:00Z', '02:30')).toEqual({ localDate: '2027-03-28' }); // 03:00 CEST
  });
  it('is due from the first 02:30 on the autumn day, on the same local date both times', () => {
    expect(due('2027-10-31T00:29:00Z', '02:30')).toBeNull(); // 02:29 CEST
    expect(due('2027-10-31T00:30:00Z', '02:30')).toEqual({ localDate: '2027-10-31' }); // first 02:30
    expect(due('2027-10-31T01:30:00Z', '02:30')).toEqual({ localDate: '2027-10-31' }); // second 02:30: same date, the delivery row stops it
  });
  it('counts the date in the user\u2019s zone, not UTC', () => {
    expect(isDigestDue(new Date('2026-06-10T23:30:00Z'), '07:00', 'Asia/Singapore')).toEqual({ localDate: '2026-06-11' });
    expect(isDigestDue(new Date('2026-06-10T22:30:00Z'), '07:00', 'Asia/Singapore')).toBeNull();
  });
});

describe.each(DB_TARGETS)('daily task digest on %s', (target) => {
  let t: TestApp;
  let w: PortcallWorld;
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
  let runners: JobRunner[];
  let callId: number;
  let vesselName: string;
  let terminalName: string;
  const setClock = (iso: string) => t.clock.set(new Date(iso));
  const at = (hours: number) => new Date(t.clock.now().getTime() + hours * H).toISOString();
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
  const deliveries = (userId: number) => t.database.db.selectFrom('daily_digest_deliveries').selectAll().where('portal_user_id', '=', userId).orderBy('local_date').execute();
  const settled = (userId: number, date: string) =>
    waitFor(async () => {
      const row = await t.database.db.selectFrom('daily_digest_deliveries').selectAll().where('portal_user_id', '=', userId).where('local_date', '=', date).executeTakeFirst();
      return row && row.status !== 'claimed' ? row : undefined;
    });

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    t = await createTestApp(target, { smtpUrl: smtp.url, publicUrl: 'https://quayline.example' });
    setClock('2026-06-10T04:00:00Z'); // 06:00 in Berlin
    w = await createPortcallWorld(t, { plannerLocale: 'de' });
    const created = (await w.agent('POST', '/portcalls', w.request(at(48), at(70)))).json().payload;
    callId = created.id;
    vesselName = created.vessel_name;
    terminalName = created.terminal_name;
    // two "servers" on the same database: two runners with their own pg-boss workers
    runners = [createJobRunner(t.app.ctx, { isCronEnabled: false, pollingIntervalSeconds: 0.5 }), createJobRunner(t.app.ctx, { isCronEnabled: false, pollingIntervalSeconds: 0.5 })];
    for (const r of runners) await r.start();
  });
  afterAll(async () => {
    for (const r of runners ?? []) await r.stop();
    await t?.close();
    await smtp?.stop();
  });

  it('returns the signed-in user\u2019s own digest per role', async () => {
    const planner = (await w.planner('GET', '/daily_task_summary')).json();
    expect(planner.status.status).toBe('SUCCESS');
    expect(planner.payload).toMatchObject({ locale: 'de', timezone: 'Europe/Berlin', local_date: '2026-06-10', counts: { total: 1, upcoming: 1, departed: 0 } });
    const call = planner.payload.groups.find((g: { group: string }) => g.group === 'upcoming').calls[0];
    expect(call).toMatchObject({
      portcall_id: callId,
      vessel_name: vesselName,
      terminal_id: w.terminal.id,
      reasons: ['request_to_plan', 'missing_berth_position'],
      berth_arrival_local: '2026-06-12 06:00', // 04:00Z in the terminal's Europe/Berlin
      link: `https://quayline.example/de/portcall-planner/details?id=${callId}`,
    });
    const agent = (await w.agent('GET', '/daily_task_summary')).json().payload;
    expect(agent.locale).toBe('en');
    expect(agent.groups[0].calls.map((c: { reasons: string[] }) => c.reasons)).toEqual([['missing_cargo_details', 'missing_voyage_number']]);
    expect(agent.groups[0].calls[0].link).toBe(`https://quayline.example/en/portcall-planner/details?id=${callId}`);
    expect((await w.vesselSide('GET', '/daily_task_summary')).json().payload.counts.total).toBe(1);
    const stranger = await signIn(t.app, t.database.db, { userType: 'vessel_operator', organisationId: (await createOrganisation(t.database.db, 'vessel_operator')).id });
    expect((await stranger.call('GET', '/daily_task_summary')).json().payload.counts).toEqual({ total: 0, upcoming: 0, departed: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/v1/daily_task_summary' })).statusCode).toBe(401);
  });

  it('mails the German planner once after 07:00 Berlin, however often and on however many runners it ticks', async () => {
    expect((await w.planner('PUT', '/update_email_notification_setting?enable=true&receive_time=07:00&timezone=Europe/Berlin')).statusCode).toBe(200);
    setClock('2026-06-10T04:59:00Z'); // 06:59
    expect(await runners[0]!.tickDigests()).toBe(0);
    setClock('2026-06-10T05:00:00Z'); // 07:00
    expect([await runners[0]!.tickDigests(), await runners[1]!.tickDigests()]).toEqual([1, 0]);
    const row = await settled(w.users.planner.user.id, '2026-06-10');
    expect(row).toMatchObject({ status: 'sent', task_count: 1 });
    const mail = await smtp.waitForMail(w.users.planner.user.email);
    expect(mail.subject).toBe('Quayline: 1 Aufgabe wartet auf Sie (2026-06-10)');
    expect(mail.text).toContain(`${vesselName} · ${terminalName} · Ankunft am Liegeplatz 2026-06-12 06:00 (Europe/Berlin) · Anfrage zu planen, Liegeplatzposition fehlt`);
    expect(mail.text).toContain(`https://quayline.example/de/portcall-planner/details?id=${callId}`);
    expect(mail.html).toContain(`href="https://quayline.example/de/portcall-planner/details?id=${callId}"`);
    expect(mail.text).toContain('Anstehend (1)');

    // later the same day: ticks find nothing; a late duplicate job loses the claim
    setClock('2026-06-10T09:00:00Z');
    expect([await runners[0]!.tickDigests(), await runners[1]!.tickDigests()]).toEqual([0, 0]);
    expect(await runners[1]!.runDigest({ userId: w.users.planner.user.id, localDate: '2026-06-10' })).toBe('taken');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(mailsTo(w.users.planner.user.email)).toHaveLength(1);
    // users with the digest off get nothing
    expect(mailsTo(w.users.agent.user.email)).toHaveLength(0);
    expect(await deliveries(w.users.agent.user.id)).toEqual([]);
  }, 30_000);

  it('races two runners on the same job: one mail', async () => {
    const racer = await signIn(t.app, t.database.db, { terminalIds: [w.terminal.id] });
    await racer.call('PUT', '/update_email_notification_setting?enable=true&receive_time=12:00&timezone=Europe/Berlin');
    setClock('2026-06-10T10:05:00Z');
    const job = { userId: racer.user.id, localDate: '2026-06-10' };
    const outcomes = await Promise.all([runners[0]!.runDigest(job), runners[1]!.runDigest(job)]);
    expect(outcomes.sort()).toEqual(['sent', 'taken']);
    await smtp.waitForMail(racer.user.email);
    expect(mailsTo(racer.user.email)).toHaveLength(1);
  });

  it('takes over a claim whose worker died once its lease has run out', async () => {
    const crashed = await signIn(t.app, t.database.db, { terminalIds: [w.terminal.id] });
    await crashed.call('PUT', '/update_email_notification_setting?enable=true&receive_time=13:00&timezone=Europe/Berlin');
    setClock('2026-06-10T11:10:00Z');
    await t.database.db.insertInto('daily_digest_deliveries').values({ portal_user_id: crashed.user.id, local_date: '2026-06-10', status: 'claimed', claimed_until: new Date('2026-06-10T11:15:00Z') }).execute();
    expect(await runners[0]!.tickDigests()).toBe(0); // the claim is still alive
    expect(await runners[0]!.runDigest({ userId: crashed.user.id, localDate: '2026-06-10' })).toBe('taken');
    setClock('2026-06-10T11:16:00Z');
    expect(await runners[0]!.runDigest({ userId: crashed.user.id, localDate: '2026-06-10' })).toBe('sent');
    await smtp.waitForMail(crashed.user.email);
    expect(mailsTo(crashed.user.email)).toHaveLength(1);
  });

  it('records a skip and sends nothing when nothing waits', async () => {
    const idle = await signIn(t.app, t.database.db, { userType: 'vessel_operator', organisationId: (await createOrganisation(t.database.db, 'vessel_operator')).id });
    await idle.call('PUT', '/update_email_notification_setting?enable=true&receive_time=08:00&timezone=Europe/Berlin');
    setClock('2026-06-10T12:00:00Z');
    expect(await runners[0]!.tickDigests()).toBeGreaterThanOrEqual(1);
    expect(await settled(idle.user.id, '2026-06-10')).toMatchObject({ status: 'skipped', task_count: 0, sent_at: null });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(idle.user.email)).toHaveLength(0);
  });

  it('sends on the DST days of Europe/Berlin: at 03:00 for a missing 02:30, once for a doubled one', async () => {
    const night = await signIn(t.app, t.database.db, { terminalIds: [w.terminal.id], locale: 'fr' });
    await night.call('PUT', '/update_email_notification_setting?enable=true&receive_time=02:30&timezone=Europe/Berlin');
    // months later the test sessions have expired: a new agent of the same agency files the calls
    const freshAgent = () => signIn(t.app, t.database.db, { userType: 'agent', organisationId: w.agency.id, terminalIds: [w.terminal.id] });
    const tickUntilSettled = async (date: string) => {
      const sent = await runners[0]!.tickDigests();
      return sent ? settled(night.user.id, date) : undefined;
    };
    // spring: 2027-03-28, clocks jump from 02:00 to 03:00
    setClock('2027-03-27T12:00:00Z');
    expect((await (await freshAgent()).call('POST', '/portcalls', w.request(at(30), at(50)))).statusCode).toBe(201);
    setClock('2027-03-28T00:59:00Z'); // 01:59 CET
    expect(await tickUntilSettled('2027-03-28')).toBeUndefined();
    setClock('2027-03-28T01:00:00Z'); // 03:00 CEST
    expect(await tickUntilSettled('2027-03-28')).toMatchObject({ status: 'sent' });
    expect((await deliveries(night.user.id)).find((d) => d.local_date === '2027-03-28')?.sent_at).toEqual(new Date('2027-03-28T01:00:00Z'));

    // autumn: 2027-10-31, 02:00-03:00 happens twice
    setClock('2027-10-30T12:00:00Z');
    expect((await (await freshAgent()).call('POST', '/portcalls', w.request(at(30), at(50)))).statusCode).toBe(201);
    setClock('2027-10-31T00:29:00Z'); // 02:29 CEST
    expect(await tickUntilSettled('2027-10-31')).toBeUndefined();
    setClock('2027-10-31T00:30:00Z'); // first 02:30
    expect(await tickUntilSettled('2027-10-31')).toMatchObject({ status: 'sent' });
    setClock('2027-10-31T01:30:00Z'); // second 02:30
    expect(await runners[0]!.tickDigests()).toBe(0);
    expect(await runners[1]!.tickDigests()).toBe(0);
    const sentDays = (await deliveries(night.user.id)).map((d) => [d.local_date, d.status]);
    expect(sentDays).toEqual([['2027-03-28', 'sent'], ['2027-10-31', 'sent']]);
    await waitFor(async () => (mailsTo(night.user.email).length >= 2 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(night.user.email)).toHaveLength(2);
    expect(mailsTo(night.user.email)[0]!.subject).toMatch(/^Quayline : \d+ tâches? vous attend/);
  }, 30_000);
});
