// Voyage center: liner-service templates, voyages with their schedules, schedule providers, sync runs and
// the proposals a sync raises. Automated steps (a schedule sync) have no user: creator_type says so.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table voyage_templates (
      id serial primary key,
      terminal_id integer not null references terminals(id),
      name text not null,
      code text not null,
      vessel_operator_id integer not null references organisations(id),
      rotation jsonb not null,
      berth_window jsonb not null,
      vessel_ids integer[] not null,
      recurrence jsonb not null,
      valid_from date not null,
      valid_to date,
      import_direction text not null check (import_direction in ('N', 'E', 'W', 'S')),
      export_direction text not null check (export_direction in ('N', 'E', 'W', 'S')),
      generated_until date,
      version integer not null default 1,
      created_by integer references portal_users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (valid_to is null or valid_to >= valid_from)
    );
    create index voyage_templates_terminal on voyage_templates(terminal_id, code);

    create table voyages (
      id serial primary key,
      terminal_id integer not null references terminals(id),
      template_id integer references voyage_templates(id) on delete set null,
      service_name text not null,
      service_code text,
      vessel_id integer not null references vessels(id),
      vessel_operator_id integer not null references organisations(id),
      voyage_number_import text not null,
      voyage_number_export text,
      direction text check (direction in ('N', 'E', 'W', 'S')),
      source text not null check (source in ('template', 'gnet', 'portcast', 'manual')),
      schedule_syncable boolean not null default true,
      -- the template occurrence (terminal arrival date) a generated voyage stands for; keeps generation idempotent
      template_occurrence date,
      last_fetched_at timestamptz,
      version integer not null default 1,
      created_by integer references portal_users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index voyages_identity on voyages(terminal_id, vessel_id, voyage_number_import);
    create unique index voyages_template_occurrence on voyages(template_id, template_occurrence) where template_id is not null and template_occurrence is not null;
    create index voyages_operator on voyages(vessel_operator_id);

    create table voyage_schedule_rows (
      id serial primary key,
      voyage_id integer not null references voyages(id) on delete cascade,
      sequence integer not null,
      port_id integer not null references ports(id),
      is_terminal_call boolean not null default false,
      portcall_id integer references portcalls(id) on delete set null,
      arrival timestamptz,
      departure timestamptz,
      arrival_classifier text check (arrival_classifier in ('PLN', 'EST', 'ACT')),
      departure_classifier text check (departure_classifier in ('PLN', 'EST', 'ACT')),
      source text not null check (source in ('template', 'gnet', 'portcast', 'manual')),
      fetched_at timestamptz,
      status_code text,
      transport_call_reference text,
      unique (voyage_id, sequence)
    );
    create index voyage_schedule_rows_portcall on voyage_schedule_rows(portcall_id) where portcall_id is not null;
    create index voyage_schedule_rows_arrival on voyage_schedule_rows(voyage_id, arrival);

    create table schedule_providers (
      id serial primary key,
      terminal_id integer not null references terminals(id),
      provider text not null check (provider in ('gnet', 'portcast')),
      base_url text not null,
      credentials text,
      polling_interval_minutes integer not null default 60 check (polling_interval_minutes between 5 and 10080),
      proposal_threshold_minutes integer not null default 60 check (proposal_threshold_minutes >= 0),
      is_enabled boolean not null default true,
      last_attempt_at timestamptz,
      last_success_at timestamptz,
      last_error text,
      consecutive_failures integer not null default 0,
      next_attempt_at timestamptz,
      version integer not null default 1,
      unique (terminal_id, provider)
    );

    create table schedule_sync_runs (
      id serial primary key,
      terminal_id integer not null references terminals(id),
      source text not null check (source in ('template', 'gnet', 'portcast', 'manual')),
      trigger text not null check (trigger in ('schedule', 'manual', 'upload', 'template')),
      started_at timestamptz not null,
      finished_at timestamptz,
      outcome text not null default 'running' check (outcome in ('running', 'success', 'failed')),
      error text,
      changes jsonb not null default '[]',
      started_by integer references portal_users(id)
    );
    create index schedule_sync_runs_terminal on schedule_sync_runs(terminal_id, id desc);

    create table schedule_proposals (
      id serial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      time_type text not null check (time_type in ('berth_arrival', 'berth_departure', 'pilot_boarding_place_arrival', 'pilot_boarding_place_departure')),
      proposed_time timestamptz not null,
      current_time_value timestamptz not null,
      difference_minutes integer not null,
      source text not null check (source in ('template', 'gnet', 'portcast', 'manual')),
      sync_run_id integer references schedule_sync_runs(id) on delete set null,
      status text not null default 'open' check (status in ('open', 'applied', 'dismissed', 'superseded')),
      created_at timestamptz not null,
      resolved_at timestamptz,
      resolved_by integer references portal_users(id)
    );
    create index schedule_proposals_open on schedule_proposals(portcall_id, time_type) where status = 'open';

    alter table portcalls add constraint portcalls_voyage_fk foreign key (voyage_id) references voyages(id) on delete set null;
    create index portcalls_voyage on portcalls(voyage_id) where voyage_id is not null;

    alter table portcall_timestamps alter column created_by drop not null;
    alter table portcall_timestamps add column creator_type text not null default 'user' check (creator_type in ('user', 'automated'));
    alter table portcall_timestamps add column source text;
    alter table portcall_audit_events alter column actor_user_id drop not null;
    alter table portcall_audit_events add column creator_type text not null default 'user' check (creator_type in ('user', 'automated'));
    alter table portcall_audit_events add column source text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table portcall_audit_events drop column source, drop column creator_type;
    alter table portcall_timestamps drop column source, drop column creator_type;
    alter table portcalls drop constraint portcalls_voyage_fk;
    drop index portcalls_voyage;
    drop table schedule_proposals, schedule_sync_runs, schedule_providers, voyage_schedule_rows, voyages, voyage_templates;
  `.execute(db);
}
