// HTTP for the dashboard widgets user_stats, watchlist, alerts (with settings and acknowledgements) and cargo progress.
import {
  ZAcknowledgeAlertGroupRequest,
  ZAcknowledgeAlertRequest,
  ZAlertSettings,
  ZAlertSettingsPayload,
  ZAlertSettingsQuery,
  ZAlertsQuery,
  ZCargoProgress,
  ZCargoProgressQuery,
  ZDashboardAlert,
  ZDashboardAlerts,
  ZDashboardTerminalQuery,
  ZErrorEnvelope,
  ZUserStats,
  ZWatchlist,
  ZWatchlistItem,
  ZWatchlistPinRequest,
  ZWatchlistPortcallParams,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { acknowledgeAlert, acknowledgeAlertGroup, getAlertSettings, listAlerts, putAlertSettings } from './alerts.service';
import { getCargoOperationProgress } from './cargo-progress.service';
import { getUserStats } from './user-stats.service';
import { getWatchlist, markPortcallSeen, pinPortcall, unpinPortcall } from './watchlist.service';

const tags = ['Dashboard'];
const errors = { '4xx': ZErrorEnvelope };
const ZAcknowledgement = z.object({ alert: ZDashboardAlert, acknowledged_at: z.string(), acknowledged_by: z.number().int(), acting_user_id: z.number().int().nullable() });
const ZGroupAcknowledgement = z.object({ group: z.string(), keys: z.array(z.string()), acknowledged_at: z.string(), acknowledged_by: z.number().int(), acting_user_id: z.number().int().nullable() });

export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/dashboard/user_stats', { ...auth, schema: { tags, summary: 'Counts of what needs the user, each with the list it opens', querystring: ZDashboardTerminalQuery, response: { 200: successEnvelope(ZUserStats), ...errors } } }, async (request) =>
    ok(await getUserStats(app.ctx, sessionOf(request), request.query)),
  );

  r.get('/dashboard/watchlist', { ...auth, schema: { tags, summary: 'Pinned calls with their next time and what changed since last seen', response: { 200: successEnvelope(ZWatchlist), ...errors } } }, async (request) => ok(await getWatchlist(app.ctx, sessionOf(request))));
  r.post('/dashboard/watchlist', { ...auth, schema: { tags, summary: 'Pin a call (idempotent)', body: ZWatchlistPinRequest, response: { 200: successEnvelope(ZWatchlist), ...errors } } }, async (request) =>
    ok(await pinPortcall(app.ctx, sessionOf(request), request.body.portcall_id)),
  );
  r.delete('/dashboard/watchlist/:portcall_id', { ...auth, schema: { tags, summary: 'Unpin a call (idempotent)', params: ZWatchlistPortcallParams, response: { 200: successEnvelope(ZWatchlist), ...errors } } }, async (request) =>
    ok(await unpinPortcall(app.ctx, sessionOf(request), request.params.portcall_id)),
  );
  r.put('/dashboard/watchlist/:portcall_id/seen', { ...auth, schema: { tags, summary: 'Mark a pinned call as looked at', params: ZWatchlistPortcallParams, response: { 200: successEnvelope(ZWatchlistItem), ...errors } } }, async (request) =>
    ok(await markPortcallSeen(app.ctx, sessionOf(request), request.params.portcall_id)),
  );

  r.get('/dashboard/alerts', { ...auth, schema: { tags, summary: 'Rule-based alerts on the calls the user may see, grouped per vessel and rule, 10 groups a page', querystring: ZAlertsQuery, response: { 200: successEnvelope(ZDashboardAlerts), ...errors } } }, async (request) =>
    ok(await listAlerts(app.ctx, sessionOf(request), request.query)),
  );
  r.post('/dashboard/alerts/acknowledge', { ...auth, schema: { tags, summary: 'Acknowledge an alert for oneself (recorded with who and when)', body: ZAcknowledgeAlertRequest, response: { 200: successEnvelope(ZAcknowledgement), ...errors } } }, async (request) =>
    ok(await acknowledgeAlert(app.ctx, sessionOf(request), request.body.key)),
  );
  r.post('/dashboard/alerts/acknowledge_group', { ...auth, schema: { tags, summary: 'Acknowledge every open alert of a group (one vessel, one rule) for oneself', body: ZAcknowledgeAlertGroupRequest, response: { 200: successEnvelope(ZGroupAcknowledgement), ...errors } } }, async (request) =>
    ok(await acknowledgeAlertGroup(app.ctx, sessionOf(request), request.body.group)),
  );
  r.get('/dashboard/alert_settings', { ...auth, schema: { tags, summary: 'Alert thresholds of a terminal (terminal operators)', querystring: ZAlertSettingsQuery, response: { 200: successEnvelope(ZAlertSettingsPayload), ...errors } } }, async (request) =>
    ok(await getAlertSettings(app.ctx, sessionOf(request), request.query.terminal_id)),
  );
  r.put('/dashboard/alert_settings', { ...auth, schema: { tags, summary: 'Set the alert thresholds of a terminal (terminal operators)', querystring: ZAlertSettingsQuery, body: ZAlertSettings, response: { 200: successEnvelope(ZAlertSettingsPayload), ...errors } } }, async (request) =>
    ok(await putAlertSettings(app.ctx, sessionOf(request), request.query.terminal_id, request.body)),
  );

  r.get('/dashboard/cargo_operation_progress', { ...auth, schema: { tags, summary: 'Calls in Cargo Ops with volumes done and left and the projected end, 6 a page', querystring: ZCargoProgressQuery, response: { 200: successEnvelope(ZCargoProgress), ...errors } } }, async (request) =>
    ok(await getCargoOperationProgress(app.ctx, sessionOf(request), request.query)),
  );
}
