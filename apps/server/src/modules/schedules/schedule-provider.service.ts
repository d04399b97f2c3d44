// Schedule provider configuration per terminal: terminal operators of the terminal only; credentials are write-only.
import { type TScheduleProvider, ZScheduleProviderInput } from '@quayline/domain';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { refuseUnlessAllowed } from '../auth/route-permissions';
import { requireLinkedTerminal } from '../terminals/terminal.service';
import { type ProviderRow, findProvider, findProviders, insertProvider, updateProviderAtVersion } from './schedule.repository';

type TProviderInput = z.output<typeof ZScheduleProviderInput>;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toScheduleProvider(row: ProviderRow): TScheduleProvider {
  return {
    id: row.id,
    version: row.version,
    terminal_id: row.terminal_id,
    provider: row.provider,
    base_url: row.base_url,
    has_credentials: !!row.credentials,
    polling_interval_minutes: row.polling_interval_minutes,
    proposal_threshold_minutes: row.proposal_threshold_minutes,
    is_enabled: row.is_enabled,
    last_attempt_at: iso(row.last_attempt_at),
    last_success_at: iso(row.last_success_at),
    last_error: row.last_error,
    consecutive_failures: row.consecutive_failures,
    next_attempt_at: iso(row.next_attempt_at),
  };
}

/** Providers, fetches and uploads belong to the terminal (docs/voyage-center.md, "Who sees what"). */
export async function requireScheduleManager(ctx: AppContext, session: AuthSession, terminalId: number) {
  const terminal = await requireLinkedTerminal(ctx, session, terminalId);
  refuseUnlessAllowed(session.user, 'manage_schedule_providers');
  return terminal;
}

/** Configured providers only: a kind without a row has never been set up (the screen offers to configure it). */
export async function listScheduleProviders(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TScheduleProvider[]> {
  await requireScheduleManager(ctx, session, terminalId);
  return (await findProviders(ctx.db, terminalId)).map(toScheduleProvider);
}

export async function saveScheduleProvider(ctx: AppContext, session: AuthSession, input: TProviderInput): Promise<TScheduleProvider> {
  await requireScheduleManager(ctx, session, input.terminal_id);
  const now = ctx.clock.now();
  const existing = await findProvider(ctx.db, input.terminal_id, input.provider);
  const credentials = input.credentials === undefined ? undefined : input.credentials === '' ? null : input.credentials;
  if (!existing) {
    if (input.version !== undefined) throw new AppError('NOT_FOUND', { message: 'This provider is not configured yet; send it without a version.' });
    const row = await insertProvider(ctx.db, {
      terminal_id: input.terminal_id,
      provider: input.provider,
      base_url: input.base_url,
      credentials: credentials ?? null,
      polling_interval_minutes: input.polling_interval_minutes,
      proposal_threshold_minutes: input.proposal_threshold_minutes,
      is_enabled: input.is_enabled,
      // due at once: a newly configured provider is fetched on the next tick
      next_attempt_at: input.is_enabled ? now : null,
    });
    return toScheduleProvider(row);
  }
  if (input.version === undefined) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'version', message: 'Send the version you changed' }] });
  const isEnabling = input.is_enabled && !existing.is_enabled;
  const updated = await updateProviderAtVersion(ctx.db, existing.id, input.version, {
    base_url: input.base_url,
    ...(credentials !== undefined ? { credentials } : {}),
    polling_interval_minutes: input.polling_interval_minutes,
    proposal_threshold_minutes: input.proposal_threshold_minutes,
    is_enabled: input.is_enabled,
    ...(isEnabling ? { next_attempt_at: now, consecutive_failures: 0 } : {}),
  });
  if (!updated) {
    const current = await findProvider(ctx.db, input.terminal_id, input.provider);
    throw new AppError('CONFLICT', { current: current ? toScheduleProvider(current) : null });
  }
  return toScheduleProvider(updated);
}
