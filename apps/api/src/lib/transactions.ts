import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { IN_LINE_MARK, lineWaitMs, OUT_OF_LINE_MARK, type Database } from '#api/db/client.ts';
import { rowsOf } from '#api/db/rows.ts';
import { isTransactionConflict } from './db-errors.ts';

/*
 * Transactions that change money or stock meet each other: two orders of overlapping carts, an
 * order and a cart write. PostgreSQL then rolls one back (a deadlock, 40P01, or a serialization
 * failure, 40001) and nothing of it was written, so running it again is safe and usually passes.
 * After a few tries the caller gets a 503 "busy" with Retry-After (plugins/errors.ts), never a 500.
 */

export type RetryOptions = {
  /** How many times the work runs at most (the first run included). */
  attempts?: number;
  /** The backoff's scale: the n-th retry waits up to baseDelayMs × 2^(n−1), at random. */
  baseDelayMs?: number;
  /** Told of each retry (the caller logs it). */
  onRetry?: (error: unknown, attempt: number) => void;
  /** For tests: the clock and the dice. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

export const TRANSACTION_ATTEMPTS = 4;
const BASE_DELAY_MS = 25;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` and runs it again (at most `attempts` times in all) while it fails with a
 * transaction conflict, waiting a random part of a doubling delay in between ("full jitter": two
 * transactions that met do not meet again at the same moment). Any other error, and the last
 * conflict, go to the caller.
 */
export async function withRetries<T>(
  work: (attempt: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? TRANSACTION_ATTEMPTS;
  const base = options.baseDelayMs ?? BASE_DELAY_MS;
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work(attempt);
    } catch (error) {
      if (attempt >= attempts || !isTransactionConflict(error)) throw error;
      options.onRetry?.(error, attempt);
      await sleep(Math.round(random() * base * 2 ** (attempt - 1)));
    }
  }
}

/**
 * `fn` in one transaction, run again on a deadlock or serialization failure (see withRetries).
 * Inside a transaction already, `fn` runs in a savepoint and is not retried on its own: the
 * conflict aborted the outer transaction, whose own inTransaction runs it all again.
 */
export function inTransaction<T>(
  db: Database,
  fn: (tx: Database) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const run = () => db.transaction((tx) => fn(tx as Database));
  if (db instanceof PgTransaction) return run();
  return withRetries(run, options);
}

/**
 * Runs `work` (statements that take row locks) in `tx` with the statement timeout raised to
 * LOCK_WAIT_MS (never lowered: a longer DB_STATEMENT_TIMEOUT_MS is kept) for this transaction,
 * then sets the timeout back (decision 0083): waiting there is
 * queueing, not a slow query. The pool's read timeout follows on that connection (db/client.ts,
 * IN_LINE_MARK). A timeout that is off (0, as on PGlite, or DB_STATEMENT_TIMEOUT_MS=0) stays off.
 */
export async function waitingInLine<T>(tx: Database, work: () => Promise<T>): Promise<T> {
  const raised = await tx.execute(
    sql`select current_setting('statement_timeout') as previous,
      set_config('statement_timeout',
        case when setting = '0' then '0'
          else greatest(setting::bigint, ${lineWaitMs()}::bigint)::text end,
        true)
      from pg_settings where name = 'statement_timeout' ${sql.raw(`/* ${IN_LINE_MARK} */`)}`,
  );
  const previous = rowsOf<{ previous: string }>(raised)[0]?.previous ?? '0';
  const result = await work();
  await tx.execute(
    sql`select set_config('statement_timeout', ${previous}, true) ${sql.raw(`/* ${OUT_OF_LINE_MARK} */`)}`,
  );
  return result;
}
