// HTTP for the user's terminals, their geometry, cranes and cargo-handling equipment.
import {
  ZCargoHandlingEquipmentPage,
  ZCargoHandlingEquipmentsQuery,
  ZErrorEnvelope,
  ZIdParams,
  ZPortalUserTerminal,
  ZTerminal,
  ZTerminalCrane,
  ZTerminalDetail,
  ZTerminalIdQuery,
  ZUpdateLastUsedTerminalRequest,
  successEnvelope,
} from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { updateCurrentTerminalCookie } from '../auth/session-cookies';
import { getCurrentTerminal, getTerminal, listCargoHandlingEquipment, listCranes, listPortalUserTerminals, listTerminals, selectCurrentTerminal } from './terminal.service';

const tags = ['Terminals'];
const errors = { '4xx': ZErrorEnvelope };

export async function terminalRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/terminals', { onRequest: requireSession, schema: { tags, summary: 'The terminals the user is linked to', response: { 200: successEnvelope(z.array(ZTerminal)), ...errors } } }, async (request) =>
    ok(await listTerminals(app.ctx, sessionOf(request))),
  );

  // A static segment wins over /terminals/:id in the router, whatever the order of registration.
  r.get('/terminals/current_terminal', { onRequest: requireSession, schema: { tags, summary: 'The last used terminal if still linked, else the first linked one', response: { 200: successEnvelope(ZTerminalDetail), ...errors } } }, async (request) =>
    ok(await getCurrentTerminal(app.ctx, sessionOf(request))),
  );

  r.get('/terminals/:id', { onRequest: requireSession, schema: { tags, summary: 'One linked terminal with sections, bollards, shifts and pilot boarding places', params: ZIdParams, response: { 200: successEnvelope(ZTerminalDetail), ...errors } } }, async (request) =>
    ok(await getTerminal(app.ctx, sessionOf(request), request.params.id)),
  );

  r.get('/portal_user_terminals', { onRequest: requireSession, schema: { tags, summary: "The user's terminal links and which one is current", response: { 200: successEnvelope(z.array(ZPortalUserTerminal)), ...errors } } }, async (request) =>
    ok(await listPortalUserTerminals(app.ctx, sessionOf(request))),
  );

  r.put('/update_last_used_terminal', { onRequest: requireSession, schema: { tags, summary: 'Make a linked terminal the current one', body: ZUpdateLastUsedTerminalRequest, response: { 200: successEnvelope(ZTerminalDetail), ...errors } } }, async (request, reply) => {
    const session = sessionOf(request);
    const terminal = await selectCurrentTerminal(app.ctx, session, request.body.terminal_id);
    await updateCurrentTerminalCookie(app.ctx, reply, session, terminal.id, app.ctx.config.secureCookies);
    return ok(terminal);
  });

  r.get('/terminal_cranes', { onRequest: requireSession, schema: { tags, summary: 'The quay cranes of a linked terminal', querystring: ZTerminalIdQuery, response: { 200: successEnvelope(z.array(ZTerminalCrane)), ...errors } } }, async (request) =>
    ok(await listCranes(app.ctx, sessionOf(request), request.query.terminal_id)),
  );

  r.get('/cargo_handling_equipments', { onRequest: requireSession, schema: { tags, summary: 'The cargo-handling equipment of a linked terminal (paged)', querystring: ZCargoHandlingEquipmentsQuery, response: { 200: successEnvelope(ZCargoHandlingEquipmentPage), ...errors } } }, async (request) =>
    ok(await listCargoHandlingEquipment(app.ctx, sessionOf(request), request.query)),
  );
}
