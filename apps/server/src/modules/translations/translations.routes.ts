// Serves the interface texts of one locale; the files are read once at start.
import { LOCALES, type TLocale, ZErrorEnvelope, ZLocale, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { type TranslationTree, loadTranslations } from './translation-files';


const ZTranslationTree: z.ZodType<TranslationTree> = z.lazy(() => z.record(z.string(), z.union([z.string(), ZTranslationTree])));

export async function translationRoutes(app: FastifyInstance): Promise<void> {
  const all = Object.fromEntries(LOCALES.map((l) => [l, loadTranslations(l)])) as Record<TLocale, TranslationTree>;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/translations/:locale',
    { schema: { tags: ['System'], summary: 'Interface texts for en, de, fr or es', params: z.object({ locale: ZLocale }), response: { 200: successEnvelope(ZTranslationTree), '4xx': ZErrorEnvelope } } },
    async (request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return ok(all[request.params.locale]);
    },
  );
}
