// The shop's Prometheus metrics (docs/decisions/0061-metrics.md): one registry per app, what
// is counted, and how a cluster of worker processes answers `/metrics` as one shop. The Fastify
// side (the request hook, the route, the figures read at scrape) is plugins/metrics.ts.
import cluster, { type Worker } from 'node:cluster';
import {
  AggregatorRegistry,
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type MetricObjectWithValues,
  type MetricValue,
} from 'prom-client';
import type { CacheSource } from './cache.ts';

/** Where a request came from: a client over the network, or a page's in-process API call. */
export type RequestOrigin = 'network' | 'in-process';

/** How a checkout ended: the order placed, a repeat of one placed, refused, or failed. */
export type OrderOutcome =
  | { outcome: 'placed' | 'repeated' | 'failed' }
  | { outcome: 'refused'; reason: 'stock' | 'invalid' };

/** The caches counted (label `cache`). */
export type CacheName = 'page' | 'cards' | 'shop-data';

/** What a cache lookup is called in the metrics: lru words, `load` being a miss. */
const RESULT_OF: Record<CacheSource, string> = {
  hit: 'hit',
  stale: 'stale',
  shared: 'shared',
  load: 'miss',
  bypass: 'bypass',
};

/**
 * Request times in seconds: a kept page answers in a millisecond or two, a rendered page in tens,
 * and anything past the 5 s statement timeout is the database's trouble.
 */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Methods named as they are; anything else (a client's own verb, answered 404/405) is `other`. */
const METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

export type ShopMetrics = ReturnType<typeof createMetrics>;

/**
 * A registry of the shop's metrics and the ways to count into it. Nothing here throws into a
 * request: every count is guarded by `safely`, which logs instead (decision 0061).
 */
export function createMetrics({
  processMetrics = false,
  onError,
}: {
  /** Node's own figures too (memory, CPU, event loop, GC): once per process, the server's app. */
  processMetrics?: boolean;
  /** Where a failed count or read is told (the app's logger). */
  onError: (error: unknown, what: string) => void;
}) {
  const registry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });

  const safely =
    <A extends unknown[]>(what: string, count: (...args: A) => void) =>
    (...args: A) => {
      try {
        count(...args);
      } catch (error) {
        onError(error, what);
      }
    };

  const requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'Requests answered, by route pattern (never the raw URL), method, status and origin.',
    labelNames: ['method', 'route', 'status', 'origin'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and origin.',
    labelNames: ['method', 'route', 'origin'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const cacheLookups = new Counter({
    name: 'shop_cache_lookups_total',
    help: 'Keys looked up in a cache: hit, stale (served while refreshed), shared (another request loaded it), miss (this request loaded it), bypass (not kept).',
    labelNames: ['cache', 'result'] as const,
    registers,
  });
  const orders = new Counter({
    name: 'shop_orders_total',
    help: 'Checkouts by outcome: placed, repeated (same idempotency key), refused (reason: stock or invalid), failed (an error, nothing placed).',
    labelNames: ['outcome', 'reason'] as const,
    registers,
  });

  return {
    registry,
    /** Every answered request, once (the metrics plugin's onResponse hook). */
    request: safely(
      'request',
      (answer: {
        method: string;
        route: string;
        status: number;
        origin: RequestOrigin;
        seconds: number;
      }) => {
        const method = METHODS.has(answer.method) ? answer.method : 'other';
        const { route, origin } = answer;
        requests.inc({ method, route, status: String(answer.status), origin });
        latency.observe({ method, route, origin }, answer.seconds);
      },
    ),
    /** A cache's lookup counter, for its `onLookup` (lib/cache.ts). */
    cacheLookups: (cache: CacheName) =>
      safely('cache lookup', (source: CacheSource, keys: number) =>
        cacheLookups.inc({ cache, result: RESULT_OF[source] }, keys),
      ),
    /** A checkout's end (routes/checkout.ts). */
    order: safely('order', (end: OrderOutcome) =>
      orders.inc(end.outcome === 'refused' ? end : { outcome: end.outcome }),
    ),
  };
}

// ------------------------------------------------------------------ across cluster workers

/**
 * The messages of the cluster protocol, between a worker and its primary over Node's IPC:
 * a worker asked for `/metrics` asks the primary (`ask`); the primary asks every worker for its
 * registry (`collect`), each answers (`part`), and the primary sends the sum back (`answer`).
 */
const ASK = 'shop:metrics:ask';
const COLLECT = 'shop:metrics:collect';
const PART = 'shop:metrics:part';
const ANSWER = 'shop:metrics:answer';

type Part = MetricObjectWithValues<MetricValue<string>>[];
type Message =
  | { type: typeof ASK; id: string }
  | { type: typeof COLLECT; id: string }
  | { type: typeof PART; id: string; metrics: Part | null }
  | { type: typeof ANSWER; id: string; text?: string; error?: string };

const isMessage = (message: unknown): message is Message =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as { type?: unknown }).type === 'string' &&
  (message as { type: string }).type.startsWith('shop:metrics:') &&
  typeof (message as { id?: unknown }).id === 'string';

/** How long the primary waits for the workers' parts: a worker that is slower is left out. */
export const WORKER_ANSWER_MS = 2000;
/** How long a worker waits for the primary's sum (the workers' wait and a margin). */
const PRIMARY_ANSWER_MS = WORKER_ANSWER_MS + 1000;

/** The registry this worker's part is read from: the app serving in this process. */
let servedRegistry: Registry | null = null;
const answers = new Map<string, (message: Extract<Message, { type: typeof ANSWER }>) => void>();
/** Whether this worker's primary ever answered; null before it was asked. */
let primaryAnswers: boolean | null = null;
let asked = 0;

function onWorkerMessage(message: unknown) {
  if (!isMessage(message) || !process.send) return;
  if (message.type === COLLECT) {
    const registry = servedRegistry;
    const send = (metrics: Part | null) => process.send?.({ type: PART, id: message.id, metrics });
    if (!registry) return send(null);
    registry.getMetricsAsJSON().then(
      (metrics) => send(metrics as Part),
      () => send(null),
    );
  } else if (message.type === ANSWER) {
    answers.get(message.id)?.(message);
  }
}

/**
 * In a cluster worker, makes `registry` the part this process gives its primary (the last app
 * built wins: one per worker); undoes it when the returned function is called (the app closes).
 * Outside a cluster worker, nothing.
 */
export function serveWorkerPart(registry: Registry): () => void {
  if (!cluster.isWorker) return () => {};
  servedRegistry = registry;
  // Once: a second listener would answer twice, and the primary would count this worker twice.
  if (!process.listeners('message').includes(onWorkerMessage)) {
    process.on('message', onWorkerMessage);
  }
  return () => {
    if (servedRegistry === registry) servedRegistry = null;
    process.off('message', onWorkerMessage);
  };
}

/**
 * The cluster's figures cannot be had now: the primary, which answered before, did not answer in
 * time (stuck, or busy past PRIMARY_ANSWER_MS) or answered that summing failed. `/metrics`
 * answers 503: a scrape of this worker's figures alone would look like the whole shop.
 */
export class ClusterMetricsUnavailable extends Error {}

/**
 * The text `/metrics` answers: outside a cluster, this process's registry; in a cluster worker,
 * the whole cluster's, summed by the primary (`startMetricsPrimary`). A primary that never
 * answers (not wired) is asked once: this worker's own figures are served after that, and the
 * miss is logged through `warn`. Throws ClusterMetricsUnavailable when a primary that answered
 * before does not now.
 */
export async function metricsText(
  registry: Registry,
  warn: (message: string) => void,
): Promise<{ text: string; contentType: string }> {
  const own = async () => ({ text: await registry.metrics(), contentType: registry.contentType });
  if (!cluster.isWorker || !process.send || primaryAnswers === false) return own();
  const id = `${process.pid}-${asked++}`;
  const answer = await new Promise<Extract<Message, { type: typeof ANSWER }> | null>((resolve) => {
    const timer = setTimeout(() => {
      answers.delete(id);
      resolve(null);
    }, PRIMARY_ANSWER_MS);
    answers.set(id, (message) => {
      clearTimeout(timer);
      answers.delete(id);
      resolve(message);
    });
    process.send?.({ type: ASK, id } satisfies Message);
  });
  if (answer === null) {
    if (primaryAnswers === null) {
      primaryAnswers = false;
      warn(
        'the cluster primary does not sum the metrics (startMetricsPrimary not called): each worker answers /metrics with its own',
      );
      return own();
    }
    throw new ClusterMetricsUnavailable(
      `the cluster primary did not answer with the metrics within ${PRIMARY_ANSWER_MS} ms`,
    );
  }
  primaryAnswers = true;
  if (answer.text === undefined) {
    throw new ClusterMetricsUnavailable(
      `the cluster primary could not sum the metrics: ${answer.error ?? 'no text'}`,
    );
  }
  return { text: answer.text, contentType: registry.contentType };
}

/**
 * For the cluster primary, once, before or after forking: answers the workers' `/metrics` with
 * the sum of every live worker's registry (prom-client's `AggregatorRegistry.aggregate`: counters
 * and histograms summed, gauges as each says: health the lowest, pool sizes summed). A worker
 * that does not answer within WORKER_ANSWER_MS is left out, and `shop_metrics_workers` says how
 * many answered. `clusterMetrics()` is the same text, for a primary that serves it itself.
 * `stop()` takes the listener off.
 */
export function startMetricsPrimary({ timeoutMs = WORKER_ANSWER_MS } = {}) {
  if (!cluster.isPrimary) throw new Error('startMetricsPrimary runs in the cluster primary');
  const pending = new Map<string, { waiting: Set<number>; parts: Part[]; done: () => void }>();
  let next = 0;

  const clusterMetrics = async (): Promise<string> => {
    const id = `primary-${next++}`;
    const workers = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker?.isConnected() === true,
    );
    const parts: Part[] = [];
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done() {
        clearTimeout(timer);
        pending.delete(id);
        resolve();
      }
      const waiting = new Set(workers.map((worker) => worker.id));
      pending.set(id, { waiting, parts, done });
      for (const worker of workers) {
        try {
          worker.send({ type: COLLECT, id } satisfies Message);
        } catch {
          waiting.delete(worker.id); // gone since it was listed
        }
      }
      if (waiting.size === 0) done();
    });
    const sum = AggregatorRegistry.aggregate(parts);
    const count = new Gauge({
      name: 'shop_metrics_workers',
      help: 'Cluster workers asked for these figures, and those that answered in time.',
      labelNames: ['state'] as const,
      registers: [sum],
    });
    count.set({ state: 'asked' }, workers.length);
    count.set({ state: 'answered' }, parts.length);
    return sum.metrics();
  };

  const onMessage = (worker: Worker, message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === PART) {
      const request = pending.get(message.id);
      // Too late (already answered without it), or a second answer of one worker.
      if (!request || !request.waiting.delete(worker.id)) return;
      if (message.metrics) request.parts.push(message.metrics);
      if (request.waiting.size === 0) request.done();
    } else if (message.type === ASK) {
      const reply = (answer: Extract<Message, { type: typeof ANSWER }>) => {
        if (worker.isConnected()) worker.send(answer);
      };
      clusterMetrics().then(
        (text) => reply({ type: ANSWER, id: message.id, text }),
        (error: unknown) =>
          reply({ type: ANSWER, id: message.id, error: String((error as Error).message) }),
      );
    }
  };
  cluster.on('message', onMessage);
  return {
    clusterMetrics,
    stop: () => {
      cluster.off('message', onMessage);
    },
  };
}
