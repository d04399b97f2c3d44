// HTTP for the service-center reports: JSON for the screens, csv or xlsx (`type=xls`) for the downloads of spec section 2.
import { ZErrorEnvelope, ZMovementReport, ZPerformanceReport, ZReportPeriodDownloadQuery, ZReportPeriodQuery, ZSituationReport, ZSituationReportDownloadQuery, ZSituationReportQuery, successEnvelope, ZMovementReportQuery } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { sendDownload } from '../downloads/workbook';
import { downloadMovementReport, downloadPerformanceReport, downloadSituationReport, getMovementReport, getPerformanceReport, getSituationReport } from './report.service';

const tags = ['Reports'];
const errors = { '4xx': ZErrorEnvelope };

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { onRequest: requireSession };
  r.get('/situation_reports', { ...auth, schema: { tags, summary: 'Calls in port at the cut-off or due within hours_ahead', querystring: ZSituationReportQuery, response: { 200: successEnvelope(ZSituationReport), ...errors } } }, async (request) =>
    ok(await getSituationReport(app.ctx, sessionOf(request), request.query)),
  );
  r.get('/situation-reports/download', { ...auth, schema: { tags, summary: 'The situation report as csv or xlsx', querystring: ZSituationReportDownloadQuery } }, async (request, reply) => {
    const { type, locale, ...query } = request.query;
    return sendDownload(reply, await downloadSituationReport(app.ctx, sessionOf(request), query, { type, locale }));
  });
  r.get('/movement_reports', { ...auth, schema: { tags, summary: 'Arrivals, departures and berth shifts in a period, 100 a page', querystring: ZMovementReportQuery, response: { 200: successEnvelope(ZMovementReport), ...errors } } }, async (request) =>
    ok(await getMovementReport(app.ctx, sessionOf(request), request.query)),
  );
  r.get('/movement-reports/download', { ...auth, schema: { tags, summary: 'The movement report as csv or xlsx', querystring: ZReportPeriodDownloadQuery } }, async (request, reply) => {
    const { type, locale, ...query } = request.query;
    return sendDownload(reply, await downloadMovementReport(app.ctx, sessionOf(request), query, { type, locale }));
  });
  r.get('/performance_report', { ...auth, schema: { tags, summary: 'Port performance KPIs for a period per vessel operator and per berth section', querystring: ZReportPeriodQuery, response: { 200: successEnvelope(ZPerformanceReport), ...errors } } }, async (request) =>
    ok(await getPerformanceReport(app.ctx, sessionOf(request), request.query)),
  );
  r.get('/performance-report/download', { ...auth, schema: { tags, summary: 'The performance report as csv or xlsx', querystring: ZReportPeriodDownloadQuery } }, async (request, reply) => {
    const { type, locale, ...query } = request.query;
    return sendDownload(reply, await downloadPerformanceReport(app.ctx, sessionOf(request), query, { type, locale }));
  });
}
