// Demo voyage center: two liner-service templates (not generated) and voyages built from the demo's own container calls,
// so the voyage list is not empty on a fresh install. Creates no port call and moves none: it only links them.
import type { TRotationStop, TVoyageTemplateFields } from '@quayline/domain';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { storedJson } from '../db/stored-json';

const HOUR_MS = 3_600_000;

type TSeedVoyagesWorld = { terminalId: number; terminalUserId: number; now: Date };

function localDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export async function seedDemoVoyages(trx: Transaction<DB>, world: TSeedVoyagesWorld): Promise<void> {
  const terminal = await trx.selectFrom('terminals').select(['id', 'port_id']).where('id', '=', world.terminalId).executeTakeFirstOrThrow();
  const ports = new Map((await trx.selectFrom('ports').select(['id', 'unlocode']).execute()).map((p) => [p.unlocode, p.id]));
  const port = (unlocode: string) => ports.get(unlocode)!;
  const operators = new Map((await trx.selectFrom('organisations').select(['id', 'code']).where('kind', '=', 'vessel_operator').execute()).map((o) => [o.code, o.id]));
  const containerVessels = async (operatorId: number) =>
    (await trx.selectFrom('vessels').select('id').where('vessel_operator_id', '=', operatorId).where('vessel_type', '=', 'CONTAINER').orderBy('id').limit(3).execute()).map((v) => v.id);

  const stop = (unlocode: string, day_offset: number, arrival_time: string, stay_hours: number, isTerminal = false): TRotationStop => ({ port_id: unlocode === 'DEHAM' ? terminal.port_id : port(unlocode), is_terminal_call: isTerminal, day_offset, arrival_time, stay_hours });
  const templates: (Omit<TVoyageTemplateFields, 'terminal_id'> & { vessel_ids: number[] })[] = [];
  const nordic = operators.get('NRDL');
  const baltic = operators.get('BLTS');
  if (nordic !== undefined) {
    templates.push({
      name: 'Nordic Line North Europe',
      code: 'NEU4',
      vessel_operator_id: nordic,
      rotation: [stop('NLRTM', 0, '06:00', 20), stop('BEANR', 1, '08:00', 18), stop('DEHAM', 3, '07:00', 22, true), stop('PLGDN', 5, '12:00', 16), stop('SEGOT', 7, '06:00', 14)],
      berth_window: { arrival_weekday: 3, preferred_start_position_m: 200, berth_orientation: 'Port' },
      vessel_ids: await containerVessels(nordic),
      recurrence: { interval_weeks: 1, exceptions: [] },
      valid_from: localDate(world.now),
      valid_to: null,
      import_direction: 'W',
      export_direction: 'E',
    });
  }
  if (baltic !== undefined) {
    templates.push({
      name: 'Baltic Loop',
      code: 'BLT2',
      vessel_operator_id: baltic,
      rotation: [stop('DEHAM', 0, '14:00', 16, true), stop('DKAAR', 2, '06:00', 12), stop('PLGDN', 4, '08:00', 14)],
      berth_window: { arrival_weekday: 6, preferred_start_position_m: 900, berth_orientation: 'Starboard' },
      vessel_ids: await containerVessels(baltic),
      recurrence: { interval_weeks: 2, exceptions: [] },
      valid_from: localDate(world.now),
      valid_to: null,
      import_direction: 'N',
      export_direction: 'S',
    });
  }
  const usable = templates.filter((t) => t.vessel_ids.length > 0);
  if (usable.length) {
    await trx
      .insertInto('voyage_templates')
      .values(
        usable.map((t) => ({
          terminal_id: world.terminalId,
          name: t.name,
          code: t.code,
          vessel_operator_id: t.vessel_operator_id,
          rotation: storedJson('template_rotation', t.rotation),
          berth_window: storedJson('template_berth_window', t.berth_window),
          vessel_ids: t.vessel_ids,
          recurrence: storedJson('template_recurrence', t.recurrence),
          valid_from: t.valid_from,
          valid_to: t.valid_to,
          import_direction: t.import_direction,
          export_direction: t.export_direction,
          created_by: world.terminalUserId,
          created_at: world.now,
          updated_at: world.now,
        })),
      )
      .execute();
  }
  await linkCallsToVoyages(trx, world);
}

/** One voyage per vessel and import number among the demo's calls that name a service; the calls keep their times. */
const isSyncStopped = (firstCallId: number) => firstCallId % 7 === 3;

async function linkCallsToVoyages(trx: Transaction<DB>, world: TSeedVoyagesWorld): Promise<void> {
  const calls = await trx
    .selectFrom('portcalls')
    .select(['id', 'vessel_id', 'vessel_operator_id', 'service_name', 'voyage_number_import', 'voyage_number_export', 'berth_arrival', 'berth_departure', 'previous_port_id', 'next_port_id'])
    .where('terminal_id', '=', world.terminalId)
    .where('service_name', 'is not', null)
    .where('voyage_number_import', 'is not', null)
    .orderBy('berth_arrival')
    .orderBy('id')
    .execute();
  const groups = new Map<string, typeof calls>();
  for (const call of calls) {
    const key = `${call.vessel_id}|${call.voyage_number_import}`;
    groups.set(key, [...(groups.get(key) ?? []), call]);
  }
  const firsts = [...groups.values()].map((g) => g[0]!);
  if (firsts.length === 0) return;
  const voyages = await trx
    .insertInto('voyages')
    .values(
      firsts.map((c) => ({
        terminal_id: world.terminalId,
        service_name: c.service_name!,
        service_code: null,
        vessel_id: c.vessel_id,
        vessel_operator_id: c.vessel_operator_id,
        voyage_number_import: c.voyage_number_import!,
        voyage_number_export: c.voyage_number_export,
        direction: c.voyage_number_import!.endsWith('W') ? 'W' : null,
        source: 'manual' as const,
        // Linked voyages follow their schedule; every seventh was stopped by a planner, so both states show.
        schedule_syncable: isSyncStopped(c.id) ? false : true,
        created_by: world.terminalUserId,
        created_at: world.now,
        updated_at: world.now,
      })),
    )
    .returning(['id', 'vessel_id', 'voyage_number_import'])
    .execute();
  const voyageOf = new Map(voyages.map((v) => [`${v.vessel_id}|${v.voyage_number_import}`, v.id]));
  const rows = firsts.flatMap((c) => {
    const voyageId = voyageOf.get(`${c.vessel_id}|${c.voyage_number_import}`)!;
    const arrival = new Date(c.berth_arrival).getTime();
    const departure = new Date(c.berth_departure).getTime();
    const base = { voyage_id: voyageId, portcall_id: null, arrival_classifier: 'PLN' as const, departure_classifier: 'PLN' as const, source: 'manual' as const, is_terminal_call: false };
    // Previous port about two days before our berth, next port about a day after: plausible short-sea legs.
    const list = [
      ...(c.previous_port_id ? [{ ...base, port_id: c.previous_port_id, arrival: new Date(arrival - 42 * HOUR_MS), departure: new Date(arrival - 30 * HOUR_MS) }] : []),
      { ...base, port_id: 0, is_terminal_call: true, portcall_id: c.id, arrival: new Date(arrival), departure: new Date(departure) },
      ...(c.next_port_id ? [{ ...base, port_id: c.next_port_id, arrival: new Date(departure + 20 * HOUR_MS), departure: new Date(departure + 32 * HOUR_MS) }] : []),
    ];
    // A stop already past happened: it reads as actual, not as a plan.
    const classifier = (at: Date) => (at.getTime() <= world.now.getTime() ? ('ACT' as const) : ('PLN' as const));
    return list.map((r, sequence) => ({ ...r, sequence, arrival_classifier: classifier(r.arrival), departure_classifier: classifier(r.departure) }));
  });
  const terminal = await trx.selectFrom('terminals').select('port_id').where('id', '=', world.terminalId).executeTakeFirstOrThrow();
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('voyage_schedule_rows')
      .values(rows.slice(i, i + 500).map((r) => ({ ...r, port_id: r.is_terminal_call ? terminal.port_id : r.port_id })))
      .execute();
  }
  for (const [key, group] of groups) {
    const voyageId = voyageOf.get(key)!;
    const first = group[0]!;
    const voyageName = first.voyage_number_export ? `${first.service_name} ${first.voyage_number_import}/${first.voyage_number_export}` : `${first.service_name} ${first.voyage_number_import}`;
    // The demo's numbers are random: a call of another service that drew the same number is not this voyage.
    const members = group.filter((c) => c.service_name === first.service_name).map((c) => c.id);
    await trx.updateTable('portcalls').set({ voyage_id: voyageId, voyage_name: voyageName, schedule_syncable: !isSyncStopped(first.id) }).where('id', 'in', members).execute();
  }
}
