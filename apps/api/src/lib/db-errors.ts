/*
 * Telling "the database cannot be reached" apart from a bug: the first is a 503 the shop recovers
 * from by itself (the pool reconnects), the second a 500 to fix.
 */

/** Node socket errors and PostgreSQL's connection-exception (08…) and shutdown (57P0…) codes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  // The pool's queue refused the ask (db/client.ts PoolBusyError): not a bug either, and a page
  // shows the 503 screen for it; the API answers it "busy" (isPoolBusy, plugins/errors.ts).
  'POOL_BUSY',
]);

const UNAVAILABLE_MESSAGES =
  /connection terminated|timeout exceeded when trying to connect|timeout expired|connection error|Connection refused|server closed the connection|Query read timeout|is not queryable|Stream isn't writeable|Connection is closed|Command timed out/i;

/**
 * Whether `error` (or one of its causes: drizzle wraps the driver's) says the database, or Redis
 * (ioredis' "Stream isn't writeable", "Connection is closed", "Command timed out"), is away.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

/** A connection refused or unreachable, or PostgreSQL shutting down or not yet started (57P0…). */
const REFUSED_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
]);

/**
 * Whether `error` (or one of its causes) says the database is away by itself, unlike a timeout
 * (a slow new connection on a loaded machine, a single query without an answer), which says so
 * only while no other connection is answered either (db/client.ts looksAway, decision 0083).
 */
export function isConnectionRefused(error: unknown): boolean {
  return hasCode(error, (code) => REFUSED_CODES.has(code));
}

/**
 * Whether `error` (or one of its causes) is the pool's refusal of a busy moment (db/client.ts
 * PoolBusyError: its queue full, or no connection free within POOL_WAIT_MS): the database
 * answers, the shop is busy (decision 0083).
 */
export function isPoolBusy(error: unknown): boolean {
  return hasCode(error, (code) => code === 'POOL_BUSY');
}

/** PostgreSQL's deadlock_detected (40P01) and serialization_failure (40001). */
const CONFLICT_CODES = new Set(['40P01', '40001']);

/**
 * Whether `error` (or one of its causes) is a transaction PostgreSQL rolled back because it met
 * another one: nothing was written, and the same transaction run again will likely pass.
 */
export function isTransactionConflict(error: unknown): boolean {
  return hasCode(error, (code) => CONFLICT_CODES.has(code));
}

/** Whether `error`, or one of its causes (five deep), carries a `code` that `matches`. */
export function hasCode(error: unknown, matches: (code: string) => boolean): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return false;
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && matches(code)) return true;
    current = cause;
  }
  return false;
}
