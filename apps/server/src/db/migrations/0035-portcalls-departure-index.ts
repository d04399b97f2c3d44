// The reads about today (tasks, the dashboard's counts and alerts, planning windows, the situation report) ask for
// calls that depart after a moment and arrive before another. The window index leads with the arrival, so its range
// runs from the terminal's first call ever up to the window's end: years of history read to answer about this week.
// Led by the departure, the range starts at the window: what is read stays the same as history grows.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index portcalls_terminal_departure on portcalls(terminal_id, berth_departure, berth_arrival)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index portcalls_terminal_departure`.execute(db);
}
