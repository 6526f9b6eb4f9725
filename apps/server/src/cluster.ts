import cluster, { type Worker } from 'node:cluster';

/*
 * The primary of `npm start` with WEB_CONCURRENCY above 1 (decision 0060): it only supervises.
 * It forks the workers (each one the whole shop of main.ts, sharing the port through the
 * cluster's round-robin), starts again one that dies, and on SIGTERM or SIGINT hands the signal to
 * every worker, which drains as a single process does (decision 0040), then exits.
 */

/** Within this window, deaths count towards the backoff; a worker alive longer resets it. */
export const DEATH_WINDOW_MS = 60_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;

/**
 * How long the primary waits before starting a worker again, given the deaths in the last
 * DEATH_WINDOW_MS (this one included): 0.5 s, doubled for each further death, at most 30 s. A
 * worker that dies at once each time (a database away) is retried slowly, not in a loop that
 * eats the machine and floods the log.
 */
export function restartDelay(recentDeaths: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, recentDeaths - 1));
}

/**
 * A worker's V8 heap limit when the operator sets none (decision 0063): the smallest limit that
 * served the benchmark's mixed load within 10 % of an unlimited heap (bench/README.md).
 */
export const DEFAULT_WORKER_HEAP_MB = 512;

/**
 * The Node flags of a forked worker: the primary's own, plus `--max-old-space-size` at
 * DEFAULT_WORKER_HEAP_MB unless the operator set a limit already (in the primary's flags or in
 * NODE_OPTIONS, which the workers inherit).
 */
export function workerExecArgv(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  heapMb = DEFAULT_WORKER_HEAP_MB,
): string[] {
  const setsHeap = (flag: string) => /^--max[-_]old[-_]space[-_]size(=|$)/.test(flag);
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some(setsHeap);
  return given ? [...execArgv] : [...execArgv, `--max-old-space-size=${heapMb}`];
}

type Log = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type SuperviseOptions = {
  workers: number;
  /** The module each worker runs (main.ts). */
  exec: string;
  /** Variables every worker gets on top of the primary's (one SECRET_KEY for all). */
  env: Record<string, string>;
  log: Log;
  /** After SIGTERM, how long the workers have to drain and close before they are killed. */
  stopLimitMs: number;
  /** The primary's NODE_OPTIONS (env.ts), which the workers inherit: a heap limit set there wins. */
  nodeOptions?: string | undefined;
};

/**
 * Forks the workers and supervises them until a signal stops them all; the process then exits
 * 0 (every worker stopped cleanly) or 1. A worker that dies before any worker ever listened is a
 * failed start (a bad setting, the storefront not built, the database refused): the primary stops
 * the others and exits 1, as a single process would, rather than retrying forever.
 */
export function supervise({
  workers,
  exec,
  env,
  log,
  stopLimitMs,
  nodeOptions,
}: SuperviseOptions): void {
  cluster.setupPrimary({
    exec,
    args: [],
    execArgv: workerExecArgv(process.execArgv, nodeOptions),
  });
  const deaths: number[] = [];
  let up = false;
  let stopping = false;
  let failed = false;
  // Our own count: cluster.workers drops a worker only once both its exit and its IPC channel's
  // end were seen, in either order.
  const alive = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork(env);
    alive.add(worker);
    worker.once('listening', (address) => {
      if (!up) log.info({ port: address.port, workers }, 'shop listening');
      up = true;
    });
    return worker;
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const pid = worker.process.pid;
    alive.delete(worker);
    if (stopping) {
      if (code !== 0) failed = true;
      if (alive.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!up) {
      log.error({ worker: pid, code, signal }, 'a worker failed to start: stopping');
      stopAll();
      failed = true;
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - DEATH_WINDOW_MS) deaths.shift();
    const delay = restartDelay(deaths.length);
    log.error({ worker: pid, code, signal, restartInMs: delay }, 'a worker died: starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  let firstAt: number | null = null;
  const stopAll = () => {
    stopping = true;
    for (const worker of alive) worker.process.kill('SIGTERM');
    setTimeout(() => {
      log.error({}, 'workers still running after the shutdown limit: killing them');
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(1);
    }, stopLimitMs).unref();
    if (alive.size === 0) process.exit(failed ? 1 : 0);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== null) {
      // The copy `npm start` forwards (main.ts): ignored. A later one is an operator who means
      // it: the workers get it too, and exit at once.
      if (Date.now() - firstAt < 1000) return;
      for (const worker of alive) worker.process.kill(signal);
      return;
    }
    firstAt = Date.now();
    log.info({ signal, workers: alive.size }, 'stopping workers');
    stopAll();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, onSignal);

  for (let i = 0; i < workers; i++) fork();
}
