// The Portcast ETA provider: per call, the vessel's IMO and the port's UN/LOCODE in, a predicted berth arrival out,
// stored as source 'portcast' beside the built-in prediction. HTTP conventions follow the schedule adapter
// (schedules/ovs-client.ts): an x-api-key header, a per-request timeout, classified errors that never echo bodies.
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { TPortcastConfig } from '../../config';
import { findPortcastCandidates, upsertPrediction } from './prediction.repository';

export const PORTCAST_ERROR_KINDS = ['timeout', 'network', 'bad_credentials', 'http_4xx', 'http_5xx', 'bad_payload'] as const;
export type TPortcastErrorKind = (typeof PORTCAST_ERROR_KINDS)[number];

export class PortcastError extends Error {
  readonly kind: TPortcastErrorKind;
  constructor(kind: TPortcastErrorKind, message: string) {
    super(`${kind}: ${message}`);
    this.kind = kind;
  }
}

/**
 * Portcast publishes no public ETA schema we could check, so the request and answer are our contract (like the
 * schedule adapter's auth header, docs/schedules.md): GET {url}/v1/eta?imo=...&port=... answering
 * { imo, port, predicted_berth_arrival } with an ISO 8601 instant.
 */
const ZPortcastEta = z.object({ imo: z.string(), port: z.string(), predicted_berth_arrival: z.iso.datetime({ offset: true }) });

export type TPortcastAdapter = { fetchEta(args: { imo: string; unlocode: string }): Promise<Date> };

function describeCause(err: unknown): string {
  const cause = err instanceof Error && 'cause' in err ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
}

export function createPortcastAdapter(config: Pick<TPortcastConfig, 'url' | 'apiKey' | 'timeoutMs'>): TPortcastAdapter {
  return {
    async fetchEta({ imo, unlocode }) {
      const url = new URL(`${config.url}/v1/eta`);
      url.searchParams.set('imo', imo);
      url.searchParams.set('port', unlocode);
      const timeout = AbortSignal.timeout(config.timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, { headers: { 'x-api-key': config.apiKey, accept: 'application/json' }, signal: timeout });
      } catch (err) {
        if (timeout.aborted) throw new PortcastError('timeout', `no answer within ${config.timeoutMs} ms`);
        throw new PortcastError('network', describeCause(err));
      }
      // Only the status goes into errors: bodies may echo the key.
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        throw new PortcastError('bad_credentials', `the provider refused the key (HTTP ${response.status})`);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new PortcastError(response.status >= 500 ? 'http_5xx' : 'http_4xx', `the provider answered HTTP ${response.status}`);
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch (err) {
        if (timeout.aborted) throw new PortcastError('timeout', `no answer within ${config.timeoutMs} ms`);
        throw new PortcastError('bad_payload', 'the answer is not JSON');
      }
      const parsed = ZPortcastEta.safeParse(body);
      if (!parsed.success) throw new PortcastError('bad_payload', 'the answer lacks an ISO predicted_berth_arrival');
      if (parsed.data.imo !== imo) throw new PortcastError('bad_payload', 'the answer is about another vessel');
      return new Date(parsed.data.predicted_berth_arrival);
    },
  };
}

/** A call is asked about at most this often (the provider's figures move slowly and requests cost). */
export const PORTCAST_MIN_INTERVAL_MS = 15 * 60_000;

type TLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Asks Portcast about every call within its horizon that was not asked in the last 15 minutes and stores each
 * answer. A failed call is logged and left without a row; refused credentials stop the run (every call would fail).
 * `attempts` remembers failed asks in this process so a failing provider is not asked every minute either.
 */
export async function fetchPortcastPredictions(
  ctx: AppContext,
  args: { adapter: TPortcastAdapter; horizonDays: number; attempts: Map<number, number>; log?: TLog },
): Promise<{ stored: number; failed: number }> {
  const now = ctx.clock.now();
  const candidates = await findPortcastCandidates(ctx.db, { now, horizonMs: args.horizonDays * 24 * 3_600_000 });
  let stored = 0;
  let failed = 0;
  for (const call of candidates) {
    const lastAsked = Math.max(call.last_fetched_at ? new Date(call.last_fetched_at).getTime() : 0, args.attempts.get(call.id) ?? 0);
    if (now.getTime() - lastAsked < PORTCAST_MIN_INTERVAL_MS) continue;
    args.attempts.set(call.id, now.getTime());
    try {
      const predicted = await args.adapter.fetchEta({ imo: call.imo_number, unlocode: call.unlocode });
      await upsertPrediction(ctx.db, { portcallId: call.id, source: 'portcast', predictedTime: predicted, distanceNm: null, speedKnots: null, pilotageMinutes: null, positionReceivedAt: null, fetchedAt: now });
      stored++;
    } catch (err) {
      failed++;
      const kind = err instanceof PortcastError ? err.kind : 'unexpected';
      args.log?.error({ portcallId: call.id, kind, message: err instanceof Error ? err.message : String(err) }, 'portcast ETA fetch failed');
      if (kind === 'bad_credentials') break;
    }
  }
  args.log?.info({ stored, failed }, 'portcast ETAs fetched');
  return { stored, failed };
}
