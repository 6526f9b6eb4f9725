import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import {
  CATALOGUE_MAX_BYTES,
  CATALOGUE_MAX_REPORTED_ERRORS,
  endpoints,
  writeCatalogueFile,
  type CatalogueImportEvent,
  type CatalogueIssue,
  type CatalogueRefusal,
  type Translate,
} from '@shop/contract';
import { HttpError } from '#api/plugins/errors.ts';
import {
  applyCatalogue,
  checkCatalogue,
  exportCatalogue,
  ImportBusyError,
} from '#api/repos/catalogue-import.ts';
import { defineEndpoint, requireStaff } from './define.ts';

/** The refusal of a file, in the caller's language: the first errors by row and column, and how many. */
export function catalogueRefusal(
  t: Translate,
  issues: readonly CatalogueIssue[],
): CatalogueRefusal {
  return {
    detail: t('staffImport.refused', { count: issues.length }),
    count: issues.length,
    rows: issues.slice(0, CATALOGUE_MAX_REPORTED_ERRORS).map((issue) => ({
      row: issue.row,
      column: issue.column,
      message: t(issue.key, { field: issue.column, ...issue.values }),
    })),
  };
}

/** JSON of the whole file, with room for the JSON string's escapes. */
const IMPORT_BODY_LIMIT = CATALOGUE_MAX_BYTES + 16 * 1024 * 1024;

/**
 * The catalogue file in and out (issue 24, decision 0058): staff only, answered while the shop is
 * closed, never stored. An import is checked whole before anything is written (400 with the rows
 * and columns at fault); a streamed import (`Accept: application/x-ndjson`) tells its progress
 * batch by batch, which a page can show even on the embedded database, whose one connection the
 * import's transaction holds until it commits (a poll would wait behind it).
 */
export const catalogueImportRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app;
  const open = { shop: 'open' } as const;
  app.addHook('onSend', async (req, reply) => {
    if (/^\/[a-z]{2}\/api\/staff\//.test(req.url))
      reply.header('cache-control', 'private, no-store');
  });

  // The import takes a large body: anyone but staff is refused before it is read (the contract's
  // `auth` check runs after the body is parsed).
  app.addHook('onRequest', async (req) => {
    if (req.method === 'POST' && req.routeOptions.url?.endsWith('/staff/catalogue/import/')) {
      await requireStaff(req);
    }
  });

  defineEndpoint(
    app,
    endpoints.staffImport.importCatalogue,
    async (req, { body }, reply) => {
      const user = await requireStaff(req);
      const check = await checkCatalogue(db, body.content, body.format);
      if (!check.ok)
        return reply
          .code(400)
          .send(catalogueRefusal((key, values) => req.t(key, values), check.issues));
      const options = { userId: user.id, now: app.now() };
      if (!(req.headers.accept ?? '').includes('application/x-ndjson')) {
        try {
          return await applyCatalogue(db, check.plan, options);
        } catch (err) {
          if (err instanceof ImportBusyError) throw new HttpError(409, req.t('staffImport.busy'));
          throw err;
        }
      }
      const stream = new PassThrough();
      const write = (event: CatalogueImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
      void reply.type('application/x-ndjson; charset=utf-8').send(stream);
      try {
        const result = await applyCatalogue(db, check.plan, {
          ...options,
          onProgress: (done, total) => write({ kind: 'progress', done, total }),
        });
        write({ kind: 'done', result });
      } catch (err) {
        // The transaction rolled back: nothing of the file was written.
        if (err instanceof ImportBusyError) {
          write({ kind: 'failed', detail: req.t('staffImport.busy') });
        } else {
          req.log.error({ err }, 'catalogue import failed');
          write({ kind: 'failed', detail: req.t('staffImport.failed') });
        }
      }
      stream.end();
      return reply;
    },
    { ...open, bodyLimit: IMPORT_BODY_LIMIT },
  );

  defineEndpoint(
    app,
    endpoints.staffImport.exportCatalogue,
    async (_req, { query }, reply) => {
      const rows = await exportCatalogue(db);
      const type = query.format === 'json' ? 'application/json' : 'text/csv';
      return reply
        .type(`${type}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="catalogue.${query.format}"`)
        .send(writeCatalogueFile(rows, query.format));
    },
    open,
  );
};
