import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { localizeIssues, type IssueLike } from '@shop/contract';
import { isDatabaseUnavailable } from '#api/lib/db-errors.ts';
import { translatorFor } from '#api/lib/i18n.ts';

/** An expected failure a handler throws: answered as `{detail}` with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number, detail: string) {
    super(detail);
    this.statusCode = statusCode;
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, detail);

/**
 * The one error handler: validation failures become field errors (400) in the caller's language,
 * expected errors keep their status and message, anything else is logged with the request id and
 * answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    // Error bodies are made here, in the shapes of errorBodySchema: they are written as they are,
    // not through the route's response schema (a route whose 400 is field errors would otherwise
    // turn Fastify's own `{detail}` 400s — bad JSON, a `__proto__` key — into a 500).
    reply.serializer((payload) => JSON.stringify(payload)).type('application/json; charset=utf-8');
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Field messages in the caller's language (spec section 5), from the zod issues.
      const issues = error.validation.map((item): IssueLike => ({
        ...item.params,
        code: item.keyword,
        message: item.message,
        path: item.instancePath.split('/').filter(Boolean),
      }));
      return reply.code(400).send(localizeIssues(issues, translatorFor(req.locale)));
    }
    if (isResponseSerializationError(error)) {
      req.log.error(
        { err: error, issues: error.cause.issues },
        'response does not match its schema',
      );
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.message });
    }
    if (isStatementTimeout(error)) {
      // The database gave up on a query past DB_STATEMENT_TIMEOUT_MS; its connection is free again.
      req.log.warn({ err: error }, 'query cancelled by the statement timeout');
      reply.header('Retry-After', '5');
      return reply.code(503).send({ detail: translatorFor(req.locale)('errors.unavailable') });
    }
    if (isDatabaseUnavailable(error)) {
      // The pool reconnects by itself once the database is back: a short, honest answer.
      req.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', '10')
        .send({ detail: translatorFor(req.locale)('errors.unavailable') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to show.
    return reply.code(status).send({ detail: error.message });
  });

  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ detail: 'Not found.' });
  });
}

/** PostgreSQL's `query_canceled` (57014), as the driver or Drizzle's wrapper (`cause`) carries it. */
export function isStatementTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    if ((current as { code?: unknown }).code === '57014') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
