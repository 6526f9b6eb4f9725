// `npm run bench:orders [-- --duration 10 --connections 4 --rates 0,1,5,20]`
// `npm run bench:orders -- --database-url postgres://…/postgres` measures on PGlite, then on a
// database of its own made on that PostgreSQL server (two shop processes; dropped at the end).
//
// Selling under load (issue 20): anonymous visitors read the product list page while shoppers
// order at a fixed rate (carts of 1 to 3 products, each shopper a new guest session). For each
// rate it prints the list page's views/s, p50 and p95, the page cache's hit rate, and the orders
// placed, refused (stock, with the shop's message) and failed (anything else: a 5xx, a reset, a
// timeout). Figures only: nothing here passes or fails. Progress goes to stderr, results to stdout.
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { cpus, loadavg, release } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { load, percentile, type LoadResult } from './lib/load.ts';
import { freePort, launch, runMain, stopGroup, waitUntilAnswers } from './lib/processes.ts';
import { redacted } from './lib/postgres.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, 'bench/.work');
const say = (message: string) => console.error(message);

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    rates: { type: 'string' },
    'database-url': { type: 'string' },
  },
});

function positive(raw: string | undefined, name: string, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min) {
    console.error(`--${name} must be an integer of at least ${min}, got '${raw}'`);
    process.exit(2);
  }
  return value;
}

const options = {
  durationS: positive(flags.duration, 'duration', 10),
  connections: positive(flags.connections, 'connections', 4),
  rates: (flags.rates ?? '0,1,5,20').split(',').map((r) => positive(r.trim(), 'rates', 0, 0)),
  databaseUrl: flags['database-url'],
};

/** Stock every product gets before the run, so that refusals come from the code, not the data. */
const STOCK = 1_000_000;

type Target = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

function shopEnv(port: number, target: Target): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    // Every request comes from one address.
    RATE_LIMIT_PER_MINUTE: '0',
    SEED: 'auto',
  };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL']) delete env[key];
  env.DATA_DIR = target.kind === 'pglite' ? target.dataDir : join(work, 'orders-pg-data');
  if (target.kind === 'postgres') {
    env.DATABASE_URL = target.url;
    // Both processes sign and check the same payment links.
    env.PAYMENT_SECRET = 'bench-orders-payment-secret-0123456789abcdef';
  }
  return env;
}

// ---------------------------------------------------------------- a shopper

/** Cookies as a browser keeps them: name → value, from every Set-Cookie. */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';', 1);
      const at = pair?.indexOf('=') ?? -1;
      if (pair && at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  }
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  get = (name: string) => this.cookies.get(name);
}

type CheckoutIds = {
  country: number;
  region: number | null;
  /** Typed by the shopper: the first suggestion of the region. */
  city: string;
  delivery: number;
  payment: number;
};

type Outcome = 'placed' | 'refused' | 'failed';

/** One guest: a token, 1–3 products in the cart, the order. A 400 for stock is a refusal. */
async function shopperOrders(
  origin: string,
  products: number[],
  ids: CheckoutIds,
  errors: Map<string, number>,
): Promise<{ outcome: Outcome; ms: number }> {
  const started = performance.now();
  const jar = new Jar();
  const fail = (what: string): { outcome: Outcome; ms: number } => {
    errors.set(what, (errors.get(what) ?? 0) + 1);
    return { outcome: 'failed', ms: performance.now() - started };
  };
  const send = async (method: string, path: string, body?: unknown, headers = {}) => {
    const token = jar.get('csrftoken');
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        cookie: jar.header(),
        ...(token ? { 'x-csrftoken': token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(60_000),
    });
    jar.take(res);
    return { status: res.status, text: await res.text() };
  };
  try {
    const login = await send('GET', '/en/api/accounts/login/');
    if (login.status !== 200) return fail(`token: HTTP ${login.status}`);
    const count = 1 + Math.floor(Math.random() * 3);
    const picked = new Set<number>();
    while (picked.size < Math.min(count, products.length))
      picked.add(products[Math.floor(Math.random() * products.length)]!);
    for (const id of picked) {
      const added = await send('POST', `/en/api/sales/cart_products/${id}/add/`, {
        quantity: 1 + Math.floor(Math.random() * 2),
        ref: 'product',
      });
      if (added.status !== 200) return fail(`add: HTTP ${added.status} ${added.text.slice(0, 80)}`);
    }
    const order = await send(
      'POST',
      '/en/api/sales/orders/',
      {
        email: 'bench@example.com',
        firstName: 'Bench',
        lastName: 'Shopper',
        phone: '+49 30 1234567',
        country: ids.country,
        region: ids.region,
        city: ids.city,
        address: 'Teststraße 1',
        postcode: '10115',
        delivery: ids.delivery,
        payment: ids.payment,
      },
      { 'idempotency-key': randomUUID() },
    );
    const ms = performance.now() - started;
    if (order.status === 201) return { outcome: 'placed', ms };
    if (order.status === 400 && /productQuantity|quantity/.test(order.text))
      return { outcome: 'refused', ms };
    return fail(`order: HTTP ${order.status} ${order.text.slice(0, 80)}`);
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
}

/** Starts a shopper every 1000/rate ms for the duration, then waits for all of them. */
async function ordersAtRate(
  origins: string[],
  rate: number,
  durationMs: number,
  products: number[],
  ids: CheckoutIds,
) {
  const errors = new Map<string, number>();
  const running: Promise<{ outcome: Outcome; ms: number }>[] = [];
  if (rate > 0) {
    const interval = 1000 / rate;
    const start = performance.now();
    for (let i = 0; start + i * interval < start + durationMs; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      running.push(shopperOrders(origins[i % origins.length]!, products, ids, errors));
    }
  }
  const results = await Promise.all(running);
  const count = (o: Outcome) => results.filter((r) => r.outcome === o).length;
  const ms = Float64Array.from(results.map((r) => r.ms)).sort();
  return {
    placed: count('placed'),
    refused: count('refused'),
    failed: count('failed'),
    p50: percentile(ms, 0.5),
    p95: percentile(ms, 0.95),
    errors,
  };
}

// ---------------------------------------------------------------- setup

async function json<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return (await res.json()) as T;
}

async function checkoutIds(origin: string): Promise<CheckoutIds> {
  type Named = { id: number };
  const countries = await json<Named[]>(`${origin}/en/api/core/delivery_countries/`);
  const country = countries[0];
  if (!country) throw new Error('no delivery country');
  const regions = await json<Named[]>(
    `${origin}/en/api/core/delivery_regions/?country=${country.id}`,
  );
  const region = regions[0] ?? null;
  const cities = region
    ? await json<(Named & { title: string })[]>(
        `${origin}/en/api/core/delivery_cities/?region=${region.id}`,
      )
    : [];
  const deliveries = await json<Named[]>(`${origin}/en/api/deliveries/deliveries/`);
  const payments = await json<(Named & { kind: string })[]>(`${origin}/en/api/payments/payments/`);
  const payment = payments.find((p) => p.kind === 'cod') ?? payments[0];
  if (!deliveries[0] || !payment) throw new Error('no delivery or payment offered');
  return {
    country: country.id,
    region: region?.id ?? null,
    city: cities[0]?.title ?? 'Berlin',
    delivery: deliveries[0].id,
    payment: payment.id,
  };
}

/** Products a guest can put in the cart: available, with stock, not a parent of variations. */
async function sellableProducts(origin: string): Promise<number[]> {
  type Card = { id: number; available: boolean; stock: number | null };
  const list = await json<{ results: Card[] }>(`${origin}/en/api/products/products/?page_size=100`);
  return list.results.filter((c) => c.available && c.stock !== null).map((c) => c.id);
}

async function setStock(target: Target) {
  if (target.kind === 'postgres') {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    await client.query('UPDATE products SET stock = $1 WHERE stock IS NOT NULL', [STOCK]);
    await client.end();
    return;
  }
  const { openDatabase } = await import('../apps/api/src/db/client.ts');
  const handle = await openDatabase({ dataDir: join(target.dataDir, 'pglite') });
  await handle.db.execute(`UPDATE products SET stock = ${STOCK} WHERE stock IS NOT NULL`);
  await handle.close();
}

async function startShops(target: Target, count: number) {
  const shops: { origin: string; pgid: number }[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const launched = launch(process.execPath, [join(root, 'scripts/start.ts')], {
      cwd: root,
      env: shopEnv(port, target),
      onLine: (line) => {
        // Vite's list of built files and every order's mail notice are noise here.
        if (!/^\s*build\/|^\s*$|mail written|^\s*file: '|^\s*}\s*$/.test(line))
          say(`  server ${i + 1}: ${line}`);
      },
    });
    await waitUntilAnswers(`${origin}/en/api/products/products/?page_size=1`, launched, 300_000);
    shops.push({ origin, pgid: launched.pgid });
  }
  return shops;
}

// ---------------------------------------------------------------- one run

type Row = {
  rate: number;
  views: LoadResult;
  orders: Awaited<ReturnType<typeof ordersAtRate>>;
  load: string;
};

const num = (v: number) => (Number.isNaN(v) ? '—' : v >= 100 ? v.toFixed(0) : v.toFixed(1));

function hitRate(views: LoadResult): string {
  // Served without a render of its own: kept, kept while one request re-renders it (stale), or
  // the template another request was rendering (shared) — decision 41.
  const hits = ['hit', 'stale', 'shared'].reduce((n, v) => n + (views.headerCounts.get(v) ?? 0), 0);
  return views.ok ? `${((100 * hits) / views.ok).toFixed(1)} %` : '—';
}

async function runOn(target: Target): Promise<Row[]> {
  const name = target.kind === 'pglite' ? 'PGlite, one process' : 'PostgreSQL, two processes';
  say(`== ${name}`);
  if (target.kind === 'pglite') {
    await rm(target.dataDir, { recursive: true, force: true });
    await mkdir(target.dataDir, { recursive: true });
    // Seed once, set the stock while no server holds the embedded database, then serve.
    const [first] = await startShops(target, 1);
    await stopGroup(first!.pgid);
    await setStock(target);
  }
  const shops = await startShops(target, target.kind === 'pglite' ? 1 : 2);
  if (target.kind === 'postgres') await setStock(target);
  const origins = shops.map((s) => s.origin);
  const products = await sellableProducts(origins[0]!);
  const ids = await checkoutIds(origins[0]!);
  say(`${products.length} products to order from`);
  const rows: Row[] = [];
  for (const rate of options.rates) {
    say(`rate ${rate}/s: warming up, then ${options.durationS} s…`);
    const views = origins.map((o) => `${o}/en/products/`);
    await load({ url: views[0]!, connections: 1, durationMs: 1000, timeoutMs: 60_000 });
    const loadAvg = (loadavg()[0] ?? 0).toFixed(1);
    const durationMs = options.durationS * 1000;
    // The views are split over the processes, as a balancer would.
    const [viewResults, orders] = await Promise.all([
      Promise.all(
        views.map((url) =>
          load({
            url,
            connections: Math.max(1, Math.round(options.connections / views.length)),
            durationMs,
            timeoutMs: 60_000,
            countHeader: 'x-page-cache',
          }),
        ),
      ),
      ordersAtRate(origins, rate, durationMs, products, ids),
    ]);
    const merged = mergeLoads(viewResults);
    rows.push({ rate, views: merged, orders, load: loadAvg });
    say(
      `  views ${num(merged.rps)}/s p50 ${num(merged.p50)} p95 ${num(merged.p95)} hit ${hitRate(merged)}; ` +
        `orders ${orders.placed} placed, ${orders.refused} refused, ${orders.failed} failed`,
    );
  }
  for (const shop of shops) await stopGroup(shop.pgid);
  printRows(name, rows);
  return rows;
}

/** The views of several processes as one: answers and rates add, percentiles are the worst's. */
function mergeLoads(results: LoadResult[]): LoadResult {
  if (results.length === 1) return results[0]!;
  const headerCounts = new Map<string, number>();
  for (const r of results)
    for (const [k, v] of r.headerCounts) headerCounts.set(k, (headerCounts.get(k) ?? 0) + v);
  const worst = (pick: (r: LoadResult) => number) => Math.max(...results.map(pick));
  return {
    ok: results.reduce((n, r) => n + r.ok, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    seconds: worst((r) => r.seconds),
    rps: results.reduce((n, r) => n + r.rps, 0),
    p50: worst((r) => r.p50),
    p95: worst((r) => r.p95),
    p99: worst((r) => r.p99),
    max: worst((r) => r.max),
    firstError: results.find((r) => r.firstError)?.firstError,
    headerCounts,
  };
}

function printRows(name: string, rows: Row[]) {
  const cpu = cpus();
  console.log('');
  console.log(`Orders under load, ${name}, ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Linux ${release()}, Node ${process.version}; ` +
      `${options.connections} list-page connections, ${options.durationS} s per rate`,
  );
  const head = [
    'orders/s',
    'views/s',
    'p50 ms',
    'p95 ms',
    'hit rate',
    'view err',
    'placed',
    'refused',
    'failed',
    'order p50',
    'order p95',
    'load',
  ];
  console.log(head.map((h) => h.padStart(10)).join(''));
  for (const { rate, views, orders, load: l } of rows)
    console.log(
      [
        String(rate),
        num(views.rps),
        num(views.p50),
        num(views.p95),
        hitRate(views),
        String(views.errors),
        String(orders.placed),
        String(orders.refused),
        String(orders.failed),
        num(orders.p50),
        num(orders.p95),
        l,
      ]
        .map((c) => c.padStart(10))
        .join(''),
    );
  const base = rows.find((r) => r.rate === 0);
  for (const row of rows) {
    if (base && row.rate > 0)
      console.log(
        `  at ${row.rate}/s: p95 ${(row.views.p95 / base.views.p95).toFixed(2)}× the no-orders p95`,
      );
    for (const [what, n] of row.orders.errors) console.log(`  at ${row.rate}/s: ${n} × ${what}`);
    if (row.views.firstError)
      console.log(`  at ${row.rate}/s: first view error: ${row.views.firstError}`);
  }
}

// ---------------------------------------------------------------- main

async function main(): Promise<number> {
  if (Number(process.versions.node.split('.')[0]) < 24) {
    console.error(
      `Node 24 is required (this is ${process.version}): run it with npm run bench:orders`,
    );
    return 2;
  }
  await mkdir(work, { recursive: true });
  await runOn({ kind: 'pglite', dataDir: join(work, 'orders-data') });
  if (options.databaseUrl) {
    // A database of its own on that server, dropped at the end: never the caller's shop.
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    const database = `bench_orders_${process.pid}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(options.databaseUrl);
    url.pathname = `/${database}`;
    say(`PostgreSQL: ${redacted(url.toString())}`);
    try {
      await runOn({ kind: 'postgres', url: url.toString() });
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }
  return 0;
}

await runMain('bench', main);
