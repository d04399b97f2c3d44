// Port calls, their cargo details, the negotiation chain of time stamps, and the audit trail.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portcalls (
      id serial primary key,
      terminal_id integer not null references terminals(id),
      vessel_id integer not null references vessels(id),
      vessel_operator_id integer not null references organisations(id),
      agent_id integer references organisations(id),
      status text not null default 'Approaching' check (status in ('Cancelled', 'Departed', 'Berthed', 'Cargo Ops', 'Arrived at PBP', 'Approaching')),
      portcall_type text not null default 'Inbound' check (portcall_type in ('Inbound', 'Shifter')),
      berth_arrival timestamptz not null,
      berth_departure timestamptz not null,
      berth_arrival_label text,
      berth_arrival_change_label text,
      berth_departure_label text,
      berth_departure_change_label text,
      pilot_boarding_place_id integer references pilot_boarding_places(id),
      pilot_boarding_place_arrival timestamptz,
      pilot_boarding_place_arrival_label text,
      pilot_boarding_place_arrival_change_label text,
      pilot_boarding_place_departure timestamptz,
      pilot_boarding_place_departure_label text,
      pilot_boarding_place_departure_change_label text,
      cargo_operations_start timestamptz,
      cargo_operations_end timestamptz,
      berth_start_position numeric(8,2),
      berth_end_position numeric(8,2),
      berth_start_bollard_id integer references bollards(id),
      berth_end_bollard_id integer references bollards(id),
      terminal_section_id integer references terminal_sections(id),
      is_bollards_linked boolean not null default true,
      berth_orientation text check (berth_orientation in ('Starboard', 'Port', 'Without side')),
      service_name text,
      voyage_number_import text,
      voyage_number_export text,
      draft_inbound numeric(4,2) not null default 0,
      draft_outbound numeric(4,2) not null default 0,
      previous_port_id integer references ports(id),
      next_port_id integer references ports(id),
      comment text,
      berth_comment text,
      cargo_quantity_status text not null default 'Draft' check (cargo_quantity_status in ('Draft', 'Confirmed', 'Actual')),
      move_count_unit text not null default 'pieces' check (move_count_unit in ('pieces', 'tons')),
      move_count_containers integer not null default 0,
      move_count_comments text,
      vessel_characteristics text[] not null default '{}',
      is_dummy boolean not null default false,
      sync_shift_cargo_volumes boolean not null default false,
      card_colour text not null default 'default',
      cancelled_by integer references portal_users(id),
      cancelled_at timestamptz,
      version integer not null default 1,
      created_by integer references portal_users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (berth_departure > berth_arrival)
    );
    create index portcalls_terminal_window on portcalls(terminal_id, berth_arrival, berth_departure);
    create index portcalls_vessel_operator on portcalls(vessel_operator_id);
    create index portcalls_agent on portcalls(agent_id);

    create table portcall_cargo_details (
      id serial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      position integer not null,
      cargo_operations_start timestamptz,
      cargo_operations_end timestamptz,
      cargo_type text not null,
      cargo_sub_type text,
      product_type text,
      move_count numeric(12,2) not null default 0,
      move_count_unit text not null default 'pieces',
      comment text,
      discharge numeric(12,2) not null default 0,
      load numeric(12,2) not null default 0,
      restow numeric(12,2) not null default 0,
      units_per_hour numeric(10,2),
      crane_intensity numeric(5,2) not null default 1
    );
    create index portcall_cargo_details_portcall on portcall_cargo_details(portcall_id, position);

    -- One row per negotiation step: the chain of who asked what and when (DCSA JIT timestamps).
    create table portcall_timestamps (
      id bigserial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      time_type text not null check (time_type in ('berth_arrival', 'berth_departure', 'pilot_boarding_place_arrival', 'pilot_boarding_place_departure')),
      action text not null,
      classifier text not null check (classifier in ('EST', 'REQ', 'PLN', 'ACT')),
      party text not null check (party in ('terminal', 'vessel_side')),
      date_time timestamptz,
      label_after text,
      previous_label text,
      change_label_after text,
      reply_to_id bigint references portcall_timestamps(id),
      delay_reason_code text,
      remark text,
      created_by integer not null references portal_users(id),
      acting_for integer references portal_users(id),
      created_at timestamptz not null default now()
    );
    create index portcall_timestamps_chain on portcall_timestamps(portcall_id, time_type, id);

    create table portcall_audit_events (
      id bigserial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      event_type text not null check (event_type in ('created', 'revised', 'accepted')),
      field text not null,
      old_value jsonb,
      new_value jsonb,
      actor_user_id integer not null references portal_users(id),
      acting_for_user_id integer references portal_users(id),
      created_at timestamptz not null default now()
    );
    create index portcall_audit_events_portcall on portcall_audit_events(portcall_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portcall_audit_events, portcall_timestamps, portcall_cargo_details, portcalls;`.execute(db);
}
