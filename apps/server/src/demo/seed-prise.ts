// Demo PRISE notices on the Hamburg terminal's upcoming calls: one in each status, and the browser story's call
// whose notice lacks only the dangerous-goods indicator and the persons on board (docs/prise.md, "Demo").
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { buildContent } from '../modules/prise/prise-content';
import { missingFields, priseStatusOf } from '../modules/prise/prise-status';
import { findCargoTypes, findNoticeSource } from '../modules/prise/prise.repository';
import { type StoredJson, storedJson } from '../db/stored-json';

const H = 3_600_000;
/** Drafts the seed gives a call so its stored answer reads true: the story's stays inside the 13.5 m channel limit. */
const DRAFT_OF: Partial<Record<string, number>> = { story: 12.4, partially_approved: 14.2, rejected: 15.6 };

type TSeedKind = 'story' | 'info_required' | 'submitted' | 'approved' | 'partially_approved' | 'rejected' | 'reopened';

/** In this order on the upcoming calls, nearest first; the story call is the agent's first call two days or more ahead. */
const PLAN: TSeedKind[] = ['approved', 'partially_approved', 'rejected', 'submitted', 'reopened', 'info_required'];

export async function seedDemoPrise(trx: Transaction<DB>, args: { terminalId: number; terminalUserId: number; agentOrganisationId: number; now: Date }): Promise<{ storyPortcallId: number | null }> {
  const { now } = args;
  const calls = await trx
    .selectFrom('portcalls')
    .innerJoin('vessels', 'vessels.id', 'portcalls.vessel_id')
    .select(['portcalls.id', 'portcalls.agent_id', 'portcalls.berth_arrival', 'portcalls.berth_start_position', 'portcalls.berth_end_position', 'vessels.max_draft_m'])
    .where('portcalls.terminal_id', '=', args.terminalId)
    .where('portcalls.status', '=', 'Approaching')
    .where('portcalls.berth_arrival', '>', new Date(now.getTime() + 30 * H))
    .where('portcalls.berth_arrival', '<', new Date(now.getTime() + 10 * 24 * H))
    .where('portcalls.berth_start_position', 'is not', null)
    .orderBy('portcalls.berth_arrival')
    .orderBy('portcalls.id')
    .execute();
  const sections = await trx.selectFrom('terminal_sections').select(['start_position_m', 'end_position_m', 'water_depth_m']).where('terminal_id', '=', args.terminalId).execute();
  // The shallowest water along the whole berth: a call reaching into the next section needs its depth too.
  const waterAlong = (c: (typeof calls)[number]) =>
    Math.min(...sections.filter((s) => s.start_position_m < Number(c.berth_end_position) && Number(c.berth_start_position) < s.end_position_m).map((s) => Number(s.water_depth_m)));
  // A story with a draft goes to a call at a berth deep enough for it, so the plan stays clash-free.
  const deepEnough = (kind: TSeedKind, c: (typeof calls)[number]) => !DRAFT_OF[kind] || waterAlong(c) >= DRAFT_OF[kind] + 0.3;
  // A vessel that can lie that deep tells the story best; any call deep enough will do when none is in the weeks ahead.
  const fitFor = (kind: TSeedKind, candidates: typeof calls) => {
    const open = candidates.filter((c) => deepEnough(kind, c));
    const draft = DRAFT_OF[kind];
    return (draft ? open.find((c) => Number(c.max_draft_m) >= draft) : undefined) ?? open[0];
  };
  const story = calls.find((c) => c.agent_id === args.agentOrganisationId && new Date(c.berth_arrival).getTime() > now.getTime() + 48 * H && deepEnough('story', c)) ?? null;
  if (story) await seedNotice(trx, story.id, 'story', args);
  const used = new Set(story ? [story.id] : []);
  for (const kind of PLAN) {
    const call = fitFor(kind, calls.filter((c) => !used.has(c.id)));
    if (!call) continue;
    used.add(call.id);
    await seedNotice(trx, call.id, kind, args);
  }
  // The calls arriving sooner were due already: the terminal filed them and the port authority approved them, so the
  // demo's dashboard shows the showcase notices' alerts rather than one overdue alert per call.
  const due = await trx
    .selectFrom('portcalls')
    .select('id')
    .where('terminal_id', '=', args.terminalId)
    .where('status', '=', 'Approaching')
    .where('agent_id', 'is not', null)
    .where('berth_arrival', '>', now)
    .where('berth_arrival', '<=', new Date(now.getTime() + 30 * H))
    .orderBy('berth_arrival')
    .execute();
  for (const call of due) if (!used.has(call.id)) await seedNotice(trx, call.id, 'approved', args);
  return { storyPortcallId: story?.id ?? null };
}

/** Fills what the call lacks for a complete notice (pilot boarding time, agent, a draft the channel takes). */
async function completeCall(trx: Transaction<DB>, portcallId: number, args: { agentOrganisationId: number; terminalId: number }, draftInbound: number | null): Promise<void> {
  const call = await trx.selectFrom('portcalls').select(['berth_arrival', 'pilot_boarding_place_id', 'pilot_boarding_place_arrival', 'agent_id', 'draft_inbound', 'draft_outbound', 'vessel_id']).where('id', '=', portcallId).executeTakeFirstOrThrow();
  const pbp = await trx
    .selectFrom('pilot_boarding_places')
    .innerJoin('terminals', 'terminals.port_id', 'pilot_boarding_places.port_id')
    .select(['pilot_boarding_places.id', 'pilot_boarding_places.sailing_time_to_berth_minutes'])
    .where('terminals.id', '=', args.terminalId)
    .orderBy('pilot_boarding_places.id')
    .executeTakeFirst();
  const set: Record<string, unknown> = {};
  if ((!call.pilot_boarding_place_id || !call.pilot_boarding_place_arrival) && pbp) {
    set.pilot_boarding_place_id = pbp.id;
    set.pilot_boarding_place_arrival = new Date(new Date(call.berth_arrival).getTime() - pbp.sailing_time_to_berth_minutes * 60_000);
  }
  if (!call.agent_id) set.agent_id = args.agentOrganisationId;
  if (draftInbound !== null) set.draft_inbound = draftInbound;
  if (!(Number(call.draft_outbound) > 0)) set.draft_outbound = Number(call.draft_inbound) || 10;
  if (Object.keys(set).length) await trx.updateTable('portcalls').set(set).where('id', '=', portcallId).execute();
  await trx.updateTable('vessels').set({ call_sign: 'DQAY1' }).where('id', '=', call.vessel_id).where('call_sign', 'is', null).execute();
}

async function seedNotice(trx: Transaction<DB>, portcallId: number, kind: TSeedKind, args: { terminalUserId: number; agentOrganisationId: number; terminalId: number; now: Date }): Promise<void> {
  const { now } = args;
  // The story's draft stays well inside the 13.5 m channel limit, so the local authority approves it at any tide.
  const draft = DRAFT_OF[kind] ?? null;
  await completeCall(trx, portcallId, args, draft);
  const own = kind === 'story' ? { dangerous_goods: null, persons_on_board: null } : kind === 'info_required' ? { dangerous_goods: false, persons_on_board: null } : { dangerous_goods: kind === 'rejected', persons_on_board: 21 };
  const src = (await findNoticeSource(trx, portcallId))!;
  const content = buildContent(src, await findCargoTypes(trx, portcallId), own);
  const isDraft = kind === 'story' || kind === 'info_required' || kind === 'reopened';
  const status = isDraft ? 'draft' : kind === 'submitted' ? 'submitted' : kind === 'rejected' ? 'rejected' : 'approved';
  const isPartial = kind === 'partially_approved';
  const submittedAt = new Date(now.getTime() - 5 * H);
  const answeredAt = new Date(submittedAt.getTime() + 40 * 60_000);
  const arrival = Date.parse(content.berth_arrival);
  const answer =
    kind === 'partially_approved'
      ? { message: `Draft 14.20 m exceeds the channel limit at the requested time; passage approved for the window around high water.`, code: 'WINDOW_SHIFTED', window: { from: new Date(arrival + 2 * H), to: new Date(arrival + 4 * H) } }
      : kind === 'rejected'
        ? { message: 'Draft 15.60 m exceeds the channel limit (13.50 m + at most 1.50 m tide = 15.00 m).', code: 'DRAFT_EXCEEDS_CHANNEL_LIMIT', window: null }
        : { message: null, code: null, window: null };
  const wasSent = kind !== 'story' && kind !== 'info_required';
  await trx
    .insertInto('prise_notices')
    .values({
      portcall_id: portcallId,
      version: wasSent ? 3 : 1,
      status,
      ...own,
      submission_no: wasSent ? 1 : 0,
      reference: wasSent ? `PRISE-DEMO-${portcallId}` : null,
      submitted_content: wasSent ? storedJson('prise_submitted_content', kind === 'reopened' ? { ...content, berth_arrival: new Date(arrival - 3 * H).toISOString() } : content) : null,
      submitted_at: wasSent ? submittedAt : null,
      submitted_by: wasSent ? args.terminalUserId : null,
      answered_at: wasSent && kind !== 'submitted' ? answeredAt : null,
      is_partial: isPartial,
      accepted_window_from: answer.window?.from ?? null,
      accepted_window_to: answer.window?.to ?? null,
      message: answer.message,
      code: answer.code,
      reopened_at: kind === 'reopened' ? new Date(now.getTime() - H) : null,
      is_reopened_after_approval: kind === 'reopened',
      // A seeded submission was never sent to a port authority: nothing to poll.
      next_poll_at: null,
      created_at: submittedAt,
      updated_at: now,
    })
    .execute();
  type TWho = { creator_type: 'user' | 'automated'; system_kind: 'pcs' | null; by_user_id: number | null; acting_for_user_id: null };
  const by: TWho = { creator_type: 'user', system_kind: null, by_user_id: args.terminalUserId, acting_for_user_id: null };
  const pcs: TWho = { creator_type: 'automated', system_kind: 'pcs', by_user_id: null, acting_for_user_id: null };
  const events: { at: Date; event: 'submitted' | 'approved' | 'partially_approved' | 'rejected' | 'reopened' | 'edited'; prise_status: string | null; message?: string | null; code?: string | null; changed?: StoredJson<'prise_changed_parts'> | null; who: TWho }[] = [];
  if (!wasSent) events.push({ at: new Date(now.getTime() - 2 * H), event: 'edited', prise_status: 'prise_info_required', who: by });
  if (wasSent) events.push({ at: submittedAt, event: 'submitted', prise_status: 'prise_sent', who: by });
  if (kind === 'approved' || kind === 'reopened') events.push({ at: answeredAt, event: 'approved', prise_status: 'prise_accepted', who: pcs });
  if (kind === 'partially_approved') events.push({ at: answeredAt, event: 'partially_approved', prise_status: 'prise_partially_accepted', message: answer.message, code: answer.code, who: pcs });
  if (kind === 'rejected') events.push({ at: answeredAt, event: 'rejected', prise_status: 'prise_rejected', message: answer.message, code: answer.code, who: pcs });
  const missing = missingFields(content);
  const shown = priseStatusOf({ status, isPartial, missingCount: missing.length });
  if (kind === 'reopened') events.push({ at: new Date(now.getTime() - H), event: 'reopened', prise_status: shown.prise_status, changed: storedJson('prise_changed_parts', ['eta']), who: { ...pcs, system_kind: null } });
  if (events.length) {
    await trx
      .insertInto('prise_notice_events')
      .values(events.map((e) => ({ portcall_id: portcallId, at: e.at, event: e.event, prise_status: e.prise_status, message: e.message ?? null, code: e.code ?? null, changed: e.changed ?? null, ...e.who })))
      .execute();
  }
  const isAnswered = status === 'approved' || status === 'rejected';
  await trx
    .updateTable('portcalls')
    .set({ prise_status: shown.prise_status, prise_message: isAnswered ? answer.message : null, prise_code: isAnswered ? answer.code : null })
    .where('id', '=', portcallId)
    .execute();
}
