// OpenAPI 3.1 document generated from the zod route schemas, and a readable reference page.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Quayline portal API',
        version: '1.0.0',
        description:
          'Port-call coordination and berth planning. Every answer is an envelope {status:{status, message?}, payload}. Authenticate with the X-PORTAL-TOKEN header (or the userToken cookie) from POST /login.',
      },
      components: {
        securitySchemes: {
          portalToken: { type: 'apiKey', in: 'header', name: 'X-PORTAL-TOKEN' },
          proxyToken: { type: 'apiKey', in: 'header', name: 'X-PORTAL-PROXY-TOKEN' },
          // A DCSA JIT counterparty's API key (docs/dcsa-jit.md).
          jitApiKey: { type: 'http', scheme: 'bearer' },
        },
      },
      security: [{ portalToken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
}
