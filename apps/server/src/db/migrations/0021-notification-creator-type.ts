// Notifications of voyages generated without a person (a provider sync, an uploaded schedule file) were stored with
// actor_side 'automated', a value the notification list does not read: the whole list answered 500 for everyone
// who had one. "automated" is a creator type (spec section 3), not a side: such a schedule is the carrier's and counts
// for the vessel side, as its request steps do. The stored rows, and the live events that carried them, are mended
// to say so (actor_side vessel_side, creator_type automated), as the writer now stores them.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update notification_messages
      set details = details || '{"actor_side": "vessel_side", "creator_type": "automated"}'::jsonb
      where details->>'actor_side' = 'automated'
  `.execute(db);
  await sql`
    update realtime_events
      set payload = jsonb_set(payload, '{details}', (payload->'details') || '{"actor_side": "vessel_side", "creator_type": "automated"}'::jsonb)
      where event = 'notification.created' and payload->'details'->>'actor_side' = 'automated'
  `.execute(db);
}
