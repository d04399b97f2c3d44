// `npm start` with the demo data: the local OVS schedule provider runs in-process on an ephemeral port of 127.0.0.1 and
// each demo terminal's gnet provider points at it, so the voyage center's "Fetch now" syncs out of the box.
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { startLocalScheduleProvider } from './local-schedule-provider';
import { findProvider, findPublishableStops, findTerminalsWithVoyages, insertProvider, updateProviderBaseUrl } from './schedule.repository';

/** The demo provider's bearer token; only the in-process provider on 127.0.0.1 accepts it. */
export const DEMO_SCHEDULE_TOKEN = 'quayline-demo-schedules';
const POLLING_MINUTES = 60;

export async function startDemoScheduleProvider(db: Kysely<DB>, config: AppConfig): Promise<{ url: string | null; close(): Promise<void> }> {
  if (!config.seedDemo) return { url: null, close: async () => {} };
  const provider = await startLocalScheduleProvider({ token: DEMO_SCHEDULE_TOKEN, readStops: (args) => findPublishableStops(db, args) });
  const now = new Date();
  for (const terminalId of await findTerminalsWithVoyages(db)) {
    const existing = await findProvider(db, terminalId, 'gnet');
    if (!existing) {
      await insertProvider(db, { terminal_id: terminalId, provider: 'gnet', base_url: provider.url, credentials: DEMO_SCHEDULE_TOKEN, polling_interval_minutes: POLLING_MINUTES, is_enabled: true, next_attempt_at: new Date(now.getTime() + POLLING_MINUTES * 60_000) });
    } else if (existing.credentials === DEMO_SCHEDULE_TOKEN) {
      // Still the demo's own provider: follow it to this start's port. A provider someone configured is left alone.
      await updateProviderBaseUrl(db, existing.id, provider.url);
    }
  }
  return provider;
}
