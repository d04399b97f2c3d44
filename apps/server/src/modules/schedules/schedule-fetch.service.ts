// Fetching a provider (on demand or from a job) and uploading a schedule file: each becomes one sync run, and a
// provider's status (last success, last error, failures, next attempt with backoff) follows the outcome.
import { type TScheduleProviderKind, type TSyncRun, DEFAULT_PROPOSAL_THRESHOLD_MINUTES, ZFetchVoyagesRequest, ZScheduleUploadRequest } from '@quayline/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { parseCsvSchedule } from './csv-schedule';
import { OvsFetchError, type TScheduleProviderAdapter, createOvsAdapter, parseOvsPayload } from './ovs-client';
import { requireScheduleManager } from './schedule-provider.service';
import { type ProviderRow, findProvider, findProviders, findTerminalWithPort, updateProviderStatus } from './schedule.repository';
import { runScheduleSync } from './schedule-sync.service';

const MINUTE = 60_000;
/** The window asked of a provider: from yesterday (calls under way) to this far ahead. */
export const FETCH_HORIZON_DAYS = 91;

/** Backoff after the n-th failure in a row: 2^n minutes, never longer than the polling interval. */
export function backoffMinutes(consecutiveFailures: number, intervalMinutes: number): number {
  return Math.min(intervalMinutes, 2 ** Math.min(consecutiveFailures, 20));
}

export type TAdapterFactory = (kind: TScheduleProviderKind) => TScheduleProviderAdapter;
export const defaultAdapters: TAdapterFactory = (kind) => createOvsAdapter(kind);

const dateOnly = (d: Date) => d.toISOString().slice(0, 10);

/** Fetches one provider now and syncs what it answers; the provider's status records the outcome. */
export async function fetchProvider(ctx: AppContext, provider: ProviderRow, opts: { trigger: 'schedule' | 'manual'; startedBy: number | null; adapters?: TAdapterFactory; signal?: AbortSignal }): Promise<TSyncRun> {
  const terminal = await findTerminalWithPort(ctx.db, provider.terminal_id);
  if (!terminal) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const adapter = (opts.adapters ?? defaultAdapters)(provider.provider);
  const attemptedAt = ctx.clock.now();
  const { run, error } = await runScheduleSync(ctx, {
    terminalId: provider.terminal_id,
    source: provider.provider,
    trigger: opts.trigger,
    startedBy: opts.startedBy,
    thresholdMinutes: provider.proposal_threshold_minutes,
    load: () =>
      adapter.fetchSchedules({
        baseUrl: provider.base_url,
        credentials: provider.credentials,
        unlocode: terminal.unlocode,
        startDate: dateOnly(new Date(attemptedAt.getTime() - 24 * 60 * MINUTE)),
        endDate: dateOnly(new Date(attemptedAt.getTime() + FETCH_HORIZON_DAYS * 24 * 60 * MINUTE)),
        ...(opts.signal ? { signal: opts.signal } : {}),
      }),
  });
  const now = ctx.clock.now();
  if (run.outcome === 'success') {
    await updateProviderStatus(ctx.db, provider.id, { last_attempt_at: attemptedAt, last_success_at: now, last_error: null, consecutive_failures: 0, next_attempt_at: new Date(now.getTime() + provider.polling_interval_minutes * MINUTE) });
  } else {
    const failures = provider.consecutive_failures + 1;
    const kind = error instanceof OvsFetchError ? error.kind : 'sync_failed';
    await updateProviderStatus(ctx.db, provider.id, {
      last_attempt_at: attemptedAt,
      last_error: (error instanceof OvsFetchError ? error.message : `${kind}: ${run.error ?? 'unknown error'}`).slice(0, 1000),
      consecutive_failures: failures,
      next_attempt_at: new Date(now.getTime() + backoffMinutes(failures, provider.polling_interval_minutes) * MINUTE),
    });
  }
  return run;
}

/**
 * POST /schedule_providers/fetch_voyages: the named provider (even when polling is off), or every enabled one of the
 * terminal. A provider failure is a finished fetch with a failed run, answered 200 with that run.
 */
export async function fetchVoyagesNow(ctx: AppContext, session: AuthSession, body: z.output<typeof ZFetchVoyagesRequest>, adapters?: TAdapterFactory): Promise<TSyncRun[]> {
  await requireScheduleManager(ctx, session, body.terminal_id);
  let providers: ProviderRow[];
  if (body.provider) {
    const one = await findProvider(ctx.db, body.terminal_id, body.provider);
    if (!one) throw new AppError('NOT_FOUND', { message: `The ${body.provider} provider is not configured for this terminal.` });
    providers = [one];
  } else {
    providers = (await findProviders(ctx.db, body.terminal_id)).filter((p) => p.is_enabled);
  }
  const runs: TSyncRun[] = [];
  for (const provider of providers) runs.push(await fetchProvider(ctx, provider, { trigger: 'manual', startedBy: session.user.id, ...(adapters ? { adapters } : {}) }));
  return runs;
}

/** POST /schedule_providers/upload: a file that does not parse is a 400 and records nothing. */
export async function uploadSchedule(ctx: AppContext, session: AuthSession, body: z.output<typeof ZScheduleUploadRequest>): Promise<TSyncRun> {
  await requireScheduleManager(ctx, session, body.terminal_id);
  let schedules;
  if (body.format === 'csv') {
    const parsed = parseCsvSchedule(body.content);
    if (!parsed.ok) throw new AppError('VALIDATION_FAILED', { message: 'The schedule file has errors; nothing was saved.', errors: parsed.errors });
    schedules = parsed.schedules;
  } else {
    let json: unknown;
    try {
      json = JSON.parse(body.content);
    } catch {
      throw new AppError('VALIDATION_FAILED', { message: 'The schedule file is not JSON; nothing was saved.', errors: [{ path: 'content', message: 'Not JSON' }] });
    }
    try {
      schedules = parseOvsPayload(json);
    } catch (err) {
      throw new AppError('VALIDATION_FAILED', { message: 'The schedule file is not OVS v3; nothing was saved.', errors: [{ path: 'content', message: err instanceof Error ? err.message : 'Not OVS' }] });
    }
  }
  const provider = body.source === 'manual' ? undefined : await findProvider(ctx.db, body.terminal_id, body.source);
  const { run } = await runScheduleSync(ctx, {
    terminalId: body.terminal_id,
    source: body.source,
    trigger: 'upload',
    startedBy: session.user.id,
    thresholdMinutes: provider?.proposal_threshold_minutes ?? DEFAULT_PROPOSAL_THRESHOLD_MINUTES,
    load: async () => schedules,
  });
  return run;
}
