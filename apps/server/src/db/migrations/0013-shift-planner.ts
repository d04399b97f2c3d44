// Shift planner: the terminal's non-working times, gangs available per shift, and the moves actually
// worked in a shift (recorded after it, for the shift report and the progress of a call).
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table terminal_non_working_times (
      id serial primary key,
      terminal_id integer not null references terminals(id) on delete cascade,
      kind text not null check (kind in ('holiday', 'break', 'closed_shift')),
      reason text not null,
      starts_at timestamptz not null,
      ends_at timestamptz not null,
      created_by integer references portal_users(id) on delete set null,
      created_at timestamptz not null default now(),
      check (ends_at > starts_at)
    );
    create index terminal_non_working_times_terminal on terminal_non_working_times (terminal_id, starts_at, ends_at);

    alter table terminal_shifts add column gangs_available integer not null default 6 check (gangs_available between 0 and 50);
    alter table portcall_shift_details add column actual_moves integer check (actual_moves >= 0);
    -- The board reads every call's shift details in a window of days.
    create index portcall_shift_details_start on portcall_shift_details (start_time);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index portcall_shift_details_start;
    alter table portcall_shift_details drop column actual_moves;
    alter table terminal_shifts drop column gangs_available;
    drop table terminal_non_working_times;
  `.execute(db);
}
