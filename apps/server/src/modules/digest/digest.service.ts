// The daily task digest: the content (the user's open tasks as the tasks screen groups them), when it is due in the
// user's own zone, and the once-only delivery claimed in daily_digest_deliveries.
import { type TDailyTaskSummary, type TDigestCall, type TDigestJob, type TLocale, formatInstantInZone, isDeparted } from '@quayline/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../app-context';
import type { PortalUser } from '../../db/schema';
import { classify } from '../tasks/task.service';
import { findUserById } from '../users/user.repository';
import { localeOfUser } from '../users/user-info';
import { dailyDigestMail } from './daily-digest.mail';

/** How long a claim keeps other workers away; after it a crashed worker's claim is taken over (see docs/daily-digest.md). */
export const DIGEST_CLAIM_LEASE_MS = 10 * 60_000;

/** The user's wall clock: local date YYYY-MM-DD and time HH:mm; null for a zone the runtime does not know. */
export function localClockOf(now: Date, timeZone: string): { date: string; time: string } | null {
  try {
    const [date, time] = formatInstantInZone(now.toISOString(), timeZone).split(' ') as [string, string];
    return { date, time };
  } catch {
    return null;
  }
}

/**
 * Due once the local wall clock has reached the hour on the local date. Comparing wall-clock strings handles the
 * DST days by itself: a 02:30 that does not exist (spring) is first reached at 03:00; a 02:30 that happens twice
 * (autumn) is reached at its first occurrence, and the delivery row for the date keeps the second one quiet.
 */
export function isDigestDue(now: Date, receiveTime: string, timeZone: string): { localDate: string } | null {
  const clock = localClockOf(now, timeZone);
  if (!clock || clock.time < receiveTime.slice(0, 5)) return null;
  return { localDate: clock.date };
}

export function portcallLink(ctx: AppContext, locale: TLocale, portcallId: number): string {
  return `${ctx.config.publicUrl}/${locale}/portcall-planner/details?id=${portcallId}`;
}

/** The digest of a user for now: the open tasks of the tasks screen (same query), grouped upcoming / departed. */
export async function buildDailyTaskSummary(ctx: AppContext, user: PortalUser): Promise<TDailyTaskSummary> {
  const now = ctx.clock.now();
  const locale = localeOfUser(user);
  const { open } = await classify(ctx, { user });
  const terminalIds = [...new Set(open.map((t) => t.call.terminal_id))];
  const zones = new Map(
    terminalIds.length ? (await ctx.db.selectFrom('terminals').select(['id', 'time_zone']).where('id', 'in', terminalIds).execute()).map((r) => [r.id, r.time_zone] as const) : [],
  );
  const toCall = ({ call: portcall, reasons }: (typeof open)[number]): TDigestCall => {
    const zone = zones.get(portcall.terminal_id) ?? 'UTC';
    return {
      portcall_id: portcall.id,
      vessel_name: portcall.vessel_name,
      terminal_id: portcall.terminal_id,
      terminal_name: portcall.terminal_name,
      terminal_time_zone: zone,
      berth_arrival: portcall.berth_arrival,
      berth_arrival_local: formatInstantInZone(portcall.berth_arrival, zone),
      reasons,
      link: portcallLink(ctx, locale, portcall.id),
    };
  };
  const upcoming = open.filter((t) => !isDeparted(t.call, now)).map(toCall);
  const departed = open.filter((t) => isDeparted(t.call, now)).map(toCall);
  return {
    local_date: localClockOf(now, user.mail_timezone)?.date ?? now.toISOString().slice(0, 10),
    timezone: user.mail_timezone,
    locale,
    counts: { total: open.length, upcoming: upcoming.length, departed: departed.length },
    groups: [
      { group: 'upcoming', count: upcoming.length, calls: upcoming },
      { group: 'departed', count: departed.length, calls: departed },
    ],
  };
}


/** Users whose hour has passed today (their zone) and who have no delivery for that date, nor a live claim. */
export async function findDueDigests(ctx: AppContext): Promise<TDigestJob[]> {
  const now = ctx.clock.now();
  const users = await ctx.db.selectFrom('portal_users').select(['id', 'mail_receive_time', 'mail_timezone']).where('daily_tasks_email', '=', true).execute();
  const due = users.flatMap((u) => {
    const d = isDigestDue(now, u.mail_receive_time, u.mail_timezone);
    return d ? [{ userId: u.id, localDate: d.localDate }] : [];
  });
  if (!due.length) return [];
  const taken = await ctx.db
    .selectFrom('daily_digest_deliveries')
    .select(['portal_user_id', 'local_date'])
    .where('portal_user_id', 'in', due.map((d) => d.userId))
    .where((eb) => eb.or([eb('status', '!=', 'claimed'), eb('claimed_until', '>', now)]))
    .execute();
  const done = new Set(taken.map((r) => `${r.portal_user_id}:${r.local_date}`));
  return due.filter((d) => !done.has(`${d.userId}:${d.localDate}`));
}

/**
 * Claims the (user, date) row: the insert wins once; a 'claimed' row whose lease ran out (the worker died between
 * claim and send) is taken over. Everything else means somebody else has it or it is done.
 */
async function claimDelivery(ctx: AppContext, job: TDigestJob, now: Date): Promise<boolean> {
  const leaseUntil = new Date(now.getTime() + DIGEST_CLAIM_LEASE_MS);
  const inserted = await ctx.db
    .insertInto('daily_digest_deliveries')
    .values({ portal_user_id: job.userId, local_date: job.localDate, status: 'claimed', claimed_until: leaseUntil, created_at: now })
    .onConflict((oc) => oc.columns(['portal_user_id', 'local_date']).doNothing())
    .returning('portal_user_id')
    .executeTakeFirst();
  if (inserted) return true;
  const takenOver = await ctx.db
    .updateTable('daily_digest_deliveries')
    .set({ claimed_until: leaseUntil })
    .where('portal_user_id', '=', job.userId)
    .where('local_date', '=', job.localDate)
    .where('status', '=', 'claimed')
    .where('claimed_until', '<=', now)
    .returning('portal_user_id')
    .executeTakeFirst();
  return !!takenOver;
}

export type TDigestOutcome = 'sent' | 'skipped' | 'taken';

/** The worker: claim, build, mail (or record a skip when nothing waits). 'taken' when the row was not ours to claim. */
export async function deliverDigest(ctx: AppContext, job: TDigestJob): Promise<TDigestOutcome> {
  const now = ctx.clock.now();
  const user = await findUserById(ctx.db, job.userId);
  if (!user || !user.daily_tasks_email) return 'taken';
  if (!(await claimDelivery(ctx, job, now))) return 'taken';
  const summary = await buildDailyTaskSummary(ctx, user);
  const finish = (status: 'sent' | 'skipped') =>
    ctx.db
      .updateTable('daily_digest_deliveries')
      .set({ status, task_count: summary.counts.total, claimed_until: null, sent_at: status === 'sent' ? ctx.clock.now() : null })
      .where('portal_user_id', '=', job.userId)
      .where('local_date', '=', job.localDate)
      .execute();
  if (summary.counts.total === 0) {
    await finish('skipped');
    return 'skipped';
  }
  const mail = dailyDigestMail({ summary: { ...summary, local_date: job.localDate }, firstName: user.first_name });
  await ctx.mailer.send({ to: user.email, ...mail });
  await finish('sent');
  return 'sent';
}

/** For tests and the docs: the deliveries of one user, newest first. */
export function deliveriesOf(ctx: AppContext, userId: number) {
  return ctx.db.selectFrom('daily_digest_deliveries').selectAll().where('portal_user_id', '=', userId).orderBy(sql`local_date`, 'desc').execute();
}
