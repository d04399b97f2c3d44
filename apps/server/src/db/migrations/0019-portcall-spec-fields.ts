// Port-call fields of spec section 3 that need storage: the call-level cargo type, and the value each
// negotiated time had before its last change (previous_*), so "was 08:00, now 10:00" is a column read, not a walk
// through the negotiation chain. A trigger keeps previous_* right for every writer (negotiation, schedules, AIS,
// voyages) without each of them knowing about it.
import { type Kysely, sql } from 'kysely';

const TIMES = ['berth_arrival', 'berth_departure', 'pilot_boarding_place_arrival', 'pilot_boarding_place_departure'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table portcalls
      add column cargo_type text,
      add column previous_berth_arrival timestamptz,
      add column previous_berth_departure timestamptz,
      add column previous_pilot_boarding_place_arrival timestamptz,
      add column previous_pilot_boarding_place_departure timestamptz;
  `.execute(db);
  // The call's cargo type was, until now, the first cargo line's.
  await sql`
    update portcalls p set cargo_type = c.cargo_type
      from portcall_cargo_details c
      where c.portcall_id = p.id and c.position = (select min(position) from portcall_cargo_details m where m.portcall_id = p.id);
  `.execute(db);
  // Existing calls: the newest value in the time's chain that differs from the current one.
  for (const time of TIMES) {
    await sql`
      update portcalls p set ${sql.ref(`previous_${time}`)} = (
        select t.date_time from portcall_timestamps t
        where t.portcall_id = p.id and t.time_type = ${time} and t.date_time is not null and t.date_time is distinct from p.${sql.ref(time)}
        order by t.id desc limit 1
      );
    `.execute(db);
  }
  await sql`
    create function portcalls_keep_previous_times() returns trigger language plpgsql as $$
    begin
      if new.berth_arrival is distinct from old.berth_arrival then new.previous_berth_arrival := old.berth_arrival; end if;
      if new.berth_departure is distinct from old.berth_departure then new.previous_berth_departure := old.berth_departure; end if;
      if new.pilot_boarding_place_arrival is distinct from old.pilot_boarding_place_arrival then new.previous_pilot_boarding_place_arrival := old.pilot_boarding_place_arrival; end if;
      if new.pilot_boarding_place_departure is distinct from old.pilot_boarding_place_departure then new.previous_pilot_boarding_place_departure := old.pilot_boarding_place_departure; end if;
      return new;
    end $$;
  `.execute(db);
  await sql`
    create trigger portcalls_previous_times before update of berth_arrival, berth_departure, pilot_boarding_place_arrival, pilot_boarding_place_departure on portcalls
      for each row execute function portcalls_keep_previous_times();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger portcalls_previous_times on portcalls;
    drop function portcalls_keep_previous_times();
    alter table portcalls drop column cargo_type, drop column previous_berth_arrival, drop column previous_berth_departure,
      drop column previous_pilot_boarding_place_arrival, drop column previous_pilot_boarding_place_departure;
  `.execute(db);
}
