// Cargo quantity tables, equipment bookings and shift plans of a port call.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table portcall_cargo_details add column quantities jsonb;

    create table portcall_equipment_details (
      id serial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      cargo_handling_equipment_id integer not null references cargo_handling_equipments(id),
      start_time timestamptz not null,
      end_time timestamptz not null,
      check (end_time > start_time)
    );
    create index portcall_equipment_details_equipment on portcall_equipment_details(cargo_handling_equipment_id, start_time);
    create index portcall_equipment_details_portcall on portcall_equipment_details(portcall_id);

    create table portcall_shift_details (
      id serial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      terminal_shift_id integer references terminal_shifts(id),
      shift_number integer not null,
      start_time timestamptz not null,
      end_time timestamptz not null,
      cargo_type text,
      cargo_sub_type text,
      product_name text,
      discharge integer not null default 0,
      load integer not null default 0,
      restow integer not null default 0,
      gangs integer not null default 0,
      resource_per_shift integer,
      comments text,
      contact_person_name text,
      contact_person_phone text,
      contact_person_mail text,
      equipment_numbers text[] not null default '{}',
      check (end_time > start_time)
    );
    create index portcall_shift_details_portcall on portcall_shift_details(portcall_id, start_time);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portcall_shift_details, portcall_equipment_details; alter table portcall_cargo_details drop column quantities;`.execute(db);
}
