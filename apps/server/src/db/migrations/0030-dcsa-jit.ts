// DCSA JIT 2.0: the counterparties (a carrier's or agent's system a terminal operator connects) and the JIT objects
// exchanged with them, each kept as the standard's object beside the columns we filter and link by.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table dcsa_counterparties (
      id serial primary key,
      name text not null,
      organisation_id integer not null references organisations(id),
      terminal_operator_id integer not null references organisations(id),
      endpoint_url text not null,
      -- The system acts as a user of its organisation (so it is scoped exactly like one); its key is that user's session token.
      portal_user_id integer not null unique references portal_users(id),
      session_id integer references sessions(id),
      key_prefix text not null,
      created_by integer not null references portal_users(id),
      created_at timestamptz not null default now(),
      rotated_at timestamptz,
      revoked_at timestamptz
    );
    create index dcsa_counterparties_operator_idx on dcsa_counterparties (terminal_operator_id);

    create table jit_port_calls (
      port_call_id uuid primary key,
      jit_object jsonb not null,
      un_location_code text not null,
      vessel_imo text,
      omitted boolean not null default false,
      omit_reason text,
      owner_user_id integer not null references portal_users(id),
      owner_organisation_id integer,
      updated_at timestamptz not null
    );
    create table jit_terminal_calls (
      terminal_call_id uuid primary key,
      port_call_id uuid not null references jit_port_calls(port_call_id),
      jit_object jsonb not null,
      omitted boolean not null default false,
      omit_reason text,
      portcall_id integer references portcalls(id) on delete set null,
      terminal_id integer references terminals(id),
      updated_at timestamptz not null
    );
    create index jit_terminal_calls_port_call_idx on jit_terminal_calls (port_call_id);
    create index jit_terminal_calls_portcall_idx on jit_terminal_calls (portcall_id) where portcall_id is not null;
    create table jit_port_call_services (
      port_call_service_id uuid primary key,
      terminal_call_id uuid not null references jit_terminal_calls(terminal_call_id),
      type_code text not null,
      event_type_code text not null,
      jit_object jsonb not null,
      cancelled boolean not null default false,
      declined boolean not null default false,
      reason text,
      updated_at timestamptz not null
    );
    create index jit_port_call_services_terminal_call_idx on jit_port_call_services (terminal_call_id);
    create table jit_timestamps (
      timestamp_id uuid primary key,
      port_call_service_id uuid not null references jit_port_call_services(port_call_service_id),
      classifier_code text not null,
      date_time timestamptz not null,
      jit_object jsonb not null,
      sender_user_id integer not null references portal_users(id),
      created_at timestamptz not null
    );
    create index jit_timestamps_service_idx on jit_timestamps (port_call_service_id, created_at);
    create table jit_vessel_statuses (
      port_call_service_id uuid primary key references jit_port_call_services(port_call_service_id),
      jit_object jsonb not null,
      updated_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table jit_vessel_statuses; drop table jit_timestamps; drop table jit_port_call_services; drop table jit_terminal_calls; drop table jit_port_calls; drop table dcsa_counterparties;`.execute(db);
}
