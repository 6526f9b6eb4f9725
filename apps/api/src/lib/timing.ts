import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/**
 * Where a page's time went, for its `Server-Timing` header (decision 0047): the database, the
 * in-process API calls, the render. Spans of one kind may overlap (a loader's calls in parallel,
 * a pool's queries at once): a stopwatch counts the time at least one ran, never a sum above the
 * wall clock.
 */
export class Stopwatch {
  #open = 0;
  #since = 0;
  #total = 0;

  /** Starts a span; the returned function ends it (a second call does nothing). */
  start(): () => void {
    if (this.#open++ === 0) this.#since = performance.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      if (--this.#open === 0) this.#total += performance.now() - this.#since;
    };
  }

  /** Milliseconds during which a span ran (a span still running counts until now). */
  get ms(): number {
    return this.#total + (this.#open > 0 ? performance.now() - this.#since : 0);
  }
}

export type PageTiming = { db: Stopwatch; api: Stopwatch; render: Stopwatch };

export const pageTiming = (): PageTiming => ({
  db: new Stopwatch(),
  api: new Stopwatch(),
  render: new Stopwatch(),
});

const current = new AsyncLocalStorage<PageTiming>();

/** Runs `work` with `timing` as the page's: the queries it leads to (however deep) count there. */
export function timed<T>(timing: PageTiming, work: () => T): T {
  return current.run(timing, work);
}

const NOTHING = () => {};

/** Starts a database span for the page being rendered, if any (db/client.ts, per query). */
export function startDatabaseSpan(): () => void {
  return current.getStore()?.db.start() ?? NOTHING;
}

/** `db;dur=1.2, api;dur=3.4, render;dur=5.6`: milliseconds, one decimal. */
export function serverTimingHeader(timing: PageTiming): string {
  const metric = (name: string, watch: Stopwatch) => `${name};dur=${watch.ms.toFixed(1)}`;
  return [metric('db', timing.db), metric('api', timing.api), metric('render', timing.render)].join(
    ', ',
  );
}
