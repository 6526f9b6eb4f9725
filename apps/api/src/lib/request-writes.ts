import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Whether the request being answered may have written to the database (decision 0088): a busy
 * refusal (no connection free in time) says "nothing was done, send it again" only when that is
 * true. Conservative: a write statement or a COMMIT that was sent counts, answered or not.
 */

/** One request's record: set once it may have written. */
export type RequestWrites = { wrote: boolean };

const current = new AsyncLocalStorage<RequestWrites>();

/** Runs `work` (a request's handling, as Fastify's onRequest `done`) with a record of its own. */
export function trackingWrites<T>(work: () => T): T {
  return current.run({ wrote: false }, work);
}

/** The record of the request this code runs for, if any (captured where a statement is asked). */
export const requestWrites = (): RequestWrites | undefined => current.getStore();

/** Notes that the current request may have written. */
export function noteWrite(record: RequestWrites | undefined = current.getStore()): void {
  if (record) record.wrote = true;
}

/** Whether the current request may have written (false outside a request). */
export const mayHaveWritten = (): boolean => current.getStore()?.wrote ?? false;

/** A statement that only reads (or sets a connection's setting): anything else may write. */
export const readsOnly = (text: string): boolean => /^\s*(select|show|set)\b/i.test(text);
