// HTTP for the signed-in user's details and settings.
import {
  ZEmailNotificationSettingQuery,
  ZErrorEnvelope,
  ZUpdateCanvasSettingRequest,
  ZUpdateDashboardSettingsRequest,
  ZUpdateLocaleRequest,
  ZUpdateShiftPlannerSettingRequest,
  ZSessionData,
  ZUserDetails,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { getSessionData } from './session-data.service';
import { getUserDetails, updateDashboardSettings, updateEmailNotificationSetting, updateLocale, updateSetting } from './user-settings.service';

const tags = ['User settings'];
const response = { 200: successEnvelope(ZUserDetails), '4xx': ZErrorEnvelope };

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/user_details', { onRequest: requireSession, schema: { tags, summary: 'The signed-in user and their settings', response } }, async (request) => ok(await getUserDetails(app.ctx, sessionOf(request))));

  r.get(
    '/session_data',
    { onRequest: requireSession, schema: { tags, summary: 'After sign-in in one answer: user details, terminals, current terminal, settings and proxy info', response: { 200: successEnvelope(ZSessionData), '4xx': ZErrorEnvelope } } },
    async (request) => ok(await getSessionData(app.ctx, sessionOf(request))),
  );

  r.put('/update_locale', { onRequest: requireSession, schema: { tags, summary: 'Change the interface language', body: ZUpdateLocaleRequest, response } }, async (request) =>
    ok(await updateLocale(app.ctx, sessionOf(request), request.body.selected_locale)),
  );

  r.put('/update_canvas_settings', { onRequest: requireSession, schema: { tags, summary: 'Save one berth-planner canvas setting', body: ZUpdateCanvasSettingRequest, response } }, async (request) =>
    ok(await updateSetting(app.ctx, sessionOf(request), request.body.type, request.body.value)),
  );

  r.put('/update_shift_planner_settings', { onRequest: requireSession, schema: { tags, summary: 'Save one shift-planner setting', body: ZUpdateShiftPlannerSettingRequest, response } }, async (request) =>
    ok(await updateSetting(app.ctx, sessionOf(request), request.body.type, request.body.value)),
  );

  r.put('/update_dashboard_settings', { onRequest: requireSession, schema: { tags, summary: 'Save dashboard widgets, KPIs and graphs', body: ZUpdateDashboardSettingsRequest, response } }, async (request) =>
    ok(await updateDashboardSettings(app.ctx, sessionOf(request), request.body)),
  );

  r.put('/update_email_notification_setting', { onRequest: requireSession, schema: { tags, summary: 'Daily task e-mail: on/off, time and time zone', querystring: ZEmailNotificationSettingQuery, response } }, async (request) =>
    ok(await updateEmailNotificationSetting(app.ctx, sessionOf(request), { enable: request.query.enable, receiveTime: request.query.receive_time, timezone: request.query.timezone })),
  );
}
