// Issue 20, a deploy drops nothing: the whole shop (`npm start`) gets SIGTERM while 20 pages
// render (with their in-process API calls), 10 orders are placed and keep-alive clients hold
// open connections. On PostgreSQL and Redis when DATABASE_URL and REDIS_URL are set (`.ci/run`),
// with PostgreSQL behind a proxy the test holds silent, so every request is surely in flight when
// the signal arrives; on the embedded database otherwise (the requests are fired, then the
// signal). The storefront is built first if it is missing or stale (`npm start` does it).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cuttableProxy } from '../../api/test/tcp-proxy.ts';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
// The seeded template database the API suite's global setup provides (its ProvidedContext).
import type {} from '../../api/test/global-setup.ts';
import { ApiVisitor } from '../../../e2e/api-visitor.ts';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

type Answer = { status: number; headers: IncomingHttpHeaders; body: string };
type Sent = { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };

/**
 * A request through `agent` (node:http, so the test decides which connection carries it): its
 * answer, or the code of the socket error that ended it (ECONNRESET, ECONNREFUSED).
 */
function send(
  base: string,
  path: string,
  agent: Agent,
  { method = 'GET', headers = {}, body }: Sent = {},
): { answer: Promise<Answer | string>; written: Promise<void> } {
  const url = new URL(path, base);
  let written: () => void = () => {};
  const wrote = new Promise<void>((resolve) => (written = resolve));
  const answer = new Promise<Answer | string>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        agent,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
        res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      written();
      resolve(error.code ?? error.message);
    });
    req.on('finish', written);
    req.end(body);
  });
  return { answer, written: wrote };
}

/** The URL with its host and port replaced by the proxy's (path, user and database kept). */
function through(url: URL, port: number, pathname: string): string {
  const via = new URL(url);
  via.hostname = '127.0.0.1';
  via.port = String(port);
  via.pathname = pathname;
  return via.toString();
}

describe('SIGTERM while pages render, orders are placed and keep-alive clients wait', () => {
  const pgUrl = new URL(DATABASE_URL ?? 'postgres://localhost/none');
  const database = DATABASE_URL
    ? cuttableProxy({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432) })
    : null;
  let db: ScratchDatabase | undefined;
  let dataDir = '';
  let shop: Shop | undefined;
  let base = '';

  beforeAll(async () => {
    const env: Record<string, string> = {
      LOG_LEVEL: 'error',
      // The prober's and the latecomer's idle connections must still be open when they send,
      // after the test has seen the listener close. On a busy machine (load 20 on 2 cores) that
      // took this process more than the drain's default second, the shop had closed them, and
      // the prober's request went out on a new connection (ECONNREFUSED) or into the closing one
      // (ECONNRESET). What is proven is unchanged: a request on an open connection during the
      // drain is answered; that an idle one is closed after its while is drain.test.ts's.
      DRAIN_IDLE_MS: '10000',
    };
    if (database) {
      db = await scratchDatabase(pgUrl.toString(), 'shop_shutdown');
      await database.listen();
      env.DATABASE_URL = through(pgUrl, database.port, `/${db.name}`);
    }
    if (REDIS_URL) env.REDIS_URL = REDIS_URL;
    dataDir = await mkdtemp(join(tmpdir(), 'shop-shutdown-'));
    shop = await spawnShop(dataDir, env);
    await answering(shop, 290_000);
    base = shop.url;
  }, 300_000);

  afterAll(async () => {
    await stopShop(shop);
    await database?.cut();
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  const json = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };

  /** A shopper without an account: the CSRF token, and the cookies after one product in the cart. */
  async function shopperWith(product: number): Promise<{ cookie: string; token: string }> {
    const shopper = new ApiVisitor(base);
    const add = await shopper.addToCart(product);
    expect(add.status, add.text).toBe(200);
    // The cart started a session, and the session its own CSRF token (decision 0006).
    return { cookie: shopper.cookie, token: shopper.token };
  }

  it('answers every request in flight, and the ones on open connections, without a 500 or a reset', async () => {
    const shopProcess = shop?.child;
    if (!shopProcess?.pid) throw new Error('no shop');
    // Ten shoppers, each with another product in the cart (orders of different products never
    // wait on each other), and what a checkout form sends.
    const { results: products } = await json<{
      results: { id: number; stock: number | null }[];
    }>('/en/api/products/products/?page_size=50');
    const stocked = products.filter((p) => p.stock === null || p.stock >= 2).slice(0, 10);
    expect(stocked).toHaveLength(10);
    const shoppers = await Promise.all(stocked.map((p) => shopperWith(p.id)));
    const countries = await json<{ id: number; code: string }[]>(
      '/en/api/core/delivery_countries/',
    );
    const germany = countries.find((c) => c.code === 'DE');
    const [region] = await json<{ id: number }[]>(
      `/en/api/core/delivery_regions/?country=${germany?.id}`,
    );
    // The city is typed; the region's cities are only suggestions.
    const [city] = await json<{ title: string }[]>(
      `/en/api/core/delivery_cities/?region=${region?.id}`,
    );
    const [delivery] = await json<{ id: number }[]>('/en/api/deliveries/deliveries/');
    const payments = await json<{ id: number; kind: string }[]>('/en/api/payments/payments/');
    const checkout = JSON.stringify({
      email: 'buyer@example.com',
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '+49 89 1234567',
      country: germany?.id,
      region: region?.id,
      city: city?.title,
      address: 'Marienplatz 1',
      postcode: '80331',
      delivery: delivery?.id,
      payment: payments.find((p) => p.kind === 'cod')?.id,
    });

    // Thirty keep-alive connections, open before anything starts: the signal may come while a
    // request is still on its way over one, never while its connection is being made.
    const agent = new Agent({ keepAlive: true, maxSockets: 30 });
    const opened = await Promise.all(
      Array.from({ length: 30 }, () => send(base, '/health/live', agent).answer),
    );
    expect(opened.map((a) => (typeof a === 'string' ? a : a.status))).toEqual(Array(30).fill(200));
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(30);
    // Two more clients, each with one idle keep-alive connection: one asks whether the shop is
    // ready while it stops, the other asks for a page then.
    const prober = new Agent({ keepAlive: true, maxSockets: 1 });
    const latecomer = new Agent({ keepAlive: true, maxSockets: 1 });
    for (const client of [prober, latecomer]) {
      expect(await send(base, '/health/live', client).answer).toMatchObject({ status: 200 });
    }

    // PostgreSQL goes silent: every request that reaches it waits (until the test lets it speak).
    database?.silence();
    const pages = shoppers.flatMap(({ cookie }) =>
      ['/en/products/', '/en/checkout/cart/'].map((path) =>
        send(base, path, agent, { headers: { cookie } }),
      ),
    );
    const orders = shoppers.map(({ cookie, token }) =>
      send(base, '/en/api/sales/orders/', agent, {
        method: 'POST',
        headers: {
          cookie,
          'x-csrftoken': token,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: checkout,
      }),
    );
    await Promise.all([...pages, ...orders].map((r) => r.written));
    // On PostgreSQL: the shop is surely at work on them (a query waits).
    await database?.heldChunks(1);

    // What a deploy sends (to npm and the shop's node: npm forwards it once more). `npm start`
    // itself, the process a deploy or a test waits for, lives until the shop has answered: its
    // `sh -c` once died at the signal, and npm with it, while the shop drained on unwatched.
    let npmExited = false;
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      shopProcess.once('exit', (code, signal) => {
        npmExited = true;
        resolve({ code, signal });
      }),
    );
    process.kill(-shopProcess.pid, 'SIGTERM');

    // The listener closes: a new connection is refused (a balancer tries another process).
    // A probe that reached the kernel's accept queue just as the listener closed is reset by the
    // kernel, not by the shop (it was never accepted, nothing of it ran): the next one is refused.
    let fresh = await send(base, '/health/live', new Agent({ keepAlive: false })).answer;
    for (let tries = 0; fresh !== 'ECONNREFUSED' && tries < 200; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      fresh = await send(base, '/health/live', new Agent({ keepAlive: false })).answer;
    }
    expect(fresh).toBe('ECONNREFUSED');
    // On the embedded database the shop's one thread is busy rendering, and the test cannot
    // know when its drain began: a connection left idle may have had its second (DRAIN_IDLE_MS)
    // already and been closed, so its client's next request is refused on a new connection. A
    // clean answer too (the client knows nothing was sent), never a reset.
    const servedOrRefused = (answer: Answer | string) =>
      !database && answer === 'ECONNREFUSED' ? [] : [answer];
    // Not ready, at once, on a connection that was open; and that connection is closed after it.
    const ready = await send(base, '/health/ready', prober).answer;
    for (const answer of servedOrRefused(ready)) {
      expect(answer).toMatchObject({ status: 503, headers: { connection: 'close' } });
      expect(typeof answer !== 'string' && JSON.parse(answer.body)).toEqual({ status: 'stopping' });
    }
    // A page asked for on an open keep-alive connection during the drain is served, not refused.
    const late = send(base, '/en/products/', latecomer, {
      headers: { cookie: shoppers[0]?.cookie ?? '' },
    });

    expect(npmExited, 'npm start exited while requests were in flight').toBe(false);
    database?.speak();
    const answers = await Promise.all([...pages, ...orders].map((r) => r.answer));
    const summary = answers.map((a) => (typeof a === 'string' ? a : a.status));
    expect(summary.slice(0, 20), 'pages').toEqual(Array(20).fill(200));
    expect(summary.slice(20), 'orders').toEqual(Array(10).fill(201));
    for (const answer of servedOrRefused(await late.answer)) {
      expect(answer, 'a page asked for during the drain').toMatchObject({ status: 200 });
      answers.push(answer);
    }
    for (const answer of answers) {
      if (typeof answer === 'string') continue;
      expect(answer.body).not.toContain('FST_ERR');
      // Said before the answer: the client sends nothing more on that connection.
      if (database) expect(answer.headers.connection).toBe('close');
    }

    // Then the process ends by itself (the pool, Redis and the mailer closed), within the grace,
    // and `npm start` with it, saying it went well.
    expect(npmExited, 'npm start exited before the last answer').toBe(false);
    expect(await exited).toEqual({ code: 0, signal: null });
    agent.destroy();
    prober.destroy();
    latecomer.destroy();
  }, 120_000);
});
