// Serves the interface texts of one locale; the files are read once at start.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LOCALES, type TLocale, ZErrorEnvelope, ZLocale, successEnvelope } from '@quayline/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';

export type TranslationTree = { [key: string]: string | TranslationTree };

export function loadTranslations(locale: TLocale): TranslationTree {
  const file = fileURLToPath(new URL(`./locales/${locale}.json`, import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as TranslationTree;
}

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
