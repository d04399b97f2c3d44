// Master data: cargo-handling equipment per terminal, and indexes for the vessel, port and zone look-ups.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table cargo_handling_equipments (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      name text not null,
      equipment_type text not null check (equipment_type in
        ('Mobile harbour crane', 'Reach stacker', 'Straddle carrier', 'Terminal tractor', 'Forklift', 'Empty container handler')),
      equipment_number text not null,
      created_at timestamptz not null default now(),
      unique (terminal_id, equipment_number)
    );

    -- IMO and MMSI searches match the first digits; pattern ops let the btree serve LIKE 'prefix%'.
    create index vessels_imo_prefix on vessels (imo_number bpchar_pattern_ops);
    create index vessels_mmsi_prefix on vessels (mmsi bpchar_pattern_ops);
    create index organisations_kind_name on organisations (kind, lower(name));
    create index blocked_zones_terminal_time on blocked_zones (terminal_id, starts_at, ends_at);
    create index pilot_boarding_places_port on pilot_boarding_places (port_id);
    create index portal_user_terminals_terminal on portal_user_terminals (terminal_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index portal_user_terminals_terminal, pilot_boarding_places_port, blocked_zones_terminal_time,
      organisations_kind_name, vessels_mmsi_prefix, vessels_imo_prefix;
    drop table cargo_handling_equipments;
  `.execute(db);
}
