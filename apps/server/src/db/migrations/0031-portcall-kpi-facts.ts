// Each call's KPI inputs (waiting time, deviations, turnaround, productivity, response times...: docs/kpis.md), kept
// in a table so that a year of KPIs aggregates kept figures instead of walking every call's time-stamp chain and cargo
// lines again on every dashboard read. A figure changes only when the call, its time stamps, its cargo lines or its
// pilot boarding place change; triggers on those tables mark the call stale, and a KPI read recomputes the stale calls
// it is about to aggregate (modules/kpis/kpi-facts.ts) before it reads.
//
// Why the marks are a log and not a set of ids: a KPI read computes with the snapshot its statement started with, and
// deletes only the marks that snapshot sees. A change committed later leaves its own mark, so the call stays stale
// for the next read; with one row per call, the later change would find the row already there and its mark would be
// lost with the read's older figures. Appending never waits on another writer either (no row to lock).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table portcall_kpi_facts (
      portcall_id integer primary key references portcalls(id) on delete cascade,
      waiting_h double precision,
      arrival_dev_h double precision,
      departure_dev_h double precision,
      turnaround_h double precision,
      berth_productivity double precision,
      ops_rate double precision,
      agreed_before_arrival boolean,
      eta_error_h double precision,
      moves double precision,
      crane_intensity double precision,
      terminal_response_h double precision[] not null default '{}',
      vessel_side_response_h double precision[] not null default '{}',
      computed_at timestamptz not null default now()
    );
    -- No foreign key: a mark may outlive its call (a cascade deletes the call's time stamps after the call itself).
    create table portcall_kpi_stale (
      seq bigserial primary key,
      portcall_id integer not null
    );
    create index portcall_kpi_stale_portcall on portcall_kpi_stale(portcall_id);
    insert into portcall_kpi_stale (portcall_id) select id from portcalls;

    create function kpi_stale_mark_calls(ids integer[]) returns void language sql as $$
      insert into portcall_kpi_stale (portcall_id) select distinct unnest(ids)
    $$;
    create function kpi_stale_from_portcalls() returns trigger language plpgsql as $$
    begin
      perform kpi_stale_mark_calls(array(select id from changed_rows));
      return null;
    end $$;
    create function kpi_stale_from_call_rows() returns trigger language plpgsql as $$
    begin
      perform kpi_stale_mark_calls(array(select portcall_id from changed_rows where portcall_id is not null));
      return null;
    end $$;
    create function kpi_stale_from_pilot_places() returns trigger language plpgsql as $$
    begin
      perform kpi_stale_mark_calls(array(select p.id from portcalls p where p.pilot_boarding_place_id in (select id from changed_rows)));
      return null;
    end $$;
    create function kpi_stale_everything() returns trigger language plpgsql as $$
    begin
      perform kpi_stale_mark_calls(array(select id from portcalls));
      return null;
    end $$;

    create trigger kpi_stale_insert after insert on portcalls referencing new table as changed_rows
      for each statement execute function kpi_stale_from_portcalls();
    create trigger kpi_stale_update after update on portcalls referencing new table as changed_rows
      for each statement execute function kpi_stale_from_portcalls();
  `.execute(db);
  for (const table of ['portcall_timestamps', 'portcall_cargo_details'] as const) {
    await sql`
      create trigger kpi_stale_insert after insert on ${sql.table(table)} referencing new table as changed_rows
        for each statement execute function kpi_stale_from_call_rows();
      create trigger kpi_stale_update_new after update on ${sql.table(table)} referencing new table as changed_rows
        for each statement execute function kpi_stale_from_call_rows();
      create trigger kpi_stale_update_old after update on ${sql.table(table)} referencing old table as changed_rows
        for each statement execute function kpi_stale_from_call_rows();
      create trigger kpi_stale_delete after delete on ${sql.table(table)} referencing old table as changed_rows
        for each statement execute function kpi_stale_from_call_rows();
      create trigger kpi_stale_truncate after truncate on ${sql.table(table)} for each statement execute function kpi_stale_everything();
    `.execute(db);
  }
  await sql`
    create trigger kpi_stale_update after update on pilot_boarding_places referencing new table as changed_rows
      for each statement execute function kpi_stale_from_pilot_places();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['portcall_timestamps', 'portcall_cargo_details'] as const) {
    await sql`
      drop trigger kpi_stale_insert on ${sql.table(table)};
      drop trigger kpi_stale_update_new on ${sql.table(table)};
      drop trigger kpi_stale_update_old on ${sql.table(table)};
      drop trigger kpi_stale_delete on ${sql.table(table)};
      drop trigger kpi_stale_truncate on ${sql.table(table)};
    `.execute(db);
  }
  await sql`
    drop trigger kpi_stale_insert on portcalls;
    drop trigger kpi_stale_update on portcalls;
    drop trigger kpi_stale_update on pilot_boarding_places;
    drop function kpi_stale_from_portcalls();
    drop function kpi_stale_from_call_rows();
    drop function kpi_stale_from_pilot_places();
    drop function kpi_stale_everything();
    drop function kpi_stale_mark_calls(integer[]);
    drop table portcall_kpi_stale;
    drop table portcall_kpi_facts;
  `.execute(db);
}
