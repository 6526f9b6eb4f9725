import { IncomingMessage } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '#api/lib/db-errors.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { HttpError, localeOfUrl } from './errors.ts';

/*
 * What one client may cost the server: body and header sizes, how long it may take to send its
 * request, and how many requests an address may make per minute. The stricter login and mail
 * limits are in auth-limits.ts; this one shares its @fastify/rate-limit store (memory, or Redis).
 */

/** Largest request body the API reads (its JSON bodies are a few kB; reviews and checkout the most). */
export const BODY_LIMIT_BYTES = 256 * 1024;

/** Connection and request timeouts of the listening server (slow or stalled clients). */
export const SERVER_TIMEOUTS = {
  /** All request headers must arrive within this (slowloris). */
  headersTimeoutMs: 10_000,
  /** The whole request, body included, must arrive within this. */
  requestTimeoutMs: 30_000,
  /** A socket with no traffic at all is closed after this. */
  connectionTimeoutMs: 60_000,
  /** Node's default; larger headers get 431. */
  maxHeaderSize: 16 * 1024,
} as const;

/** Fastify's construction options for the limits above. */
export function serverLimitOptions(): Pick<
  FastifyServerOptions,
  | 'bodyLimit'
  | 'connectionTimeout'
  | 'requestTimeout'
  | 'onProtoPoisoning'
  | 'onConstructorPoisoning'
> & { http: { headersTimeout: number; maxHeaderSize: number } } {
  return {
    bodyLimit: BODY_LIMIT_BYTES,
    connectionTimeout: SERVER_TIMEOUTS.connectionTimeoutMs,
    requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
    http: {
      headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs,
      maxHeaderSize: SERVER_TIMEOUTS.maxHeaderSize,
    },
    // A JSON body with `__proto__` or `constructor.prototype` is refused (400), never merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  };
}

export type RequestRateLimit = {
  /** Requests allowed per address in the window; 0 turns the limit off. */
  max: number;
  windowMs: number;
  /** Requests that are not counted (the server exempts the storefront's in-process API calls). */
  exempt?: (req: FastifyRequest) => boolean;
};

export const DEFAULT_REQUEST_RATE_LIMIT: RequestRateLimit = { max: 600, windowMs: 60_000 };

/**
 * Whether a request came over the network (not an `inject`, which is how the storefront's loaders
 * call the API inside the one process: those are counted once, as the page request).
 */
export const fromNetwork = (req: FastifyRequest) => req.raw instanceof IncomingMessage;

/** Counts every request per address and answers 429 with Retry-After past the limit. */
export const requestRateLimitPlugin = fp<{ limit: RequestRateLimit }>(
  async (app, { limit }) => {
    if (limit.max <= 0) return;
    const take = app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowMs,
      keyGenerator: (req) => `requests:${req.ip}`,
    });
    let storeAway = false;
    app.addHook('onRequest', async (req, reply) => {
      if (limit.exempt?.(req)) return;
      let result: Awaited<ReturnType<typeof take>>;
      try {
        result = await take(req);
        storeAway = false;
      } catch (error) {
        // The counts live in Redis (REDIS_URL): while it is away the limit lets requests through
        // rather than refusing every page and call of the shop with a 503. The catalogue keeps
        // serving; the login limit (auth-limits.ts) still fails closed.
        if (!isDatabaseUnavailable(error)) throw error;
        if (!storeAway) req.log.warn({ err: error }, 'request limit skipped: its store is away');
        storeAway = true;
        return;
      }
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(Math.max(1, result.ttlInSeconds)));
        // In the path's language: pages (no `locale` parameter) show it on the error screen.
        throw new HttpError(429, translatorFor(localeOfUrl(req.url))('errors.tooManyRequests'));
      }
    });
  },
  { name: 'request-rate-limit', dependencies: ['auth-limits', 'i18n'] },
);

/** Keys that could reach an object's prototype if some code ever copied a query into an object. */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The query string parser: a null-prototype object of strings (arrays for repeated names), without
 * prototype keys. Broken percent-encodings decode to U+FFFD instead of failing (URLSearchParams).
 */
export function parseQuery(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null) as Record<
    string,
    string | string[]
  >;
  for (const [key, value] of new URLSearchParams(query)) {
    if (PROTOTYPE_KEYS.has(key.split(/[[.]/)[0] ?? key)) continue;
    const previous = result[key];
    if (previous === undefined) result[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else result[key] = [previous, value];
  }
  return result;
}
