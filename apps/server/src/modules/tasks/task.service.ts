// Port-call tasks: calls waiting for the user's side (open), and calls the user's side has handled (closed).
import {
  TASKS_PAGE_SIZE,
  TASK_REASONS,
  type TNegotiatedTime,
  type TParty,
  type TPortcall,
  type TPortcallStatus,
  type TTaskFilter,
  type TTaskReason,
  type TTaskSubject,
  type TPortAuthorityStatus,
  priseStep,
  isDeparted,
  pageMeta,
  partyOf,
  taskReasons,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { PortalUser } from '../../db/schema';
import type { AuthSession } from '../auth/auth.service';
import { iso, num, state } from '../portcalls/portcall-mapper';
import { portcallsByIds } from '../portcalls/portcall.service';
import { findUserById, mergeUserSettings } from '../users/user.repository';
import { type TTaskCallRow, findTaskCalls } from './task.repository';

export type TTask = { portcall: TPortcall; reasons: TTaskReason[] };
const SETTINGS_KEY = 'portcall_task_settings';
/** Tasks look back this far; older calls are history, not work. */
const LOOKBACK_MS = 30 * 86_400_000;

/** The kinds of task a user wants, from their stored settings (every kind when none are stored). */
export function taskSettingsOf(user: Pick<PortalUser, 'settings'> | undefined): { enabled_reasons: TTaskReason[] } {
  const stored = (user?.settings ?? {})[SETTINGS_KEY] as { enabled_reasons?: unknown } | undefined;
  const enabled = Array.isArray(stored?.enabled_reasons) ? stored.enabled_reasons.filter((r): r is TTaskReason => (TASK_REASONS as readonly string[]).includes(String(r))) : [...TASK_REASONS];
  return { enabled_reasons: enabled };
}

export async function getTaskSettings(ctx: AppContext, session: Pick<AuthSession, 'user'>): Promise<{ enabled_reasons: TTaskReason[] }> {
  return taskSettingsOf(await findUserById(ctx.db, session.user.id));
}

export async function updateTaskSettings(ctx: AppContext, session: AuthSession, enabled: TTaskReason[]) {
  await mergeUserSettings(ctx.db, session.user.id, { [SETTINGS_KEY]: { enabled_reasons: [...new Set(enabled)] } }, ctx.clock.now());
  return getTaskSettings(ctx, session);
}

/** A recent visible call as the task rules and counts see it: its own columns, in the API's shape. */
export type TTaskCall = TTaskSubject &
  Pick<TPortcall, 'id' | 'terminal_id' | 'terminal_name' | 'vessel_name' | 'berth_arrival' | 'berth_departure' | 'updated_at'> & {
    [K in `${TNegotiatedTime}_state`]: Pick<TPortcall[K], 'label' | 'change_label'>;
  };
export type TClassifiedTask = { call: TTaskCall; reasons: TTaskReason[] };

export function toTaskCall(row: TTaskCallRow): TTaskCall {
  return {
    id: row.id,
    terminal_id: row.terminal_id,
    terminal_name: row.terminal_name,
    vessel_name: row.vessel_name,
    status: row.status as TPortcallStatus,
    berth_arrival: iso(row.berth_arrival)!,
    berth_departure: iso(row.berth_departure)!,
    updated_at: iso(row.updated_at)!,
    berth_start_position: num(row.berth_start_position),
    voyage_number_import: row.voyage_number_import,
    voyage_number_export: row.voyage_number_export,
    berth_arrival_state: state(row.berth_arrival_label, row.berth_arrival_change_label),
    berth_departure_state: state(row.berth_departure_label, row.berth_departure_change_label),
    pilot_boarding_place_arrival_state: state(row.pilot_boarding_place_arrival_label, row.pilot_boarding_place_arrival_change_label),
    pilot_boarding_place_departure_state: state(row.pilot_boarding_place_departure_label, row.pilot_boarding_place_departure_change_label),
    cargo_details: { length: Number(row.cargo_line_count) },
  };
}

/**
 * The user's open and closed tasks (the tasks screen's query; the daily digest reads the open ones without a session).
 * Reasons need only the call's own columns and how many cargo lines it has, so every recent visible call is read as
 * just those (`findTaskCalls`); `listTasks` reads the page's calls in full.
 */
export async function classify(ctx: AppContext, session: Pick<AuthSession, 'user'>): Promise<{ open: TClassifiedTask[]; closed: TClassifiedTask[] }> {
  const user = session.user;
  const party: TParty = partyOf(user.user_type);
  const now = ctx.clock.now();
  // The settings come with the session's user row (read with the session on every request): the task cache keys on
  // them, since the read-model version does not follow the user's own row.
  const { enabled_reasons } = taskSettingsOf(user);
  const rows = await findTaskCalls(ctx.db, user, { departureFrom: new Date(now.getTime() - LOOKBACK_MS), party });
  const open: TClassifiedTask[] = [];
  const closed: TClassifiedTask[] = [];
  // The terminal and the call's agent file the PRISE notice; a vessel operator follows it on the call.
  const pa = ctx.config.portAuthority;
  const priseUnlocodes = new Set(user.user_type !== 'vessel_operator' && pa?.url ? pa.ports.map((u) => u.toUpperCase()) : []);
  for (const row of rows) {
    const call = {
      ...toTaskCall(row),
      prise_step: priseStep({
        isApplicable: priseUnlocodes.has(row.port_unlocode.toUpperCase()),
        portcallStatus: row.status,
        noticeStatus: row.prise_notice_status as TPortAuthorityStatus | null,
        priseStatus: row.prise_status,
        pilotBoardingPlaceArrival: row.pilot_boarding_place_arrival,
        berthArrival: row.berth_arrival,
        now: now.getTime(),
      }),
    };
    const reasons = taskReasons(call, party, enabled_reasons);
    if (reasons.length) open.push({ call, reasons });
    else if (row.is_handled) closed.push({ call, reasons: [] });
  }
  return { open, closed };
}

export function split(tasks: TClassifiedTask[], filter: TTaskFilter, now: Date): TClassifiedTask[] {
  if (filter === 'all') return tasks;
  return tasks.filter((t) => isDeparted(t.call, now) === (filter === 'departed'));
}

export async function listTasks(ctx: AppContext, session: AuthSession, query: { type: 'open' | 'closed'; filter: TTaskFilter; page: number; per_page: number }) {
  const now = ctx.clock.now();
  const all = split((await classify(ctx, session))[query.type], query.filter, now);
  const page = all.slice((query.page - 1) * query.per_page, query.page * query.per_page);
  // The page's calls as the list and one call show them: shift lines, equipment, predictions, sandbox flags.
  const full = new Map((await portcallsByIds(ctx, session.user, page.map((t) => t.call.id))).map((p) => [p.id, p]));
  const items = page.flatMap((t): TTask[] => {
    const portcall = full.get(t.call.id);
    return portcall ? [{ portcall, reasons: t.reasons }] : [];
  });
  return { items, meta: { ...pageMeta({ page: query.page, perPage: query.per_page, totalCount: all.length }), type: 'portcall_tasks' as const } };
}

export async function tasksMeta(ctx: AppContext, session: AuthSession) {
  const now = ctx.clock.now();
  const { open, closed } = await classify(ctx, session);
  const count = (tasks: TClassifiedTask[]) => ({ total: tasks.length, upcoming: split(tasks, 'upcoming', now).length, departed: split(tasks, 'departed', now).length });
  return { open: count(open), closed: count(closed), per_page: TASKS_PAGE_SIZE };
}
