// A closed-loop HTTP load generator: a fixed number of workers, each sending its next request as
// soon as the previous answer is read, over keep-alive connections, for a fixed duration.
// Requests still in flight at the deadline are awaited and counted, so a page slower than the
// duration still yields a figure (req/s = answered requests / time until the last answer).
import http from 'node:http';

export type LoadOptions = {
  url: string;
  /**
   * The URL of each request instead of `url`, asked as it is sent (cold keys: a new search or
   * filter every time, so that no kept answer hides the query).
   */
  nextUrl?: () => string;
  /** Concurrent workers, one keep-alive connection each. */
  connections: number;
  durationMs: number;
  /** A request without an answer for this long counts as an error. */
  timeoutMs: number;
  headers?: Record<string, string>;
  /** Whether an answer counts as a success; every non-200 is an error anyway. */
  accept?: (body: Buffer) => boolean;
  /** A response header whose values are counted over the successful answers (`x-page-cache`). */
  countHeader?: string;
};

export type LoadResult = {
  ok: number;
  errors: number;
  seconds: number;
  /** Successful answers per second. */
  rps: number;
  /** Latencies of successful answers, in milliseconds (NaN when there were none). */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  firstError: string | undefined;
  /** How often each value of `countHeader` came (a missing header counts as ''). */
  headerCounts: Map<string, number>;
};

type Answer = { status: number; body: Buffer; header: string };

function get(agent: http.Agent, url: URL, options: LoadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      url,
      { agent, headers: options.headers, timeout: options.timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        const header = options.countHeader ? response.headers[options.countHeader] : undefined;
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks),
            header: Array.isArray(header) ? header.join(',') : (header ?? ''),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
    );
    request.on('error', reject);
  });
}

/** Latencies in a preallocated typed array, doubled when full: no allocation per request. */
class Samples {
  private values = new Float64Array(1 << 16);
  length = 0;

  push(value: number) {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = value;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.length).sort();
  }
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const { nextUrl } = options;
  const urlOf = nextUrl ? () => new URL(nextUrl()) : () => url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const samples = new Samples();
  let errors = 0;
  let firstError: string | undefined;
  const headerCounts = new Map<string, number>();
  const fail = (reason: string) => {
    errors++;
    firstError ??= reason;
  };

  const start = performance.now();
  const deadline = start + options.durationMs;
  async function worker() {
    while (performance.now() < deadline) {
      const sent = performance.now();
      try {
        const answer = await get(agent, urlOf(), options);
        const elapsed = performance.now() - sent;
        if (answer.status !== 200) fail(`HTTP ${answer.status}`);
        else if (options.accept && !options.accept(answer.body)) fail('unexpected body');
        else {
          samples.push(elapsed);
          if (options.countHeader)
            headerCounts.set(answer.header, (headerCounts.get(answer.header) ?? 0) + 1);
        }
      } catch (error) {
        fail(error instanceof Error ? error.message : String(error));
        // A refused connection fails at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  await Promise.all(Array.from({ length: options.connections }, worker));
  const seconds = (performance.now() - start) / 1000;
  agent.destroy();

  const sorted = samples.sorted();
  return {
    ok: samples.length,
    errors,
    seconds,
    rps: samples.length / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.length ? (sorted[sorted.length - 1] ?? Number.NaN) : Number.NaN,
    firstError,
    headerCounts,
  };
}
