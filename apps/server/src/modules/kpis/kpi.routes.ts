// HTTP for the KPI widgets of the dashboard: overall performance and per-call KPIs (docs/kpis.md).
import { ZErrorEnvelope, ZOverallPerformance, ZOverallPerformanceQuery, ZPortcallKpis, ZPortcallKpisQuery, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { getOverallPerformance, getPortcallKpis } from './kpi.service';

const tags = ['Dashboard'];
const errors = { '4xx': ZErrorEnvelope };

export async function kpiRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/dashboard/overall_performance', { ...auth, schema: { tags, summary: 'Port performance KPIs for a period, grouped by time, vessel operator or berth section', querystring: ZOverallPerformanceQuery, response: { 200: successEnvelope(ZOverallPerformance), ...errors } } }, async (request) =>
    ok(await getOverallPerformance(app.ctx, sessionOf(request), request.query)),
  );
  r.get('/dashboard/portcall_kpis', { ...auth, schema: { tags, summary: "The KPIs chosen in portcall_kpi_settings for recent and current calls, 6 a page", querystring: ZPortcallKpisQuery, response: { 200: successEnvelope(ZPortcallKpis), ...errors } } }, async (request) =>
    ok(await getPortcallKpis(app.ctx, sessionOf(request), request.query)),
  );
}
