// Dashboard: pinned calls per user, alert thresholds per terminal, and who acknowledged which alert when.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table watchlist_entries (
      portal_user_id integer not null references portal_users(id) on delete cascade,
      portcall_id integer not null references portcalls(id) on delete cascade,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      primary key (portal_user_id, portcall_id)
    );

    create table terminal_alert_settings (
      terminal_id integer primary key references terminals(id) on delete cascade,
      unanswered_request_minutes integer not null,
      arrival_deviation_minutes integer not null,
      cargo_delay_minutes integer not null,
      under_keel_clearance_m numeric(4, 2) not null,
      horizon_hours integer not null,
      updated_by integer references portal_users(id),
      updated_at timestamptz not null
    );

    -- The audit of acknowledgements: one row per user and alert key, with the real person behind a proxy.
    create table alert_acknowledgements (
      id serial primary key,
      portal_user_id integer not null references portal_users(id) on delete cascade,
      acting_user_id integer references portal_users(id),
      alert_key text not null,
      rule text not null,
      portcall_id integer not null references portcalls(id) on delete cascade,
      acknowledged_at timestamptz not null,
      unique (portal_user_id, alert_key)
    );
    create index alert_acknowledgements_portcall on alert_acknowledgements(portcall_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table alert_acknowledgements; drop table terminal_alert_settings; drop table watchlist_entries;`.execute(db);
}
