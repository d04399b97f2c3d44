// Two reads scanned every call of the port, so their cost grew with history although they answer about today:
// - the calls in one state (the cargo-progress widget asks for the calls in Cargo Ops): all but a few hundred calls
//   have departed, so an index led by the status holds just the calls in that state;
// - whether a voyage is still ahead (the voyage list): its calls departing after now, read from the calls that
//   belong to a voyage, in departure order, instead of from all calls.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index portcalls_status_terminal on portcalls(status, terminal_id)`.execute(db);
  await sql`create index portcalls_voyage_departure on portcalls(berth_departure, voyage_id) where voyage_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index portcalls_voyage_departure`.execute(db);
  await sql`drop index portcalls_status_terminal`.execute(db);
}
