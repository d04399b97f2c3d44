// DCSA JIT 2.0 outbound: every message Quayline owes a counterparty (a terminal's plan, actual, acceptance or cancel,
// and the copies for the call's other parties), kept until its endpoint took it: its status, attempts and last
// answer show on the call. One row per counterparty and message, so a message is queued and delivered once.
// Also: a JIT timestamp's id is claimed before its negotiation step runs (the primary key already makes the insert
// the one that wins); the index below serves the per-service reply chain read by the outbound messages.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table jit_outbox (
      id serial primary key,
      counterparty_id integer not null references dcsa_counterparties(id),
      message_key text not null,
      portcall_id integer references portcalls(id) on delete set null,
      method text not null check (method in ('PUT', 'POST')),
      path text not null,
      jit_body jsonb not null,
      is_fyi boolean not null default false,
      status text not null default 'pending' check (status in ('pending', 'retrying', 'sent', 'failed')),
      attempts integer not null default 0,
      last_http_status integer,
      last_error text,
      next_attempt_at timestamptz not null,
      claimed_until timestamptz,
      created_at timestamptz not null,
      delivered_at timestamptz,
      unique (counterparty_id, message_key)
    );
    create index jit_outbox_due_idx on jit_outbox (next_attempt_at, id) where status in ('pending', 'retrying');
    create index jit_outbox_portcall_idx on jit_outbox (portcall_id, id) where portcall_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table jit_outbox`.execute(db);
}
