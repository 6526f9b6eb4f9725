import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { NON_FIELD_ERRORS, type FieldErrors } from '@shop/contract';

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
 * The one error handler: validation failures become field errors (400), expected errors keep
 * their status and message, anything else is logged with the request id and answered without
 * internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldErrors = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const key = path || NON_FIELD_ERRORS;
        (fields[key] ??= []).push(issue.message ?? 'Invalid value');
      }
      return reply.code(400).send(fields);
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
