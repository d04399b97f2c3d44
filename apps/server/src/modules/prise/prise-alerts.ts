// The dashboard's 'prise_notice' alerts: for calls in the horizon at terminals where PRISE applies, the notice's
// state against its due time (packages/domain/src/dashboard-alerts.ts, priseNoticeAlert).
import { type TAlertFinding, type TPortcall, priseDueAt, priseNoticeAlert } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { isPriseApplicable } from './prise-content';
import { findAlertNotices, findTerminalPorts } from './prise.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function findPriseAlerts(ctx: AppContext, calls: readonly TPortcall[], now: Date): Promise<{ call: TPortcall; finding: TAlertFinding }[]> {
  if (calls.length === 0 || !ctx.config.portAuthority?.url) return [];
  const terminalIds = [...new Set(calls.map((c) => c.terminal_id))];
  const ports = await findTerminalPorts(ctx.db, terminalIds);
  const applicable = new Set(ports.filter((p) => isPriseApplicable(ctx.config, p.unlocode)).map((p) => p.id));
  // Only vessels still on their way: once at the pilot boarding place (or further) the passage the notice asks for is over.
  const inScope = calls.filter((c) => applicable.has(c.terminal_id) && c.status === 'Approaching');
  if (inScope.length === 0) return [];
  const notices = await findAlertNotices(ctx.db, inScope.map((c) => c.id));
  const noticeOf = new Map(notices.map((n) => [n.portcall_id, n]));
  const out: { call: TPortcall; finding: TAlertFinding }[] = [];
  for (const call of inScope) {
    const n = noticeOf.get(call.id);
    const finding = priseNoticeAlert({
      status: n?.status ?? null,
      isReopenedAfterApproval: n?.is_reopened_after_approval ?? false,
      dueAt: priseDueAt(call.pilot_boarding_place_arrival),
      priseCode: n?.status === 'rejected' ? n.code : null,
      changedAt: n ? iso(n.status === 'rejected' ? n.answered_at : n.reopened_at) : null,
      now,
    });
    if (finding) out.push({ call, finding });
  }
  return out;
}
