import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, localeSchema, messagesSchema } from '@shop/contract';

const langFile = (locale: string) =>
  fileURLToPath(import.meta.resolve(`@shop/messages/langs/${locale}.json`));

/** Storefront messages (packages/messages), served as `/media/langs/{locale}.json`. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<string, unknown>();
  app.get(
    '/media/langs/:file',
    {
      schema: {
        tags: ['media'],
        summary: 'All storefront messages of one language',
        params: z.object({ file: z.string() }),
        response: { 200: messagesSchema, 404: errorBodySchema },
      },
    },
    async (req, reply) => {
      const match = /^([a-z]{2})\.json$/.exec(req.params.file);
      const locale = localeSchema.safeParse(match?.[1]);
      if (!locale.success) return reply.code(404).send({ detail: 'Not found.' });
      let messages = cache.get(locale.data);
      if (!messages) {
        messages = JSON.parse(await readFile(langFile(locale.data), 'utf8')) as unknown;
        cache.set(locale.data, messages);
      }
      reply.header('Cache-Control', 'public, max-age=300');
      return messages as z.infer<typeof messagesSchema>;
    },
  );
};
