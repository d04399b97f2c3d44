// Foundation schema: organisations, master data of the quay, users, sessions, password resets, mail outbox.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organisations (
      id serial primary key,
      kind text not null check (kind in ('terminal_operator', 'vessel_operator', 'agent')),
      code text not null,
      name text not null,
      created_at timestamptz not null default now(),
      unique (kind, code)
    );

    create table ports (
      id serial primary key,
      unlocode char(5) not null unique check (unlocode ~ '^[A-Z]{2}[A-Z2-9]{3}$'),
      name text not null,
      country_code char(2) not null,
      time_zone text not null,
      latitude double precision,
      longitude double precision
    );

    create table terminals (
      id serial primary key,
      code text not null unique,
      name text not null,
      port_id integer not null references ports(id),
      terminal_operator_id integer not null references organisations(id),
      time_zone text not null default 'Europe/Berlin',
      quay_length_m integer not null check (quay_length_m > 0),
      min_clearance_m integer not null default 10,
      tide_station text,
      latitude double precision,
      longitude double precision,
      created_at timestamptz not null default now()
    );

    create table terminal_sections (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      name text not null,
      berth_type text not null check (berth_type in ('Berth', 'Blocked Zone', 'Buffer Zone')),
      start_position_m integer not null,
      end_position_m integer not null,
      water_depth_m numeric(5,2) not null,
      check (end_position_m > start_position_m)
    );
    create index terminal_sections_terminal on terminal_sections(terminal_id, start_position_m);

    create table bollards (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      name text not null,
      position_m numeric(7,2) not null,
      unique (terminal_id, name)
    );
    create index bollards_terminal on bollards(terminal_id, position_m);

    create table terminal_cranes (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      name text not null,
      crane_type text not null default 'STS',
      outreach_rows integer,
      moves_per_hour integer not null default 25,
      rail_start_m integer not null,
      rail_end_m integer not null
    );

    create table terminal_shifts (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      shift_number integer not null,
      name text not null,
      start_time time not null,
      end_time time not null,
      unique (terminal_id, shift_number)
    );

    create table blocked_zones (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      reason text not null,
      start_position_m integer not null,
      end_position_m integer not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      check (end_position_m > start_position_m),
      check (ends_at > starts_at)
    );

    create table pilot_boarding_places (
      id serial primary key,
      port_id integer not null references ports(id),
      name text not null,
      sailing_time_to_berth_minutes integer not null,
      latitude double precision,
      longitude double precision
    );

    create table vessels (
      id serial primary key,
      name text not null,
      imo_number char(7) not null unique check (imo_number ~ '^[0-9]{7}$'),
      mmsi char(9) unique check (mmsi ~ '^[0-9]{9}$'),
      call_sign text,
      flag char(2),
      vessel_type text not null,
      length_overall_m numeric(6,2) not null check (length_overall_m > 0),
      beam_m numeric(5,2) not null check (beam_m > 0),
      max_draft_m numeric(4,2) not null check (max_draft_m > 0),
      gross_tonnage integer,
      vessel_operator_id integer references organisations(id)
    );
    create index vessels_name on vessels(lower(name));

    create table portal_users (
      id serial primary key,
      email text not null,
      password_hash text not null,
      password_changed_at timestamptz not null default now(),
      password_expires_at timestamptz,
      user_type text not null check (user_type in ('terminal_operator', 'vessel_operator', 'agent')),
      organisation_id integer references organisations(id),
      first_name text not null default '',
      last_name text not null default '',
      selected_locale text not null default 'en' check (selected_locale in ('en', 'de', 'fr', 'es')),
      daily_tasks_email boolean not null default false,
      mail_receive_time text not null default '07:00',
      mail_timezone text not null default 'Europe/Berlin',
      settings jsonb not null default '{}'::jsonb,
      failed_login_count integer not null default 0,
      first_failed_login_at timestamptz,
      locked_until timestamptz,
      last_used_terminal_id integer references terminals(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index portal_users_email on portal_users(lower(email));

    create table portal_user_terminals (
      portal_user_id integer not null references portal_users(id) on delete cascade,
      terminal_id integer not null references terminals(id) on delete cascade,
      primary key (portal_user_id, terminal_id)
    );

    create table sessions (
      id serial primary key,
      token_hash text not null unique,
      portal_user_id integer not null references portal_users(id) on delete cascade,
      -- set on proxy sessions: the user who acts; portal_user_id is the user acted for
      actor_user_id integer references portal_users(id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      revoked_at timestamptz,
      user_agent text
    );
    create index sessions_user on sessions(portal_user_id);

    create table proxy_requests (
      id bigserial primary key,
      session_id integer not null references sessions(id) on delete cascade,
      actor_user_id integer not null references portal_users(id) on delete cascade,
      acted_as_user_id integer not null references portal_users(id) on delete cascade,
      method text not null,
      path text not null,
      status_code integer,
      created_at timestamptz not null default now()
    );

    create table password_reset_codes (
      id serial primary key,
      portal_user_id integer not null references portal_users(id) on delete cascade,
      code_hash text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index password_reset_codes_user on password_reset_codes(portal_user_id);

    create table mail_outbox (
      id serial primary key,
      recipient text not null,
      subject text not null,
      body_text text not null,
      body_html text,
      transport text not null check (transport in ('smtp', 'outbox')),
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      error text
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table mail_outbox, password_reset_codes, proxy_requests, sessions, portal_user_terminals, portal_users,
      vessels, pilot_boarding_places, blocked_zones, terminal_shifts, terminal_cranes, bollards, terminal_sections,
      terminals, ports, organisations;
  `.execute(db);
}
