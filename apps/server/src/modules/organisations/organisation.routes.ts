// HTTP for the vessel operator, agent and terminal operator look-ups.
import { ZErrorEnvelope, ZOrganisationPage, ZOrganisationsQuery, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { requireSession, sessionOf } from '../../plugins/auth';
import { searchLinkedTerminalOperators, searchOrganisations } from './organisation.service';

const tags = ['Organisations'];
const schema = (summary: string) => ({ tags, summary, querystring: ZOrganisationsQuery, response: { 200: successEnvelope(ZOrganisationPage), '4xx': ZErrorEnvelope } });

export async function organisationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/vessel_operators', { onRequest: requireSession, schema: schema('Search vessel operators by name or code (paged)') }, async (request) =>
    ok(await searchOrganisations(app.ctx, 'vessel_operator', request.query)),
  );

  r.get('/terminal_operators', { onRequest: requireSession, schema: schema('Search the operators of the terminals the user is linked to by name or code (paged)') }, async (request) =>
    ok(await searchLinkedTerminalOperators(app.ctx, sessionOf(request), request.query)),
  );

  r.get('/agents', { onRequest: requireSession, schema: schema('Search agents by name or code (paged)') }, async (request) => ok(await searchOrganisations(app.ctx, 'agent', request.query)));
}
