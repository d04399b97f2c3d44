// What publishing the sandbox would do, shown before it is done: the calls that change, the clashes that would go
// live, crane bookings that would be released, and who would be told. Worked out by the publish's own planning
// (planBerthMoves) in a transaction that writes nothing, so the preview and the publish cannot disagree.
import { STORED_JSON, type TClash, type TPublishPreview, type TPublishPreviewClash } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { findLivePlan, findLivePlanClashes } from '../berth-plan/live-plan';
import { recipientsOfChanges } from '../notifications/portcall-announcer';
import { planBerthMoves } from '../portcalls/berth-moves';
import { terminalIdsOf } from '../portcalls/portcall.service';
import { terminalTideModel } from '../tides/tide.service';
import { findDraftRow, findUserNames } from './publish-preview.repository';

/** The same clash on both sides of a publish has the same key. */
function clashKey(clash: TClash): string {
  switch (clash.kind) {
    case 'overlap':
      return `overlap:${clash.callIds.join(',')}`;
    case 'block_zone':
      return `block_zone:${clash.callIds[0]}:${clash.blockZoneId}`;
    case 'too_shallow':
      return `too_shallow:${clash.callIds[0]}:${clash.sectionId}:${clash.at}`;
    case 'not_a_berth':
      return `not_a_berth:${clash.callIds[0]}:${clash.sectionId}`;
    case 'outside_quay':
      return `outside_quay:${clash.callIds[0]}`;
  }
}

const iso = (v: Date | string) => new Date(v).toISOString();
const position = (v: number | string | null) => (v === null ? null : Number(v));

export async function previewPublish(ctx: AppContext, session: AuthSession, args: { terminal_id: number }): Promise<TPublishPreview> {
  if (!(await terminalIdsOf(ctx, session.user)).includes(args.terminal_id)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const tide = await terminalTideModel(ctx, args.terminal_id);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findDraftRow(trx, { userId: session.user.id, terminalId: args.terminal_id });
    const moves = row ? STORED_JSON.draft_changes.schema.parse(row.changes) : [];
    const empty: TPublishPreview = { terminal_id: args.terminal_id, draft_version: row?.version ?? 0, changes: [], refusals: [], clashes: [], warnings: [], recipients: [], notification_count: 0 };
    if (moves.length === 0) return empty;
    const { refusals, plan } = await planBerthMoves(ctx, trx, session, { terminalId: args.terminal_id, moves, isLocking: false });
    if (refusals.length) return { ...empty, refusals };

    const callOf = new Map(plan.calls.map((c) => [c.id, c]));
    const changes = plan.places.map((p) => {
      const call = callOf.get(p.id)!;
      return {
        portcall_id: p.id,
        vessel_name: call.vessel_name,
        before: { berth_arrival: iso(call.berth_arrival), berth_departure: iso(call.berth_departure), berth_start_position: call.berth_start_position, berth_end_position: call.berth_end_position },
        after: { berth_arrival: iso(p.berth_arrival.value), berth_departure: iso(p.berth_departure.value), berth_start_position: position(p.berth_start_position), berth_end_position: position(p.berth_end_position) },
        berth_arrival_label: p.berth_arrival.label,
        berth_departure_label: p.berth_departure.label,
        status: p.status,
      };
    });

    // The plan around every moved call, before and after: clashes on a moved call that the publish would bring live.
    const instants = changes.flatMap((c) => [c.before.berth_arrival, c.before.berth_departure, c.after.berth_arrival, c.after.berth_departure].map(Date.parse));
    const live = await findLivePlan(trx, { terminalId: args.terminal_id, from: new Date(Math.min(...instants)), to: new Date(Math.max(...instants)), isDepartedLeftOut: false });
    const placeOf = new Map(changes.map((c) => [c.portcall_id, c.after]));
    const published = {
      ...live,
      calls: live.calls.map((c) => {
        const after = placeOf.get(c.id);
        const numeric = (v: number | null) => (v === null ? null : String(v));
        return after ? { ...c, berth_arrival: new Date(after.berth_arrival), berth_departure: new Date(after.berth_departure), berth_start_position: numeric(after.berth_start_position), berth_end_position: numeric(after.berth_end_position) } : c;
      }),
    };
    const [before, after] = await Promise.all([findLivePlanClashes(ctx, live, { tide }), findLivePlanClashes(ctx, published, { tide })]);
    const liveKeys = new Set(before.clashes.map(clashKey));
    const names = new Map(live.calls.map((c) => [c.id, c.vessel_name]));
    const clashes: TPublishPreviewClash[] = after.clashes
      .filter((clash) => clash.callIds.some((id) => placeOf.has(id)))
      .map((clash) => ({ kind: clash.kind, portcall_ids: [...clash.callIds], vessel_names: clash.callIds.map((id) => names.get(id) ?? ''), water_depth: clash.kind === 'too_shallow' ? clash.waterDepth : null, draft: clash.kind === 'too_shallow' ? clash.draft : null, is_new: !liveKeys.has(clashKey(clash)) }));

    const warnings = plan.bookingCounts
      .filter((b) => b.kept < b.before)
      .map((b) => ({ kind: 'bookings_released' as const, portcall_id: b.portcallId, vessel_name: callOf.get(b.portcallId)!.vessel_name, count: b.before - b.kept }));

    const perCall = await recipientsOfChanges(trx, session, plan.announcements.map(({ call }) => call));
    const callsOfUser = new Map<number, number[]>();
    plan.announcements.forEach(({ call }, i) => {
      for (const userId of perCall[i]!) callsOfUser.set(userId, [...(callsOfUser.get(userId) ?? []), call.id]);
    });
    const recipients = (await findUserNames(trx, [...callsOfUser.keys()])).map((u) => ({
      user_id: u.id,
      name: `${u.first_name} ${u.last_name}`.trim() || u.email,
      organisation_name: u.organisation_name,
      portcall_ids: callsOfUser.get(u.id)!,
    }));
    return { ...empty, changes, clashes, warnings, recipients, notification_count: perCall.reduce((n, ids) => n + ids.length, 0) };
  });
}
