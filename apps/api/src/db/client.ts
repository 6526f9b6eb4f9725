import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isConnectionRefused, isDatabaseUnavailable, isPoolBusy } from '../lib/db-errors.ts';
import { noteWrite, readsOnly, requestWrites, type RequestWrites } from '../lib/request-writes.ts';
import { startDatabaseSpan } from '../lib/timing.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The driver-independent database: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The handle a `db.transaction` callback gets. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` (the migrations and the demo seed) while no other process starting on the same
   * database does: on PostgreSQL under an advisory lock the others wait for (decision 0060).
   */
  whileStarting<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to clone a migrated database in tests. */
  dump?: () => Promise<Blob>;
  /**
   * The process is stopping (SIGTERM, decision 0088): from now on a request waits at most
   * `waitMs` more for a connection of a full pool, and a statement in line for row locks only
   * as long as any statement may (lineWaitMs), so every request is answered within the drain.
   */
  stopping(waitMs: number): void;
};

/**
 * How the database's connections are used, for the metrics (plugins/metrics.ts), read when they
 * are scraped. PostgreSQL: the pool's. PGlite: one connection that runs one query at a time;
 * `busy` is 1 while one runs, `waiting` the calls queued behind it.
 */
export type PoolStats = {
  /** Connections the pool may open (PGlite: 1). */
  max: number;
  /** Open connections handed out, and open ones free. */
  busy: number;
  idle: number;
  /** Callers waiting for a connection now. */
  waiting: number;
  /** Since start: connections asked for while none was free and no new one could be opened… */
  waits: number;
  /** …their time waiting, in seconds (PostgreSQL only: PGlite's queue is not ours to time)… */
  waitSeconds?: number;
  /** …and the asks refused busy (a full queue, POOL_WAIT_MS; PostgreSQL only). */
  timeouts?: number;
};

const poolStatsByDb = new WeakMap<object, () => PoolStats>();

/** The connection figures of a database `openDatabase` opened; undefined for any other. */
export const poolStatsOf = (db: Database): PoolStats | undefined => poolStatsByDb.get(db)?.();

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  release?: () => void,
) => void;

/** What watchPool gives the pool's other wrappers: the figures, and a way to end the queue. */
type PoolWatch = {
  stats: () => PoolStats;
  /** Fails every ask waiting for a connection with `error` (the database is away). */
  failWaiters: (error: Error) => void;
  /** The process is stopping: the queue's asks wait at most `waitMs` more (DatabaseHandle). */
  stopping: (waitMs: number) => void;
  /** Notes that the database answered (a query, a new connection). */
  answered: () => void;
  /**
   * Whether a connect or read failure (`error`) says the database is away rather than slow for
   * one connection: refused or unreachable, or nothing answered on any connection for at least
   * CONNECT_TIMEOUT_MS.
   */
  looksAway: (error: unknown) => boolean;
};

/**
 * The queue in front of the pool's connections (decision 0083), and its figures. node-postgres's
 * own `query()` and drizzle's transactions both ask through `connect`:
 * - An ask that finds no free connection waits its turn, up to POOL_WAIT_MS (the pool's
 *   `connectionTimeoutMillis`), and is then refused with a PoolBusyError (503 "busy").
 * - At most `max × WAITERS_PER_CONNECTION` asks wait; one more is refused at once, busy too.
 * - When the database is away the waiting asks fail at once with that error (503 "unavailable",
 *   failWaiters), rather than each waiting for a connection that will not come: a new connection
 *   refused or unreachable, or a new connection not made within CONNECT_TIMEOUT_MS or a query
 *   without an answer while no query on any connection was answered for CONNECT_TIMEOUT_MS
 *   (looksAway). One slow new connection on a loaded machine, while the others serve, fails only
 *   its own ask. A connection handed to an ask that already failed goes straight back.
 * Counted: the asks that had to wait, their time waiting, and the ones that gave up.
 */
function watchPool(pool: pg.Pool, max: number): PoolWatch {
  const counts = { waits: 0, waitSeconds: 0, timeouts: 0 };
  const connect = pool.connect.bind(pool) as (callback: ConnectCallback) => void;
  // The asks waiting for a connection, not yet answered: the `waiting` figure and the bound.
  // An ask failed by failWaiters leaves it at once, although node-postgres keeps it (or opens a
  // connection for it) until a connection or its timer comes.
  // Each with the record of the request that asked (lib/request-writes.ts).
  const waiting = new Map<(error: Error) => void, RequestWrites | undefined>();
  const failWaiters = (error: Error) => {
    for (const fail of [...waiting.keys()]) fail(error);
  };
  // Stopping (decision 0088): when the queue's waits end, at the latest. A request that may have
  // written already keeps its own bound (POOL_WAIT_MS): refused "busy" after a write, it would be
  // sent again and done twice (an add to the cart), where waiting lets it finish.
  let stopsAt: number | null = null;
  const stopped = () => new PoolBusyError('the shop is stopping: no database connection in time');
  const stopping = (waitMs: number) => {
    if (stopsAt !== null) return;
    stopsAt = performance.now() + waitMs;
    setTimeout(() => {
      for (const [fail, writes] of [...waiting]) if (!writes?.wrote) fail(stopped());
    }, waitMs).unref();
  };
  let lastAnswer = Number.NEGATIVE_INFINITY;
  const answered = () => {
    lastAnswer = performance.now();
  };
  pool.on('connect', answered);
  const looksAway = (error: unknown) =>
    isConnectionRefused(error) || performance.now() - lastAnswer >= CONNECT_TIMEOUT_MS;
  pool.connect = ((callback?: ConnectCallback) => {
    let resolve: (client: pg.PoolClient) => void = () => {};
    let reject: (error: Error) => void = () => {};
    const promise = callback
      ? undefined
      : new Promise<pg.PoolClient>((yes, no) => {
          resolve = yes;
          reject = no;
        });
    const deliver = (error: Error | undefined, client?: pg.PoolClient, release?: () => void) => {
      if (callback) callback(error, client, release);
      else if (error || !client) reject(error ?? new Error('no connection'));
      else resolve(client);
    };
    // Free now: the idle connections and the ones the pool may still open, less the asks
    // already queued for them (node-postgres hands idle ones out on the next tick).
    const queued = pool.waitingCount >= pool.idleCount + (max - pool.totalCount);
    const writes = requestWrites();
    if (queued && stopsAt !== null && performance.now() >= stopsAt && !writes?.wrote) {
      counts.timeouts++;
      const error = stopped();
      process.nextTick(() => deliver(error));
      return promise;
    }
    if (queued && waiting.size >= max * WAITERS_PER_CONNECTION) {
      counts.timeouts++;
      const error = new PoolBusyError('too many requests waiting for a database connection');
      process.nextTick(() => deliver(error));
      return promise;
    }
    const started = performance.now();
    let settled = false;
    const done = (error: Error | undefined) => {
      if (error instanceof PoolBusyError) counts.timeouts++;
      if (!queued) return;
      counts.waits++;
      counts.waitSeconds += (performance.now() - started) / 1000;
    };
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      waiting.delete(fail);
      done(error);
      deliver(error);
    };
    if (queued) waiting.set(fail, writes);
    connect((error, client, release) => {
      waiting.delete(fail);
      if (settled) {
        release?.();
        return;
      }
      settled = true;
      let outcome = error;
      if (error && /timeout exceeded when trying to connect/i.test(error.message)) {
        outcome = new PoolBusyError('waited too long for a database connection');
        outcome.cause = error;
      } else if (error && isDatabaseUnavailable(error) && looksAway(error)) {
        failWaiters(error);
      }
      done(outcome);
      deliver(outcome, client, release);
    });
    return promise;
  }) as typeof pool.connect;
  return {
    stats: () => ({
      max,
      busy: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: waiting.size,
      ...counts,
    }),
    failWaiters,
    stopping,
    answered,
    looksAway,
  };
}

/**
 * node-postgres's client with its own connect timeout: the pool hands its clients the pool's
 * options, whose `connectionTimeoutMillis` is the wait for a free connection (POOL_WAIT_MS);
 * opening one is bounded by CONNECT_TIMEOUT_MS.
 */
class ShopClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * pg_trgm's `<%` threshold on every connection: a short misspelt word ('lnen') scores about 0.4
 * against its word, and pg_trgm's default 0.6 would miss it. A connection setting rather than a
 * `SET LOCAL` per search, so a search is one statement (no transaction around it).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.4;

/** Longest a query may run before PostgreSQL cancels it (DB_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/**
 * How much longer than the statement timeout the client waits for an answer before it gives up
 * by itself ("Query read timeout", answered 503): PostgreSQL's own cancel arrives first whenever
 * PostgreSQL can still answer, so this only fires when it cannot (a silent network, a frozen host).
 */
export const QUERY_TIMEOUT_MARGIN_MS = 1000;

/**
 * How long opening a new connection may take before it fails ("timeout expired", answered 503
 * "unavailable"): brief, because a database that does not accept a connection within it is away
 * (refused, a partition), not busy.
 */
export const CONNECT_TIMEOUT_MS = 2000;

/**
 * How long a request waits its turn for a connection of a full pool before it is answered 503
 * "busy" (decision 0083). A full pool is a busy shop, not a database that is away: twenty
 * shoppers checking out together on a loaded machine each wait a few hundred milliseconds per
 * order ahead of them, and used to be refused after 2 s. A database that is away fails the
 * waiters at once instead (failWaiters), so this bound only ends a queue that does not move.
 */
export const POOL_WAIT_MS = 20_000;

/**
 * How long a statement waiting in line for rows other transactions hold (an order for the stock
 * other orders are taking) may take before PostgreSQL cancels it (decision 0083, lib/
 * transactions.ts waitingInLine). Each order ahead holds the rows for one short transaction whose
 * own statements stay under DB_STATEMENT_TIMEOUT_MS, but twenty orders of the same products on a
 * busy machine queue for longer than the 5 s a single query may take.
 */
export const LOCK_WAIT_MS = 20_000;

/**
 * How long a request may still wait for a connection of a full pool once the process is
 * stopping (decision 0088): well inside the drain's 25 s (DRAIN_GRACE_MS), so a request queued
 * at the signal is answered, its result or 503 "busy" (Retry-After) a client sends again to a
 * process that is not stopping, instead of being cut with the connection when the drain ends.
 */
export const STOPPING_POOL_WAIT_MS = 5_000;

let linesClosed = false;

/**
 * How long a statement in line for row locks may wait (lib/transactions.ts waitingInLine):
 * LOCK_WAIT_MS, or no longer than any statement once the process is stopping (0: not raised).
 */
export const lineWaitMs = (): number => (linesClosed ? 0 : LOCK_WAIT_MS);

/**
 * The comments waitingInLine's statements carry: between them, the connection's statements may
 * take LOCK_WAIT_MS (and the read timeout's margin) before the pool gives up on an answer.
 */
export const IN_LINE_MARK = 'shop:in-line';
export const OUT_OF_LINE_MARK = 'shop:out-of-line';

/**
 * How many asks may wait for a connection per connection of the pool before further ones are
 * refused at once (503 "busy"): the queue is bounded, so a flood does not pile up requests that
 * would wait out POOL_WAIT_MS only to be refused then.
 */
export const WAITERS_PER_CONNECTION = 50;

/** The error an ask for a connection gets when the pool's queue is full or did not move. */
export class PoolBusyError extends Error {
  readonly code = 'POOL_BUSY';
  constructor(message: string) {
    super(message);
    this.name = 'PoolBusyError';
  }
}

/**
 * Idle time after which the kernel probes a pool connection (TCP keepalive), so a connection
 * whose peer vanished (a partition, a failover) is dropped and replaced instead of handed out.
 */
export const KEEPALIVE_DELAY_MS = 10_000;

/**
 * The advisory lock key of a start (migrations and seed): any bigint nobody else uses; this one
 * spells 'shopstrt'.
 */
export const START_LOCK_KEY = 0x73686f7073747274n;

/**
 * `work` under PostgreSQL's session advisory lock START_LOCK_KEY, taken on a connection of its own
 * outside the pool: the pool's statement and query timeouts (seconds) would end the wait for a
 * first process migrating and seeding a new database, and its connections are the work's. If this
 * process dies holding the lock, its connection closes and PostgreSQL hands the lock on.
 */
async function underStartLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [START_LOCK_KEY.toString()]);
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [START_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

export type DatabaseOptions =
  | {
      url: string;
      poolSize?: number;
      /** PostgreSQL cancels a longer query (57014, answered 503); 0 turns it off. */
      statementTimeoutMs?: number;
      /** How long a request waits for a connection of a full pool (POOL_WAIT_MS; ≥ 2 s). */
      poolWaitMs?: number;
      /** Where the pool reports a lost connection: the process's logger (the console if none). */
      logger?: { warn(details: { err: Error }, message: string): void };
    }
  /** dataDir undefined = in memory. */
  | { url?: undefined; dataDir?: string; loadDataDir?: Blob };

/** What a query is called with: its text, or a config object carrying it. */
/** A query config as drizzle hands it (text, values, name…), not a submittable (a cursor). */
function isPlainConfig(query: unknown): query is Record<string, unknown> {
  return (
    typeof query === 'object' &&
    query !== null &&
    typeof (query as { submit?: unknown }).submit !== 'function' &&
    Object.getPrototypeOf(query) === Object.prototype
  );
}

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * Makes the pool give up on a database that went silent (a partition, a frozen host) instead of
 * waiting on it once per connection, and never lose a connection doing so:
 * - A query that got no answer within `query_timeout` ("Query read timeout") ends its
 *   connection. It would otherwise still wait for that answer, and everything sent after it (the
 *   transaction's ROLLBACK, the next request's query) would wait out a timeout of its own behind
 *   it; ended, those fail at once and the pool drops the connection when it comes back.
 * - If the database looks away (watchPool's looksAway: no query answered on any connection for
 *   CONNECT_TIMEOUT_MS), the idle connections are ended too: they lead to the same silent
 *   database, and each would cost the next request (a page makes several in a row) another full
 *   `query_timeout`. Ended, a request that takes one fails at once (503) and the pool drops it;
 *   new ones are made. While other connections are answered, one query without an answer ends
 *   only its own connection.
 * - A transaction whose BEGIN fails gives its connection back with the error: drizzle-orm (0.45)
 *   runs BEGIN before the try/finally that releases it, so that connection would never return,
 *   and a partition during a few checkouts would leave a pool that waits for nothing forever.
 * - A statement in line for row locks (waitingInLine, between IN_LINE_MARK and OUT_OF_LINE_MARK)
 *   is waited for as long as PostgreSQL lets it wait (LOCK_WAIT_MS), plus the margin. The mark
 *   ends with the transaction too (COMMIT, ROLLBACK): a lock statement that failed leaves no
 *   longer read timeout on the connection the pool gets back.
 * - Then the asks waiting for a connection fail too (watchPool's failWaiters): the connections
 *   they wait for are the silent ones.
 */
function giveUpWhenSilent(
  pool: pg.Pool,
  watch: Pick<PoolWatch, 'failWaiters' | 'answered' | 'looksAway'>,
  lineTimeoutMs: number,
): void {
  const idle = new Set<pg.PoolClient>();
  pool.on('release', (_error, client) => idle.add(client));
  pool.on('acquire', (client) => idle.delete(client));
  pool.on('remove', (client) => idle.delete(client));
  const end = (client: pg.PoolClient) => client.end().catch(() => undefined);

  const failed = (client: pg.PoolClient, error: unknown, text: string, checkedOut: boolean) => {
    if (error instanceof Error && error.message === 'Query read timeout') {
      void end(client);
      if (watch.looksAway(error)) {
        for (const other of idle) void end(other);
        watch.failWaiters(error);
      }
    } else if (!isDatabaseUnavailable(error)) {
      // An error PostgreSQL sent (a constraint, a cancelled statement) is an answer too.
      watch.answered();
    }
    if (checkedOut && /^\s*begin\b/i.test(text)) {
      const release = client.release.bind(client);
      // Whoever runs BEGIN inside its own try/finally releases it again: that one is a no-op.
      client.release = () => undefined;
      release(error instanceof Error ? error : new Error(String(error)));
    }
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client);
    let queue: Promise<unknown> = Promise.resolve();
    // Between waitingInLine's marks: the statement timeout is LOCK_WAIT_MS on this connection.
    let inLine = false;
    client.query = ((...args: unknown[]) => {
      const text = textOf(args[0]);
      if (/^\s*(begin|commit|rollback)\b/i.test(text) || text.includes(OUT_OF_LINE_MARK)) {
        inLine = false;
      } else if (text.includes(IN_LINE_MARK)) inLine = true;
      if (inLine && lineTimeoutMs > 0 && typeof args[0] === 'object' && args[0] !== null) {
        args[0] = { ...args[0], query_timeout: lineTimeoutMs };
      }
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        // The pool's own query() (drizzle's statements outside transactions): the pool releases.
        args[args.length - 1] = (error: unknown, result: unknown) => {
          if (error) failed(client, error, text, false);
          else watch.answered();
          return Reflect.apply(callback, undefined, [error, result]) as unknown;
        };
        return Reflect.apply(query, undefined, args) as unknown;
      }
      // A stream of its own (pg-copy-streams' COPY, a cursor): pg hands the object back to its
      // caller, who pipes it; it cannot wait in a queue of promises.
      const first: unknown = args[0];
      if (
        typeof first === 'object' &&
        first !== null &&
        typeof (first as { submit?: unknown }).submit === 'function'
      ) {
        return Reflect.apply(query, undefined, args) as unknown;
      }
      // A transaction's COMMIT, sent: its request may have written (lib/request-writes.ts; asked
      // in the request's own context, unlike the pool's queued callbacks).
      if (/^\s*commit\b/i.test(text)) noteWrite();
      // A connection of drizzle's transaction(): it releases it, except after a failed BEGIN.
      // Its statements run one after another, in the order they were asked for: code that
      // reads with Promise.all on a transaction would otherwise hand pg a query while another
      // runs (a deprecation warning now, an error from pg 9 on).
      const run = () => Reflect.apply(query, undefined, args) as unknown;
      const result = queue.then(run, run);
      queue = result.then(
        () => watch.answered(),
        (error: unknown) => failed(client, error, text, true),
      );
      return result;
    }) as typeof client.query;
  });
}

/**
 * Counts each query's time to the page that caused it (lib/timing.ts, the page's Server-Timing):
 * the pool's own query() when called, a checked-out connection's (a transaction's statements)
 * when called. The connection's callback-style calls are the pool's own query() running and are
 * not counted twice; nor could they be counted right, as a queued one runs in the context of
 * the request that freed the connection.
 */
function timeQueries(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool);
  // The statements on their own that may write, by the config the pool hands its connection, and
  // the request each is for: it is sent from the pool's callback, in another request's context.
  const writesOf = new WeakMap<object, RequestWrites>();
  pool.query = ((...args: unknown[]) => {
    const stop = startDatabaseSpan();
    // A statement on its own that may write (not in a transaction: its COMMIT counts there) marks
    // its request once sent, answered or not (lib/request-writes.ts), or, if it never reached a
    // connection, once it failed without saying whether it ran; one the pool refused busy never
    // ran. A read marks nothing.
    const writes = readsOnly(textOf(args[0])) ? undefined : requestWrites();
    if (writes) {
      const first = args[0];
      // A config of its own: a prepared statement's is shared by the requests that run it.
      if (typeof first === 'string') args[0] = { text: first };
      else if (isPlainConfig(first)) args[0] = { ...first };
      if (typeof args[0] === 'object' && args[0] !== null) writesOf.set(args[0], writes);
    }
    const noted = (error: unknown) => {
      if (!writes) return;
      if (!error || (isDatabaseUnavailable(error) && !isPoolBusy(error))) noteWrite(writes);
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (...results: unknown[]) => {
        stop();
        noted(results[0]);
        return Reflect.apply(callback, undefined, results) as unknown;
      };
      return Reflect.apply(poolQuery, undefined, args) as unknown;
    }
    const result: unknown = Reflect.apply(poolQuery, undefined, args);
    if (result instanceof Promise) {
      result.then(
        () => {
          stop();
          noted(null);
        },
        (error: unknown) => {
          stop();
          noted(error);
        },
      );
    } else stop();
    return result;
  }) as typeof pool.query;
  pool.on('connect', (client) => {
    const query = client.query.bind(client);
    client.query = ((...args: unknown[]) => {
      if (typeof args.at(-1) === 'function') {
        // The pool's own query() sending a statement that may write (see above).
        const first = args[0];
        if (typeof first === 'object' && first !== null) {
          const writes = writesOf.get(first);
          if (writes) noteWrite(writes);
        }
        return Reflect.apply(query, undefined, args) as unknown;
      }
      const stop = startDatabaseSpan();
      const result: unknown = Reflect.apply(query, undefined, args);
      if (result instanceof Promise) result.then(stop, stop);
      else stop();
      return result;
    }) as typeof client.query;
  });
}

/**
 * The same for PGlite: its queries, and its transactions as a whole (their statements inside).
 * Counts the calls under way too: PGlite runs one at a time, the others wait (PoolStats).
 */
function timePglite(client: PGlite): () => PoolStats {
  let running = 0;
  let waits = 0;
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    Object.defineProperty(client, name, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        const stop = startDatabaseSpan();
        if (running > 0) waits++;
        running++;
        const result = original(...args);
        const end = () => {
          running--;
          stop();
        };
        result.then(end, end);
        return result;
      },
    });
  }
  return () => ({
    max: 1,
    busy: Math.min(running, 1),
    idle: running > 0 ? 0 : 1,
    waiting: Math.max(0, running - 1),
    waits,
  });
}

/**
 * Migrations on PostgreSQL run on a connection of their own without the pool's statement and
 * query timeouts: building an index or backfilling a table of a million products takes longer
 * than any request may, and a migration cut off at the request's 5 s left the shop unable to
 * start on a large catalogue (an upgrade is one run, before the new processes take traffic).
 */
async function migrateWithoutTimeout(url: string): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} -c statement_timeout=0`,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await client.end();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url !== undefined) {
    const timeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const max = options.poolSize ?? 10;
    const pool = new pg.Pool({
      connectionString: options.url,
      max,
      // Set on every pool connection at connect time, so no query (one of ours or a slow plan)
      // holds a connection longer; the cancelled query's connection goes back to the pool.
      // PGlite has no such timer (docs/decisions/0018-bounded-work.md).
      options: [
        `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
        ...(timeout > 0 ? [`-c statement_timeout=${Math.floor(timeout)}`] : []),
      ].join(' '),
      // A database that does not answer fails the request (503) instead of holding it: no new
      // connection within CONNECT_TIMEOUT_MS (ShopClient), no answer to a query
      // within the statement timeout and a margin. With the statement timeout off (0) nothing
      // bounds a query, on purpose: whoever turned it off runs queries longer than any bound.
      // The wait for a free connection; node-postgres bounds opening one by it too, so it is
      // never shorter than ShopClient's own CONNECT_TIMEOUT_MS.
      connectionTimeoutMillis: Math.max(options.poolWaitMs ?? POOL_WAIT_MS, CONNECT_TIMEOUT_MS),
      Client: ShopClient,
      ...(timeout > 0 ? { query_timeout: Math.floor(timeout) + QUERY_TIMEOUT_MARGIN_MS } : {}),
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    });
    // An idle connection the server drops (restart, failover, a dropped test database) is
    // replaced by the pool; without a listener node-postgres would crash the process instead.
    const log = options.logger;
    pool.on('error', (err) => {
      if (log) log.warn({ err }, 'database connection lost');
      else console.warn(`database connection lost: ${err.message}`);
    });
    const watch = watchPool(pool, max);
    giveUpWhenSilent(
      pool,
      watch,
      timeout > 0 ? Math.max(timeout, LOCK_WAIT_MS) + QUERY_TIMEOUT_MARGIN_MS : 0,
    );
    timeQueries(pool);
    // Fail fast with a clear error instead of on the first request.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
    poolStatsByDb.set(db, watch.stats);
    return {
      db,
      kind: 'postgres',
      migrate: () => migrateWithoutTimeout(options.url),
      whileStarting: (work) => underStartLock(options.url, work),
      close: () => pool.end(),
      stopping: (waitMs) => {
        linesClosed = true;
        watch.stopping(waitMs);
      },
    };
  }
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    extensions: { pg_trgm },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  // PGlite is one session: set once.
  await client.exec(`SET pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  const stats = timePglite(client);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  poolStatsByDb.set(db, stats);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process opens a PGlite directory: nobody to wait for.
    whileStarting: (work) => work(),
    close: () => client.close(),
    // One session, no queue of ours and no statement timeout to raise: nothing to shorten.
    stopping: () => undefined,
    dump: () => client.dumpDataDir('none'),
  };
}
