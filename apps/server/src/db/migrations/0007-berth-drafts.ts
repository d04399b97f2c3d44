// One sandbox draft of the berth plan per planner and terminal.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table berth_drafts (
      id serial primary key,
      portal_user_id integer not null references portal_users(id) on delete cascade,
      terminal_id integer not null references terminals(id) on delete cascade,
      changes jsonb not null default '[]'::jsonb,
      undo_stack jsonb not null default '[]'::jsonb,
      redo_stack jsonb not null default '[]'::jsonb,
      frozen_portcall_ids integer[] not null default '{}',
      version integer not null default 0,
      updated_at timestamptz,
      unique (portal_user_id, terminal_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table berth_drafts;`.execute(db);
}
