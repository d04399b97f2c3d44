// Creates many voyages at once (template generation, provider data, a voyage typed in by hand): voyages, their
// schedule rows, and the port call at our terminal with its negotiation steps and audit, in a few multi-row statements.
import { type TNotificationDetails, type TVoyageSource, bollardsCovering, deriveStatus, partyOf, quayMetres, realtimeChannels, sectionAt, templateCallPlace } from '@quayline/domain';
import type { Insertable, Transaction } from 'kysely';
import type { AppContext } from '../../app-context';
import type { DB, PortcallsTable } from '../../db/schema';
import { storedJson } from '../../db/stored-json';
import type { AuthSession } from '../auth/auth.service';
import { findUsersOfSide, insertNotifications } from '../notifications/notification.repository';
import { publishEvent } from '../realtime/publish-event';

type Trx = Transaction<DB>;

/** Who creates the voyages: a person, or a provider sync / upload with no person (created_by null, creator_type automated). */
export type TVoyageWriteActor = { kind: 'user'; session: AuthSession; source: TVoyageSource } | { kind: 'automated'; source: TVoyageSource };

export type TVoyageScheduleRowWrite = {
  port_id: number;
  is_terminal_call: boolean;
  arrival: string | null;
  departure: string | null;
  arrival_classifier?: 'PLN' | 'EST' | 'ACT' | null;
  departure_classifier?: 'PLN' | 'EST' | 'ACT' | null;
  /** Defaults to the voyage's source. */
  source?: TVoyageSource;
  fetched_at?: string | null;
  status_code?: string | null;
  transport_call_reference?: string | null;
};

export type TVoyageWriteItem = {
  terminal_id: number;
  service_name: string;
  service_code?: string | null;
  vessel_id: number;
  vessel_operator_id: number;
  voyage_number_import: string;
  voyage_number_export?: string | null;
  direction?: 'N' | 'E' | 'W' | 'S' | null;
  source: TVoyageSource;
  schedule_syncable?: boolean;
  template_id?: number | null;
  /** The template occurrence (terminal arrival date, YYYY-MM-DD) a generated voyage stands for. */
  template_occurrence?: string | null;
  last_fetched_at?: string | null;
  /** In rotation order; at most one row is_terminal_call. */
  schedule: TVoyageScheduleRowWrite[];
  /**
   * Give it to create the port call at our terminal from the terminal-call row's arrival and departure, requested on
   * the vessel side's behalf exactly as POST /portcalls by the vessel side would (labels requested / newly created).
   * Omit (or null) for a voyage without a call, or when the terminal row lacks either time.
   */
  portcall?: { agent_id?: number | null; preferred_start_position_m?: number | null; berth_orientation?: 'Starboard' | 'Port' | 'Without side' | null } | null;
};

export type TInsertVoyagesResult = {
  /** One entry per item that got a new voyage, in item order. */
  created: { index: number; voyage_id: number; portcall_id: number | null }[];
  /** Items whose voyage already existed (same vessel and import number at the terminal, or the same template occurrence). */
  skipped: number[];
};

/** Rows per INSERT: the widest table (port calls) stays well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 500;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

export function voyageNameOf(item: { service_name: string; voyage_number_import: string; voyage_number_export?: string | null }): string {
  return item.voyage_number_export ? `${item.service_name} ${item.voyage_number_import}/${item.voyage_number_export}` : `${item.service_name} ${item.voyage_number_import}`;
}

const identityKey = (terminalId: number, vesselId: number, number: string) => `${terminalId}|${vesselId}|${number}`;

/** Berth geometry per terminal, read once per batch rather than once per call. */
async function loadGeometry(trx: Trx, terminalIds: number[]) {
  if (terminalIds.length === 0) return new Map<number, { quayLength: number; sections: { id: number; start_position_m: number; end_position_m: number }[]; bollards: { id: number; position_m: number }[] }>();
  const [terminals, sections, bollards] = await Promise.all([
    trx.selectFrom('terminals').select(['id', 'quay_length_m']).where('id', 'in', terminalIds).execute(),
    trx.selectFrom('terminal_sections').select(['id', 'terminal_id', 'start_position_m', 'end_position_m']).where('terminal_id', 'in', terminalIds).execute(),
    trx.selectFrom('bollards').select(['id', 'terminal_id', 'position_m']).where('terminal_id', 'in', terminalIds).orderBy('position_m').execute(),
  ]);
  return new Map(
    terminals.map((t) => [
      t.id,
      {
        quayLength: Number(t.quay_length_m),
        sections: sections.filter((s) => s.terminal_id === t.id).map((s) => ({ id: s.id, start_position_m: Number(s.start_position_m), end_position_m: Number(s.end_position_m) })),
        bollards: bollards.filter((b) => b.terminal_id === t.id).map((b) => ({ id: b.id, position_m: Number(b.position_m) })),
      },
    ]),
  );
}

/**
 * insertVoyages(ctx, trx, items, actor) -> { created: [{ index, voyage_id, portcall_id }], skipped: [index] }
 *
 * Writes every item inside the caller's transaction: voyages (skipping those that exist, so a repeat is harmless),
 * their schedule rows, and for items with `portcall` the call at our terminal with its two request steps (berth
 * arrival and departure, classifier REQ, party vessel_side) and a `created` audit event. References (ports, vessels,
 * operators) must be checked by the caller. Publishes one `portcall.updated` event per terminal and operator and one
 * summary notification per recipient, never one per call.
 */
export async function insertVoyages(ctx: AppContext, trx: Trx, items: readonly TVoyageWriteItem[], actor: TVoyageWriteActor): Promise<TInsertVoyagesResult> {
  if (items.length === 0) return { created: [], skipped: [] };
  const now = ctx.clock.now();
  const person = actor.kind === 'user' ? actor.session : null;
  const createdBy = person ? (person.actor?.id ?? person.user.id) : null;

  const voyageIdByKey = new Map<string, number>();
  for (const part of chunks(items)) {
    const rows = await trx
      .insertInto('voyages')
      .values(
        part.map((item) => ({
          terminal_id: item.terminal_id,
          template_id: item.template_id ?? null,
          service_name: item.service_name,
          service_code: item.service_code ?? null,
          vessel_id: item.vessel_id,
          vessel_operator_id: item.vessel_operator_id,
          voyage_number_import: item.voyage_number_import,
          voyage_number_export: item.voyage_number_export ?? null,
          direction: item.direction ?? null,
          source: item.source,
          schedule_syncable: item.schedule_syncable ?? true,
          template_occurrence: item.template_occurrence ?? null,
          last_fetched_at: item.last_fetched_at ?? null,
          created_by: person ? person.user.id : null,
          created_at: now,
          updated_at: now,
        })),
      )
      // Either unique index (identity, template occurrence) makes a repeat a no-op.
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'terminal_id', 'vessel_id', 'voyage_number_import'])
      .execute();
    for (const r of rows) voyageIdByKey.set(identityKey(r.terminal_id, r.vessel_id, r.voyage_number_import), r.id);
  }

  const created: { index: number; voyage_id: number; item: TVoyageWriteItem }[] = [];
  const skipped: number[] = [];
  items.forEach((item, index) => {
    const key = identityKey(item.terminal_id, item.vessel_id, item.voyage_number_import);
    const id = voyageIdByKey.get(key);
    // A second item with the same identity in one batch finds the id already taken by the first.
    if (id === undefined) skipped.push(index);
    else {
      voyageIdByKey.delete(key);
      created.push({ index, voyage_id: id, item });
    }
  });

  const portcallIdByVoyage = await insertTerminalPortcalls(trx, created, { createdBy, actor, now });

  const scheduleRows = created.flatMap(({ voyage_id, item }) =>
    item.schedule.map((row, sequence) => ({
      voyage_id,
      sequence,
      port_id: row.port_id,
      is_terminal_call: row.is_terminal_call,
      portcall_id: row.is_terminal_call ? (portcallIdByVoyage.get(voyage_id) ?? null) : null,
      arrival: row.arrival,
      departure: row.departure,
      arrival_classifier: row.arrival_classifier ?? (row.arrival ? 'PLN' : null),
      departure_classifier: row.departure_classifier ?? (row.departure ? 'PLN' : null),
      source: row.source ?? item.source,
      fetched_at: row.fetched_at ?? null,
      status_code: row.status_code ?? null,
      transport_call_reference: row.transport_call_reference ?? null,
    })),
  );
  for (const part of chunks(scheduleRows)) await trx.insertInto('voyage_schedule_rows').values(part).execute();

  await announceCreatedCalls(trx, created.filter((c) => portcallIdByVoyage.has(c.voyage_id)).map((c) => ({ ...c, portcall_id: portcallIdByVoyage.get(c.voyage_id)! })), actor, now);
  return { created: created.map(({ index, voyage_id }) => ({ index, voyage_id, portcall_id: portcallIdByVoyage.get(voyage_id) ?? null })), skipped };
}

/** The calls at our terminal for the created voyages that ask for one; returns voyage id -> port call id. */
async function insertTerminalPortcalls(trx: Trx, created: { voyage_id: number; item: TVoyageWriteItem }[], opts: { createdBy: number | null; actor: TVoyageWriteActor; now: Date }): Promise<Map<number, number>> {
  const wanted = created.flatMap(({ voyage_id, item }) => {
    const row = item.schedule.find((r) => r.is_terminal_call);
    return item.portcall && row?.arrival && row.departure ? [{ voyage_id, item, portcall: item.portcall, arrival: row.arrival, departure: row.departure }] : [];
  });
  const byVoyage = new Map<number, number>();
  if (wanted.length === 0) return byVoyage;
  const geometry = await loadGeometry(trx, [...new Set(wanted.map((w) => w.item.terminal_id))]);
  const vesselIds = [...new Set(wanted.map((w) => w.item.vessel_id))];
  const lengths = new Map((await trx.selectFrom('vessels').select(['id', 'length_overall_m']).where('id', 'in', vesselIds).execute()).map((v) => [v.id, Number(v.length_overall_m)]));
  const status = deriveStatus({ isCancelled: false, berthArrivalLabel: 'requested', berthDepartureLabel: 'requested', pilotArrivalLabel: null, cargoOperationsStarted: false });

  const values: Insertable<PortcallsTable>[] = wanted.map(({ voyage_id, item, portcall, arrival, departure }) => {
    const place = geometry.get(item.terminal_id);
    const length = lengths.get(item.vessel_id) ?? 0;
    const onQuay = templateCallPlace({ preferredStart: portcall.preferred_start_position_m ?? null, vesselLength: length, quayLength: place?.quayLength ?? null });
    const fits = onQuay !== null && place !== undefined;
    const start = onQuay?.start ?? null;
    const end = onQuay?.end ?? null;
    const section = fits ? sectionAt(place.sections, quayMetres(onQuay.start)) : null;
    const covering = fits ? bollardsCovering(place.bollards, quayMetres(onQuay.start), quayMetres(onQuay.end)) : null;
    return {
      terminal_id: item.terminal_id,
      vessel_id: item.vessel_id,
      vessel_operator_id: item.vessel_operator_id,
      agent_id: portcall.agent_id ?? null,
      status,
      berth_arrival: arrival,
      berth_departure: departure,
      berth_arrival_label: 'requested',
      berth_arrival_change_label: 'newly created',
      berth_departure_label: 'requested',
      berth_departure_change_label: 'newly created',
      pilot_boarding_place_id: null,
      pilot_boarding_place_arrival: null,
      pilot_boarding_place_arrival_label: null,
      pilot_boarding_place_arrival_change_label: null,
      pilot_boarding_place_departure: null,
      pilot_boarding_place_departure_label: null,
      pilot_boarding_place_departure_change_label: null,
      cargo_operations_start: null,
      cargo_operations_end: null,
      berth_start_position: fits ? start : null,
      berth_end_position: end,
      berth_start_bollard_id: covering?.first.id ?? null,
      berth_end_bollard_id: covering?.last.id ?? null,
      terminal_section_id: section?.id ?? null,
      berth_orientation: portcall.berth_orientation ?? null,
      service_name: item.service_name,
      voyage_number_import: item.voyage_number_import,
      voyage_number_export: item.voyage_number_export ?? null,
      previous_port_id: neighbourPort(item.schedule, -1),
      next_port_id: neighbourPort(item.schedule, 1),
      comment: null,
      berth_comment: null,
      move_count_comments: null,
      prise_status: null,
      prise_message: null,
      prise_code: null,
      zone: null,
      voyage_id,
      voyage_name: voyageNameOf(item),
      schedule_syncable: item.schedule_syncable ?? true,
      dcsa_port_call_id: null,
      dcsa_terminal_call_id: null,
      cancelled_by: null,
      cancelled_at: null,
      created_by: opts.createdBy,
      created_at: opts.now,
      updated_at: opts.now,
    };
  });
  for (const part of chunks(values)) {
    const rows = await trx.insertInto('portcalls').values(part).returning(['id', 'voyage_id']).execute();
    for (const r of rows) byVoyage.set(r.voyage_id!, r.id);
  }

  const person = opts.actor.kind === 'user' ? opts.actor.session : null;
  const creatorType = person ? ('user' as const) : ('automated' as const);
  const source = person ? null : opts.actor.source;
  const steps = wanted.flatMap(({ voyage_id, arrival, departure }) =>
    (['berth_arrival', 'berth_departure'] as const).map((time) => ({
      portcall_id: byVoyage.get(voyage_id)!,
      time_type: time,
      action: 'request',
      classifier: 'REQ',
      party: 'vessel_side',
      date_time: time === 'berth_arrival' ? arrival : departure,
      label_after: 'requested',
      previous_label: null,
      change_label_after: 'newly created',
      reply_to_id: null,
      delay_reason_code: null,
      remark: null,
      created_by: opts.createdBy,
      acting_for: person?.actor ? person.user.id : null,
      creator_type: creatorType,
      source,
      created_at: opts.now,
    })),
  );
  for (const part of chunks(steps)) await trx.insertInto('portcall_timestamps').values(part).execute();
  const audits = wanted.map(({ voyage_id, item, arrival, departure }) => ({
    portcall_id: byVoyage.get(voyage_id)!,
    event_type: 'created' as const,
    field: 'portcall',
    old_value: null,
    new_value: storedJson('audit_value', { vessel_id: item.vessel_id, berth_arrival: arrival, berth_departure: departure, voyage_id }),
    actor_user_id: opts.createdBy,
    acting_for_user_id: person?.actor ? person.user.id : null,
    creator_type: creatorType,
    source,
    created_at: opts.now,
  }));
  for (const part of chunks(audits)) await trx.insertInto('portcall_audit_events').values(part).execute();
  return byVoyage;
}

/** The port before or after our terminal in the rotation, as the call's previous / next port. */
function neighbourPort(schedule: readonly TVoyageScheduleRowWrite[], step: -1 | 1): number | null {
  const at = schedule.findIndex((r) => r.is_terminal_call);
  if (at < 0) return null;
  return schedule[at + step]?.port_id ?? null;
}

/** One notification per recipient and one realtime event per channel for the whole batch. */
async function announceCreatedCalls(trx: Trx, calls: { voyage_id: number; portcall_id: number; item: TVoyageWriteItem }[], actor: TVoyageWriteActor, now: Date): Promise<void> {
  const person = actor.kind === 'user' ? actor.session : null;
  const groups = new Map<string, typeof calls>();
  for (const call of calls) {
    const key = `${call.item.terminal_id}|${call.item.vessel_operator_id}`;
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  for (const group of groups.values()) {
    const { terminal_id, vessel_operator_id } = group[0]!.item;
    // A schedule without a person (a provider sync, an uploaded file) is the carrier's: it counts for the vessel side, as
    // its request steps do, and says that no person made it (creator type automated, spec section 3).
    const actorSide = person ? partyOf(person.user.user_type) : 'vessel_side';
    // The requests are made for the vessel side: the terminal hears of them; a terminal operator's batch tells the vessel side too.
    const sides: ('terminal' | 'vessel_side')[] = actorSide === 'terminal' ? ['vessel_side'] : ['terminal'];
    const details: TNotificationDetails = {
      field: 'voyages',
      action: 'generated',
      count: group.length,
      service_name: group[0]!.item.service_name,
      actor_name: person ? `${person.user.first_name} ${person.user.last_name}`.trim() : 'Schedule sync',
      actor_side: actorSide,
      ...(person ? {} : { creator_type: 'automated' as const, source: actor.source }),
    };
    for (const side of sides) {
      const recipients = await findUsersOfSide(trx, { side, terminalId: terminal_id, vesselOperatorId: vessel_operator_id, agentId: null, excludeUserId: person?.user.id ?? -1 });
      const stored = await insertNotifications(trx, { recipientIds: recipients.map((r) => r.id), portcall_id: group[0]!.portcall_id, notification_type: 'portcall_update', details, created_at: now });
      for (const n of stored) await publishEvent(trx, { channel: realtimeChannels.user(n.portal_user_id), event: 'notification.created', payload: { id: n.id, notification_type: 'portcall_update', portcall_id: group[0]!.portcall_id, details } });
    }
    const summary = { terminal_id, portcall_id: null, field: 'voyages', action: 'generated', portcall_ids: group.length <= 200 ? group.map((c) => c.portcall_id) : [], count: group.length };
    for (const channel of [realtimeChannels.terminal(terminal_id), realtimeChannels.vesselOperator(vessel_operator_id)]) await publishEvent(trx, { channel, event: 'portcall.updated', payload: summary });
  }
}
