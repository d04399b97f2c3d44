// PRISE pre-arrival notices: one notice per port call with its own fields, the submitted snapshot the
// reopen check compares against, the port authority's answer, and the polling state; plus the notice's history.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table prise_notices (
      portcall_id integer primary key references portcalls(id) on delete cascade,
      version integer not null default 1,
      status text not null default 'draft' check (status in ('draft', 'submitted', 'approved', 'rejected')),
      dangerous_goods boolean,
      persons_on_board integer check (persons_on_board is null or persons_on_board > 0),
      -- Counts submissions: an answer to an older one (after a reopen and resubmit) is ignored.
      submission_no integer not null default 0,
      reference text,
      -- The content as sent; eta, draft and berth in it are compared with the call after every write.
      submitted_content jsonb,
      submitted_at timestamptz,
      submitted_by integer references portal_users(id) on delete set null,
      acting_for integer references portal_users(id) on delete set null,
      answered_at timestamptz,
      is_partial boolean not null default false,
      accepted_window_from timestamptz,
      accepted_window_to timestamptz,
      message text,
      code text,
      reopened_at timestamptz,
      -- Set when a change after an approval sent it back to draft (a dashboard warning until it is resubmitted).
      is_reopened_after_approval boolean not null default false,
      -- Polling of a submitted notice: when the next poll is due and how many ran (the claim of a poll job).
      next_poll_at timestamptz,
      poll_attempts integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index prise_notices_awaiting_answer on prise_notices (next_poll_at) where status = 'submitted';
    create table prise_notice_events (
      id serial primary key,
      portcall_id integer not null references portcalls(id) on delete cascade,
      at timestamptz not null,
      event text not null check (event in ('submitted', 'approved', 'partially_approved', 'rejected', 'reopened', 'edited')),
      creator_type text not null check (creator_type in ('user', 'automated')),
      system_kind text check (system_kind in ('pcs', 'tos')),
      by_user_id integer references portal_users(id) on delete set null,
      acting_for_user_id integer references portal_users(id) on delete set null,
      prise_status text,
      message text,
      code text,
      changed jsonb
    );
    create index prise_notice_events_portcall on prise_notice_events (portcall_id, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table prise_notice_events; drop table prise_notices;`.execute(db);
}
