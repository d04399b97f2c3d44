// Port-call fields of spec section 3 that the coordination core carries along: PRISE (port-authority) status,
// zone, voyage reference, schedule sync and who manages the call.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table portcalls
      add column zone text,
      add column prise_status text check (prise_status in ('prise_info_required', 'prise_sent', 'prise_rejected', 'prise_accepted', 'prise_partially_accepted')),
      add column prise_message text,
      add column prise_code text,
      add column voyage_id integer,
      add column voyage_name text,
      add column schedule_syncable boolean not null default false,
      add column is_managed_by_quayline boolean not null default true,
      add column is_dummy_vessel boolean not null default false,
      add column dcsa_port_call_id uuid,
      add column dcsa_terminal_call_id uuid;
    create unique index portcalls_dcsa_terminal_call on portcalls(dcsa_terminal_call_id) where dcsa_terminal_call_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table portcalls drop column zone, drop column prise_status, drop column prise_message, drop column prise_code, drop column voyage_id,
      drop column voyage_name, drop column schedule_syncable, drop column is_managed_by_quayline, drop column is_dummy_vessel,
      drop column dcsa_port_call_id, drop column dcsa_terminal_call_id;
  `.execute(db);
}
