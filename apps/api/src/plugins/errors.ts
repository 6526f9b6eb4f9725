import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { localizeIssues, type ApiErrorCode, type IssueLike } from '@shop/contract';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@shop/domain';
import {
  hasCode,
  isDatabaseUnavailable,
  isPoolBusy,
  isTransactionConflict,
} from '#api/lib/db-errors.ts';

export { isDatabaseUnavailable, isPoolBusy };
import { translatorFor } from '#api/lib/i18n.ts';
import { mayHaveWritten } from '#api/lib/request-writes.ts';

/** An expected failure a handler throws: answered as `{detail}` with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  /** The contract's code of this refusal (`ApiErrorCode`), sent beside `detail`. */
  readonly code: ApiErrorCode | undefined;
  constructor(statusCode: number, detail: string, code?: ApiErrorCode) {
    super(detail);
    this.statusCode = statusCode;
    this.code = code;
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, detail);

/**
 * The refusal of every cart and checkout write while the shop's cart is off (decisions 0062,
 * 0071): 400 with the translated `orders.cartDisabled` and the contract's code `cart_disabled`.
 */
export const cartDisabled = (req: { t: (key: 'orders.cartDisabled') => string }) =>
  new HttpError(400, req.t('orders.cartDisabled'), 'cart_disabled');

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
      return reply
        .code(error.statusCode)
        .send(
          error.code === undefined
            ? { detail: error.message }
            : { detail: error.message, code: error.code },
        );
    }
    if (isStatementTimeout(error)) {
      // The database gave up on a query past DB_STATEMENT_TIMEOUT_MS; its connection is free again.
      req.log.warn({ err: error }, 'query cancelled by the statement timeout');
      reply.header('Retry-After', '5');
      return reply.code(503).send({ detail: translatorFor(req.locale)('errors.unavailable') });
    }
    if (isTransactionConflict(error)) {
      // Still meeting other orders after lib/transactions.ts retried: nothing was written, and
      // the same request a moment later will most likely pass.
      req.log.warn({ err: error }, 'transaction conflict after retries');
      return reply.code(503).header('Retry-After', '2').send(busyBody(req));
    }
    if (isPoolBusy(error)) {
      // Every connection in use and the queue for them full, or not moving for POOL_WAIT_MS
      // (decision 0083): the database answers, the shop is busy. Nothing was written.
      req.log.warn({ err: error }, 'no database connection free in time');
      return reply.code(503).header('Retry-After', '5').send(busyBody(req));
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
    if (isPrematureClose(error) && (req.raw.socket?.destroyed || reply.raw.destroyed)) {
      // The visitor left (a closed tab, a cancelled download) while a stream was being sent:
      // nobody to answer, and nothing of the shop broke.
      req.log.info({ err: error }, 'the client closed the connection during the answer');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    if (status >= 500) {
      req.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Internal server error.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type), in the caller's words.
    return sendFrameworkError(error, req, reply);
  });

  app.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send({ detail: translatorFor(localeOfUrl(req.url))('errors.request.notFound') });
  });
}

/**
 * A busy refusal's body: `code: 'busy'` (nothing of the request was written, sending it again is
 * safe: decision 0088) only while the request has written nothing (lib/request-writes.ts).
 */
function busyBody(req: FastifyRequest) {
  const detail = translatorFor(req.locale)('errors.busy');
  return mayHaveWritten() ? { detail } : { detail, code: 'busy' as const };
}

/** Node's "Premature close" (a stream ended before it finished), or one of its causes. */
const isPrematureClose = (error: unknown) =>
  hasCode(error, (code) => code === 'ERR_STREAM_PREMATURE_CLOSE');

/**
 * The locale a request's path starts with (`/de/api/…`, `/ru/products/`), English otherwise: the
 * language of answers given before (or without) the route's own `locale` parameter.
 */
export function localeOfUrl(url: string | undefined): Locale {
  const first = url?.split(/[/?#]/, 2)[1];
  return first !== undefined && isLocale(first) ? first : DEFAULT_LOCALE;
}

/** Fastify's and Node's codes for a request refused before any handler ran, as message keys. */
const FRAMEWORK_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.request.invalidJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.request.emptyJson',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.request.unsupportedMediaType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.request.bodyTooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.request.lengthMismatch',
  FST_ERR_BAD_URL: 'errors.request.badUrl',
  FST_ERR_INVALID_URL: 'errors.request.badUrl',
  HPE_HEADER_OVERFLOW: 'errors.request.headersTooLarge',
  ERR_HTTP_REQUEST_TIMEOUT: 'errors.request.timeout',
};

/** Status codes of the refusals above that Fastify's errors do not carry themselves. */
const FRAMEWORK_STATUS: Readonly<Record<string, number>> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * The answer to a request Fastify (or Node's HTTP parser) refused: its status and `{detail}` in
 * the language of the path's locale. Codes without a message of ours get a general sentence,
 * never the framework's English (which may name internals).
 */
export function frameworkRefusal(
  error: { code?: unknown; statusCode?: unknown },
  url: string | undefined,
): { status: number; body: { detail: string } } {
  const code = typeof error.code === 'string' ? error.code : '';
  const given = typeof error.statusCode === 'number' ? error.statusCode : undefined;
  const status = FRAMEWORK_STATUS[code] ?? (given && given >= 400 && given < 500 ? given : 400);
  const key = FRAMEWORK_MESSAGES[code] ?? 'errors.request.badRequest';
  return { status, body: { detail: translatorFor(localeOfUrl(url))(key) } };
}

/**
 * What a page shows for a request refused before the storefront ran (the per-address limit's
 * 429, a form post past the page body limit): its status and message, in the path's language.
 * Anything else (a 5xx, not a refusal) is `null`: the API's error handler answers it.
 */
export function pageRefusal(
  error: { code?: unknown; statusCode?: unknown },
  url: string,
): { status: number; detail: string } | null {
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status < 400 || status >= 500) return null;
  if (error instanceof HttpError) return { status, detail: error.message };
  const refusal = frameworkRefusal(error, url);
  return { status: refusal.status, detail: refusal.body.detail };
}

function sendFrameworkError(
  error: { code?: unknown; statusCode?: unknown },
  req: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, body } = frameworkRefusal(error, req.url);
  return reply
    .code(status)
    .serializer((payload) => JSON.stringify(payload))
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * Fastify's `frameworkErrors`: refusals made while routing (a broken percent-encoding in the
 * path), answered like every other refusal.
 */
export function frameworkErrors(
  error: FastifyError,
  req: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendFrameworkError(error, req, reply);
}

/**
 * Fastify's `clientErrorHandler`: what Node's HTTP parser refuses before there is a request
 * (headers past maxHeaderSize: 431, a request that took too long: 408, bytes that are no HTTP:
 * 400). The locale is read from the request line, when it arrived.
 */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node hands the bytes it had read (typed as their JSON form; it is a Buffer).
  const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket : undefined;
  const requestLine = raw?.subarray(0, 512).toString('latin1').split('\r\n', 1)[0];
  const { status, body } = frameworkRefusal(error, requestLine?.split(' ')[1]);
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Connection: close\r\n\r\n' +
        json,
    );
  }
  socket.destroy(error);
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
