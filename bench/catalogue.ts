// `npm run bench [-- --products 100000 --duration 10 --connections 10 --warmup 2 --reuse]`
// `npm run bench -- --database-url postgres://…` measures on PGlite, then on that PostgreSQL database.
// `--postgres-only` leaves PGlite out (a million products); `--heap 256,512,0` compares heap limits.
//
// Against a synthetic catalogue (generated into bench/.work/data), prints requests per second and
// p50/p99 latency of: the server-rendered product list page, a filtered and sorted API list,
// search (and search with a typo); and builds and serves a minimal Next.js App Router page that
// renders the same first product page from the same API, measures it in the same run and prints
// our figure divided by its figure. Prints figures only: nothing here passes or fails on timing.
// Progress goes to stderr, the results to stdout.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, release } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createApiClient, PRODUCT_PAGE_SIZE } from '@shop/contract';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { rotation, searchTexts, valueCombinations } from './lib/cold-keys.ts';
import { load, type LoadResult } from './lib/load.ts';
import { startNextApp, type NextOutcome } from './lib/next-app.ts';
import {
  freePort,
  groupsCpuSeconds,
  groupsRssBytes,
  launch,
  run,
  runMain,
  stopGroup,
  waitUntilAnswers,
} from './lib/processes.ts';
import { postgresWatcher, preparePostgres, redacted } from './lib/postgres.ts';
import { shopperSession } from './lib/shopper.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = join(root, 'bench/.work');
const dataDir = join(work, 'data');
const marker = join(dataDir, 'bench-catalogue.json');

/** Searched for in the English titles: one product in twelve has it (see catalogue-generator). */
const SEARCH_WORD = 'linen';
const SEARCH_TYPO = 'lnen';

const say = (message: string) => console.error(message);

function integerFlag(raw: string | undefined, name: string, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    console.error(`--${name} must be an integer of at least ${min}, got '${raw}'`);
    process.exit(2);
  }
  return value;
}

const { values: flags } = parseArgs({
  options: {
    products: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    warmup: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    'postgres-only': { type: 'boolean', default: false },
    heap: { type: 'string' },
    port: { type: 'string' },
    'next-port': { type: 'string' },
    only: { type: 'string' },
  },
});

/** `--heap 256,512,1024,0`: the heap limits (MB) to compare; 0 is V8's own (unlimited). */
function heapFlag(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const limits = raw.split(',').map((part) => integerFlag(part.trim(), 'heap', 0, 0));
  if (limits.length === 0) {
    console.error('--heap needs a list of megabytes, 0 for no limit');
    process.exit(2);
  }
  return limits;
}

const options = {
  products: integerFlag(flags.products, 'products', 100_000),
  durationS: integerFlag(flags.duration, 'duration', 10),
  connections: integerFlag(flags.connections, 'connections', 10),
  warmupS: integerFlag(flags.warmup, 'warmup', 2, 0),
  reuse: flags.reuse,
  databaseUrl: flags['database-url'],
  postgresOnly: flags['postgres-only'],
  heapLimitsMb: heapFlag(flags.heap),
  /** Our server's port; none: a free one. */
  port: flags.port === undefined ? undefined : integerFlag(flags.port, 'port', 0),
  /** The Next.js page's port; none: a free one (a machine whose engineers share port ranges). */
  nextPort:
    flags['next-port'] === undefined ? undefined : integerFlag(flags['next-port'], 'next-port', 0),
  /** Only the scenarios whose name contains this (`--only cold`). */
  only: flags.only,
};
if (options.postgresOnly && !options.databaseUrl) {
  console.error('--postgres-only needs --database-url');
  process.exit(2);
}

/** Where the shop keeps its data in one run of the scenarios. */
type Database = { kind: 'pglite' } | { kind: 'postgres'; url: string };
const databaseName = (database: Database) => (database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

const BENCH_METRICS_TOKEN = 'bench-metrics-token-0085';

/**
 * Waits until every worker has loaded its catalogue index (`/metrics`' fewest products of any
 * worker above 0): the cold scenarios measure the index, not the SQL it answers from before.
 * Prints how long that took; gives up after `ms`.
 */
async function waitForCatalogueIndex(origin: string, ms: number) {
  const started = performance.now();
  while (performance.now() - started < ms) {
    const res = await fetch(`${origin}/metrics`, {
      headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    }).catch(() => undefined);
    const text = res?.ok ? await res.text() : '';
    const products = /^shop_catalogue_index_products (\d+)/m.exec(text)?.[1];
    const seconds = /^shop_catalogue_index_load_seconds ([\d.e+-]+)/m.exec(text)?.[1];
    if (products && Number(products) > 0) {
      say(
        `catalogue index: ${products} products in every worker, ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s after the first answer ` +
          `(the slowest load ${Number(seconds).toFixed(1)} s)`,
      );
      return;
    }
    if (!products && res?.ok) return say('catalogue index: off');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  say(`catalogue index: not loaded after ${ms / 1000} s, measuring anyway`);
}

/**
 * The environment of our processes: the embedded database in bench/.work/data, or the PostgreSQL
 * database of `--database-url` (never the caller's own DATABASE_URL).
 */
function shopEnv(extra: Record<string, string>, database: Database = { kind: 'pglite' }) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // `/metrics` for the bench (it waits there for the catalogue index, decision 0085).
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    // One address sends every request: the per-address limit would answer 429 within a minute.
    RATE_LIMIT_PER_MINUTE: '0',
  };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL']) delete env[key];
  if (database.kind === 'postgres') env.DATABASE_URL = database.url;
  return env;
}

// ---------------------------------------------------------------- catalogue

async function prepareCatalogue(): Promise<void> {
  if (options.reuse && existsSync(marker)) {
    const recorded = JSON.parse(await readFile(marker, 'utf8')) as { products?: number };
    if (recorded.products === options.products) {
      say(`catalogue: reusing ${options.products} products in ${relative(root, dataDir)}`);
      return;
    }
    say(`catalogue: ${relative(root, dataDir)} holds ${recorded.products} products: regenerating`);
  }
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  say(`catalogue: generating ${options.products} products into ${relative(root, dataDir)}…`);
  const started = performance.now();
  const code = await run(
    process.execPath,
    [join(root, 'scripts/generate-catalogue.ts'), '--products', String(options.products)],
    { cwd: root, env: shopEnv({}), onLine: (line) => say(`  catalogue: ${line}`) },
  );
  if (code !== 0) throw new Error(`the catalogue generator exited with ${code}`);
  await writeFile(
    marker,
    JSON.stringify({ products: options.products, generatedAt: new Date().toISOString() }) + '\n',
  );
  say(`catalogue: ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** The same catalogue in the PostgreSQL database of `--database-url`. */
async function preparePostgresCatalogue(url: string): Promise<void> {
  if ((await preparePostgres(url, options.products, options.reuse, say)) === 'reuse') {
    // A reused catalogue may predate a migration whose backfill takes minutes at 1M (0023: a
    // title row per product and locale): migrated here without the statement timeout, or the
    // server's start would give up on it after 5 s.
    const handle = await openDatabase({ url, statementTimeoutMs: 0 });
    try {
      await handle.migrate();
      // 0024's backfill rewrites every product row: vacuumed here, or the first scenarios would
      // measure a table of a million dead row versions and no visibility map (no index-only
      // scans) until autovacuum came by (12 s at 1M; a clean table is skipped page by page).
      await handle.db.execute(sql`VACUUM (ANALYZE) products`);
    } finally {
      await handle.close();
    }
    return;
  }
  say(`catalogue (PostgreSQL): generating ${options.products} products into ${redacted(url)}…`);
  const started = performance.now();
  const code = await run(
    process.execPath,
    [join(root, 'scripts/generate-catalogue.ts'), '--products', String(options.products)],
    {
      cwd: root,
      // Batches of thousands of rows may pass the server's 5 s per query on a busy machine.
      env: shopEnv({ DB_STATEMENT_TIMEOUT_MS: '0' }, { kind: 'postgres', url }),
      onLine: (line) => say(`  catalogue: ${line}`),
    },
  );
  if (code !== 0) throw new Error(`the catalogue generator exited with ${code}`);
  say(`catalogue (PostgreSQL): ready in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

// ---------------------------------------------------------------- the filter click

/**
 * What React Router's client asks for when a filter is ticked on the list page: the list route's
 * loader only, as the layouts' `shouldRevalidate` leave theirs out (issue 25). Before issue 25 the
 * client asked for `routes/shop-layout,routes/products`.
 */
const FILTER_CLICK_ROUTES = 'routes/products';

// ---------------------------------------------------------------- scenarios

type Scenario = {
  name: string;
  url: string;
  accept: string;
  /** Checks an answer's body without parsing it (the load generator shares the CPU). */
  check: (body: Buffer) => boolean;
  /** Process groups whose CPU time serves this scenario. */
  pgids: number[];
  /** Sent with every request besides Accept. */
  headers?: Record<string, string>;
  /** Cold keys: a different URL for every request (warm-up included), instead of `url`. */
  keys?: ReturnType<typeof rotation>;
};

type Row = {
  scenario: Scenario;
  result: LoadResult;
  cpuMsPerRequest: number | undefined;
  /** On PostgreSQL: the part of cpuMsPerRequest spent by the database's server processes. */
  dbCpuMsPerRequest?: number | undefined;
};

/** Starts counting CPU time outside our process groups; `stop()` answers the seconds since. */
type ExtraCpu = () => Promise<() => Promise<number | undefined>>;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

async function measure(scenario: Scenario, extraCpu?: ExtraCpu): Promise<Row> {
  const common = {
    url: scenario.url,
    ...(scenario.keys ? { nextUrl: scenario.keys.next } : {}),
    headers: { Accept: scenario.accept, ...scenario.headers },
    accept: scenario.check,
    timeoutMs: 300_000,
  };
  say(`${scenario.name}: warming up…`);
  if (options.warmupS > 0) {
    // One connection: a page that takes seconds must not queue minutes of warm-up.
    const warm = await load({ ...common, connections: 1, durationMs: options.warmupS * 1000 });
    if (warm.ok === 0)
      say(`  warm-up had no successful answer (${warm.firstError ?? 'no request'})`);
  }
  say(`${scenario.name}: ${options.connections} connections for ${options.durationS} s…`);
  const cpuBefore = await groupsCpuSeconds(scenario.pgids);
  const stopExtra = await extraCpu?.();
  const result = await load({
    ...common,
    connections: options.connections,
    durationMs: options.durationS * 1000,
  });
  const cpuAfter = await groupsCpuSeconds(scenario.pgids);
  const extra = stopExtra ? await stopExtra() : 0;
  const perRequest = (seconds: number | undefined) =>
    seconds === undefined || result.ok === 0 ? undefined : (seconds * 1000) / result.ok;
  const dbCpuMsPerRequest = stopExtra ? perRequest(extra) : undefined;
  const cpuMsPerRequest = perRequest(
    cpuBefore === undefined || cpuAfter === undefined || extra === undefined
      ? undefined
      : cpuAfter - cpuBefore + extra,
  );
  const row: Row = {
    scenario,
    result,
    cpuMsPerRequest,
    ...(stopExtra ? { dbCpuMsPerRequest } : {}),
  };
  say(`  ${formatRow(row)}`);
  return row;
}

// ---------------------------------------------------------------- output

function num(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const NAME_WIDTH = 46;
const COLUMNS = ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'answers', 'errors', 'cpu ms/req'];

function formatRow({ scenario, result, cpuMsPerRequest, ...db }: Row): string {
  const cells = [
    num(result.rps),
    num(result.p50),
    num(result.p95),
    num(result.p99),
    String(result.ok),
    String(result.errors),
    num(cpuMsPerRequest),
    ...('dbCpuMsPerRequest' in db ? [num(db.dbCpuMsPerRequest)] : []),
  ];
  return scenario.name.padEnd(NAME_WIDTH) + cells.map((c) => c.padStart(11)).join('');
}

function printTable(rows: Row[]) {
  const columns = rows.some((row) => 'dbCpuMsPerRequest' in row)
    ? [...COLUMNS, 'of it db']
    : COLUMNS;
  console.log('scenario'.padEnd(NAME_WIDTH) + columns.map((c) => c.padStart(11)).join(''));
  for (const row of rows) console.log(formatRow(row));
  for (const { scenario, result } of rows)
    if (result.firstError) console.log(`  ${scenario.name}: first error: ${result.firstError}`);
}

// ---------------------------------------------------------------- main

async function main(): Promise<number> {
  const majorNode = Number(process.versions.node.split('.')[0]);
  if (majorNode < 24) {
    console.error(`Node 24 is required (this is ${process.version}): run it with npm run bench`);
    return 2;
  }
  await mkdir(work, { recursive: true });
  if (!options.postgresOnly) await prepareCatalogue();
  if (options.databaseUrl) await preparePostgresCatalogue(options.databaseUrl);
  const databases: Database[] = [
    ...(options.postgresOnly ? [] : [{ kind: 'pglite' as const }]),
    ...(options.databaseUrl ? [{ kind: 'postgres' as const, url: options.databaseUrl }] : []),
  ];
  if (options.heapLimitsMb) {
    await compareHeapLimits(databases.at(-1) ?? { kind: 'pglite' }, options.heapLimitsMb);
    return 0;
  }
  for (const database of databases) await runScenarios(database);
  return 0;
}

/**
 * `--heap`: the same scenarios once per heap limit (`--max-old-space-size` through NODE_OPTIONS),
 * on one worker (WEB_CONCURRENCY=1), on the last database of the run, with the server's resident
 * memory sampled every 250 ms; prints one line per limit.
 */
async function compareHeapLimits(database: Database, limitsMb: number[]): Promise<void> {
  type HeapRow = { limitMb: number; rows: Row[]; peakRss: number; endRss: number; seconds: number };
  const results: HeapRow[] = [];
  for (const limitMb of limitsMb) {
    say(`heap: ${limitMb === 0 ? 'no limit' : `${limitMb} MB`}`);
    const extra: Record<string, string> = { WEB_CONCURRENCY: '1' };
    if (limitMb > 0) extra.NODE_OPTIONS = `--max-old-space-size=${limitMb}`;
    const started = performance.now();
    let peakRss = 0;
    let endRss = 0;
    const rows = await runScenarios(database, extra, (pgid) => {
      const timer = setInterval(() => {
        void groupsRssBytes([pgid]).then((bytes) => {
          if (bytes === undefined) return;
          peakRss = Math.max(peakRss, bytes);
          endRss = bytes;
        });
      }, 250);
      return () => clearInterval(timer);
    });
    results.push({
      limitMb,
      rows,
      peakRss,
      endRss,
      seconds: (performance.now() - started) / 1000,
    });
  }
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  // The throughput of a mix that sends each scenario the same number of requests: every request
  // of the mix costs the scenario's 1 / req/s, so the mix serves n / Σ(1 / req/s) a second.
  const mixRps = (rows: Row[]) =>
    rows.length / rows.reduce((sum, row) => sum + 1 / Math.max(row.result.rps, 1e-9), 0);
  // The same mix's CPU per request (the steadier figure on a shared machine): the scenarios' mean.
  const mixCpuMs = (rows: Row[]) => {
    const known = rows.flatMap((row) =>
      row.cpuMsPerRequest === undefined ? [] : [row.cpuMsPerRequest],
    );
    return known.length ? known.reduce((a, b) => a + b, 0) / known.length : undefined;
  };
  const unlimited = results.find((r) => r.limitMb === 0);
  console.log('');
  console.log(
    `Heap limits, ${new Date().toISOString()}, ${databaseName(database)}, one worker, ` +
      `${options.connections} connections, ${options.durationS} s per scenario; ` +
      `mix req/s = the scenarios in equal shares of requests`,
  );
  console.log(
    ['heap', 'peak RSS MiB', 'end RSS MiB', 'mix req/s', 'vs no limit', 'mix cpu ms', 'errors']
      .map((c, i) => (i === 0 ? c.padEnd(10) : c.padStart(13)))
      .join(''),
  );
  for (const r of results) {
    const mix = mixRps(r.rows);
    const ratio = unlimited ? mix / mixRps(unlimited.rows) : undefined;
    const errors = r.rows.reduce((sum, row) => sum + row.result.errors, 0);
    console.log(
      [
        (r.limitMb === 0 ? 'none' : `${r.limitMb} MB`).padEnd(10),
        mib(r.peakRss).padStart(13),
        mib(r.endRss).padStart(13),
        num(mix).padStart(13),
        (ratio === undefined ? '—' : `${(ratio * 100).toFixed(0)} %`).padStart(13),
        num(mixCpuMs(r.rows)).padStart(13),
        String(errors).padStart(13),
      ].join(''),
    );
  }
  console.log('');
  for (const r of results) {
    console.log(`${r.limitMb === 0 ? 'no limit' : `${r.limitMb} MB`}, per scenario:`);
    printTable(r.rows);
    console.log('');
  }
}

/** Starts our server on `database`, loads every scenario, prints the results, stops the server. */
async function runScenarios(
  database: Database,
  extraEnv: Record<string, string> = {},
  watch?: (pgid: number) => () => void,
): Promise<Row[]> {
  // Our server: `npm start` without npm, on a free port.
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  say(`server: starting on ${origin} (builds the storefront first if it is stale)…`);
  const server = launch(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env: shopEnv(
      { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', ...extraEnv },
      database,
    ),
    // Vite's list of built files, when the storefront is rebuilt, is noise here.
    onLine: (line) => {
      if (!/^\s*build\/|^\s*$/.test(line)) say(`  server: ${line}`);
    },
  });
  await waitUntilAnswers(`${origin}/en/api/products/products/?page_size=1`, server, 300_000);
  say('server: answering');
  // A cold start (issue 26): the list page's first answers, before anything filled the filter
  // panel's counts. Each of the first requests may reach another worker, each with its own caches.
  const coldStart: string[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    const res = await fetch(`${origin}/en/products/`, {
      headers: { accept: 'text/html', cookie: 'sessionid=bench-no-such-session' },
    });
    await res.arrayBuffer();
    coldStart.push(`${res.status} in ${(performance.now() - started).toFixed(0)} ms`);
  }
  say(`cold start: list page ${coldStart.join(', then ')}`);
  await waitForCatalogueIndex(origin, 600_000);

  // What to ask for, found through the typed client (so the answers are also schema-checked).
  const api = createApiClient({ host: origin, locale: 'en' });
  const first = await api.products.list();
  const firstTitle = first.results[0]?.title;
  if (!firstTitle) throw new Error('the first product page is empty');
  const values = await api.products.values({ query: { page_size: 100 } });
  const byAttribute = new Map<number, number[]>();
  for (const value of values.results)
    byAttribute.set(value.attribute.id, [...(byAttribute.get(value.attribute.id) ?? []), value.id]);
  // The catalogue generator's attributes come last, and each of them is on many products.
  const attributes = [...byAttribute.entries()].sort(([a], [b]) => b - a);
  // Cold keys (issue 26): many searches and filter combinations, each asked once. Searches of the
  // titles' words; filters of the generator's attributes (the last ones, on thousands of products).
  const cards = (
    await Promise.all(
      // Orders that read the same pages on every run (the words of their titles).
      (['sorting', 'created', '-created'] as const).flatMap((sort) =>
        [1, 2].map((page) => api.products.list({ query: { sort, page, page_size: 100 } })),
      ),
    )
  ).flatMap((p) => p.results);
  const texts = searchTexts(cards.map((card) => card.title));
  // The panel with a price range or a vendor (issue 26): vendors of those cards, ranges around
  // their prices, each alone or with a combination ticked.
  const vendorIds = [
    ...new Set(cards.flatMap((card) => (card.vendor ? [card.vendor.id] : []))),
  ].sort((a, b) => a - b);
  const prices = [...new Set(cards.map((card) => Math.floor(card.price)))].sort((a, b) => a - b);
  const combinations = valueCombinations(attributes.slice(0, 8).map(([, ids]) => ids));
  const sorts = ['sorting', 'price', '-price', 'title', '-title', 'created', '-created'] as const;
  // Page after page, each in turn in every language and order (320 keys, each asked once).
  const wholeSorts = Array.from({ length: 20 }, (_, i) => i + 1).flatMap((page) =>
    (['en', 'de', 'ru', 'it'] as const).flatMap((locale) =>
      (['title', '-title', 'price', '-price'] as const).map(
        (sort) => [locale, sort, page] as const,
      ),
    ),
  );
  const valuesQuery = (ids: number[]) => ids.map((id) => `values__id=${id}`).join('&');
  const narrowedPanels = combinations.map((ids, i) => {
    const low = prices[(i * 7) % prices.length] ?? 0;
    const narrow =
      i % 2 === 0
        ? `price__gte=${low}&price__lte=${low + 10 + (i % 5) * 20}`
        : `vendor=${vendorIds[i % vendorIds.length] ?? 1}`;
    return i % 3 === 0 ? narrow : `${narrow}&${valuesQuery(ids)}`;
  });
  const pair = attributes.find(([, ids]) => ids.length >= 2);
  const other = attributes.find(([id]) => id !== pair?.[0]);
  if (!pair || !other) throw new Error('the catalogue has too few attribute values to filter by');
  const valueIds = [pair[1][0], pair[1][1], other[1][0]].filter((id) => id !== undefined);
  // Page 3, or the last page of a small catalogue.
  const filteredCount = (await api.products.list({ query: { values__id: valueIds } })).count;
  const filterPage = Math.max(1, Math.min(3, Math.ceil(filteredCount / PRODUCT_PAGE_SIZE)));
  const filtered = await api.products.list({
    query: { values__id: valueIds, sort: '-price', page: filterPage },
  });
  const found = await api.products.search({ query: { query: SEARCH_WORD } });
  const typo = await api.products.search({ query: { query: SEARCH_TYPO } });
  for (const [what, page] of [
    [`filtered list, page ${filterPage}`, filtered],
    [`search '${SEARCH_WORD}'`, found],
    [`search '${SEARCH_TYPO}'`, typo],
  ] as const)
    if (page.results.length === 0) throw new Error(`${what} has no results: nothing to measure`);

  const shopper = await shopperSession(origin, first.results, join(dataDir, 'mail'));
  say(
    `shopper: ${shopper.cartLines} cart lines (${shopper.cartQuantity} units), ` +
      `${shopper.wishlist} wishlist items`,
  );
  const productPath = `/en${first.results[0]?.slugUri ?? '/products/'}`;

  // The Next.js page in every run, on the API of this run's database: issue 25's targets (ours
  // against Next.js, in the same run) hold on PGlite and on PostgreSQL alike.
  // Not built nor started when `--only` leaves its scenario out (`--only cold`): its build
  // takes minutes of the shared cores and its server a port of its own.
  const nextName = 'page /en/products/ (Next.js';
  const nextOutcome: NextOutcome =
    options.only === undefined || nextName.includes(options.only)
      ? await startNextApp({
          root,
          work,
          shopOrigin: origin,
          say,
          ...(options.nextPort === undefined ? {} : { port: options.nextPort }),
        })
      : { ok: false, reason: `left out by --only ${options.only}` };
  if (!nextOutcome.ok) say(`Next.js: not measured: ${nextOutcome.reason}`);

  const titleInHtml = escapeHtml(firstTitle);
  const htmlCheck = (body: Buffer) => body.includes(titleInHtml);
  const jsonCheck = (body: Buffer) => body.includes('"results":[{');
  const ours = [server.pgid];
  const valuesParam = valueIds.join(',');
  // A visitor without cookies, as the load generator is: served from the page cache after the
  // first render (docs/decisions/0035-page-cache.md).
  const pageScenario: Scenario = {
    name: 'page /en/products/ (ours, page cache)',
    url: `${origin}/en/products/`,
    accept: 'text/html',
    check: htmlCheck,
    pgids: ours,
  };
  const nextScenario: Scenario | undefined = nextOutcome.ok
    ? {
        name: `page /en/products/ (Next.js ${nextOutcome.server.version})`,
        url: `${nextOutcome.server.origin}/en/products/`,
        accept: 'text/html',
        check: htmlCheck,
        // The Next.js server and our API, which it calls on every request.
        pgids: [nextOutcome.server.launched.pgid, server.pgid],
      }
    : undefined;
  // The same page rendered on every request, as for a shopper with a session (the cookie names
  // no session, so the API answers as for a visitor, but the page cache leaves it alone).
  const renderedScenario: Scenario = {
    ...pageScenario,
    name: 'page /en/products/ (ours, rendered each time)',
    headers: { Cookie: 'sessionid=bench-no-such-session' },
  };
  // The same list page, the filter click and a product page for the logged-in shopper with a
  // cart and a wishlist: rendered on every request (issue 25).
  const shopperHeaders = { Cookie: shopper.cookie };
  const shopperPage: Scenario = {
    ...pageScenario,
    name: 'page /en/products/ (ours, logged-in shopper)',
    headers: shopperHeaders,
  };
  const filterClick: Scenario = {
    name: `filter click .data, values__id=${valueIds[0]} (shopper)`,
    url:
      `${origin}/en/products/_.data?values__id=${valueIds[0]}` +
      `&_routes=${encodeURIComponent(FILTER_CLICK_ROUTES)}`,
    accept: '*/*',
    // The turbo-stream answer names the list route's data and the filtered first card.
    check: (body: Buffer) => body.includes('routes/products') && body.includes('"slugUri"'),
    pgids: ours,
    headers: shopperHeaders,
  };
  const productPage: Scenario = {
    name: `page ${productPath.length > 22 ? `${productPath.slice(0, 21)}…` : productPath} (shopper)`,
    url: `${origin}${productPath}`,
    accept: 'text/html',
    check: htmlCheck,
    pgids: ours,
    headers: shopperHeaders,
  };
  // Scenarios on the same keys start at different places of their list: what one asked, the
  // next does not find kept.
  const cold = (
    name: string,
    urls: string[],
    from: number,
    accept: string,
    check: Scenario['check'],
  ) => ({ name, url: urls[0] ?? origin, accept, check, pgids: ours, keys: rotation(urls, from) });
  const coldScenarios: Scenario[] = [
    cold(
      'cold: api facets, a new combination each',
      combinations.map((ids) => `${origin}/en/api/products/facets/?${valuesQuery(ids)}`),
      0,
      'application/json',
      (body) => body.includes('"count":'),
    ),
    cold(
      'cold: api list, a new filter+sort+page each',
      combinations.map(
        (ids, i) =>
          `${origin}/en/api/products/products/?${valuesQuery(ids)}` +
          `&sort=${sorts[i % sorts.length]}&page=${(i % 3) + 1}`,
      ),
      1 / 3,
      'application/json',
      (body) => body.includes('"results":['),
    ),
    cold(
      'cold: api facets, a price range or a vendor (some with values)',
      narrowedPanels.map((query) => `${origin}/en/api/products/facets/?${query}`),
      1 / 2,
      'application/json',
      (body) => body.includes('"count":'),
    ),
    cold(
      'cold: api get_filters_attributes, a new filter each',
      narrowedPanels.map((query) => `${origin}/en/api/products/get_filters_attributes/?${query}`),
      3 / 4,
      'application/json',
      (body) => body.includes('"values":'),
    ),
    cold(
      // The whole catalogue by title or shown price, in every language (issue 26: these sorted
      // every listed product and passed the statement timeout at 1M before decision 0069).
      'cold: api list, whole catalogue by title or price, a new page each',
      wholeSorts.map(
        ([locale, sort, page]) =>
          `${origin}/${locale}/api/products/products/?sort=${sort}&page=${page}`,
      ),
      0,
      'application/json',
      (body) => body.includes('"results":['),
    ),
    cold(
      'cold: api search, a new text each',
      texts.map(
        (text) => `${origin}/en/api/products/products/search?query=${encodeURIComponent(text)}`,
      ),
      0,
      'application/json',
      (body) => body.includes('"results":['),
    ),
    cold(
      'cold: page, a new filter each (rendered)',
      combinations.map((ids) => `${origin}/en/products/?${valuesQuery(ids)}`),
      2 / 3,
      'text/html',
      (body) => body.includes('</html>'),
    ),
    cold(
      'cold: page, a new search each (rendered)',
      // Encoded as the storefront's canonical URL is (a space as +), or it redirects.
      texts.map(
        (text) => `${origin}/en/products/?${new URLSearchParams({ query: text }).toString()}`,
      ),
      1 / 2,
      'text/html',
      (body) => body.includes('</html>'),
    ),
  ].map((scenario) =>
    // Rendered for a session (the page cache left alone), as for a shopper.
    scenario.accept === 'text/html'
      ? { ...scenario, headers: { Cookie: 'sessionid=bench-no-such-session' } }
      : scenario,
  );
  const allScenarios: Scenario[] = [
    pageScenario,
    ...(nextScenario ? [nextScenario] : []),
    renderedScenario,
    shopperPage,
    filterClick,
    productPage,
    {
      name: 'api list, first page (what Next.js fetches)',
      url: `${origin}/en/api/products/products/`,
      accept: 'application/json',
      check: jsonCheck,
      pgids: ours,
    },
    {
      name: `api list, values__id=${valuesParam}, -price, p.${filterPage}`,
      url: `${origin}/en/api/products/products/?values__id=${valuesParam}&sort=-price&page=${filterPage}`,
      accept: 'application/json',
      check: jsonCheck,
      pgids: ours,
    },
    {
      name: `api search '${SEARCH_WORD}'`,
      url: `${origin}/en/api/products/products/search?query=${SEARCH_WORD}`,
      accept: 'application/json',
      check: jsonCheck,
      pgids: ours,
    },
    {
      name: `api search '${SEARCH_TYPO}' (typo)`,
      url: `${origin}/en/api/products/products/search?query=${SEARCH_TYPO}`,
      accept: 'application/json',
      check: jsonCheck,
      pgids: ours,
    },
    ...coldScenarios,
  ];
  const scenarios = options.only
    ? allScenarios.filter((scenario) => scenario.name.includes(options.only ?? ''))
    : allScenarios;

  // On PostgreSQL, the database's server processes serve our requests too: their CPU counts.
  const watcher = database.kind === 'postgres' ? await postgresWatcher(database.url) : undefined;
  const rows: Row[] = [];
  const loads: string[] = [];
  const unwatch = watch?.(server.pgid);
  for (const scenario of scenarios) {
    loads.push((loadavg()[0] ?? 0).toFixed(1));
    rows.push(await measure(scenario, watcher?.start));
  }
  unwatch?.();
  await watcher?.close();
  if (nextOutcome.ok) await stopGroup(nextOutcome.server.launched.pgid);
  await stopGroup(server.pgid);

  // ---- results (stdout)
  const cpu = cpus();
  console.log('');
  console.log(`Catalogue benchmark, ${new Date().toISOString()}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? 'CPU'}, Linux ${release()}, ` +
      `Node ${process.version}; 1-min load average as each scenario starts: ${loads.join(', ')}`,
  );
  console.log(
    `catalogue: ${first.count} products listed (${options.products} generated), ` +
      `${databaseName(database)}; ` +
      `filtered list: ${filtered.count} products; '${SEARCH_WORD}': ${found.count}, ` +
      `'${SEARCH_TYPO}': ${typo.count}; shopper: ${shopper.cartLines} cart lines ` +
      `(${shopper.cartQuantity} units), ${shopper.wishlist} wishlist items`,
  );
  console.log(
    `load: ${options.connections} connections, ${options.durationS} s per scenario after a ` +
      `${options.warmupS} s warm-up on one connection; keep-alive, no compression; ` +
      `cpu ms/req = CPU time of the serving processes per answer` +
      (database.kind === 'postgres' ? ", PostgreSQL's server processes included ('of it db')" : ''),
  );
  console.log(`cold start: the list page answered ${coldStart.join(', then ')}`);
  console.log('');
  printTable(rows);
  for (const { scenario } of rows)
    if (scenario.keys)
      console.log(
        `  ${scenario.name}: ${scenario.keys.asked} requests, ${scenario.keys.distinct} different URLs` +
          (scenario.keys.distinct < scenario.keys.asked ? ' (some asked twice: not all cold)' : ''),
      );
  console.log('');

  const ourPage = rows[0];
  const theirPage = nextScenario ? rows[1] : undefined;
  const rendered = rows.find((row) => row.scenario === renderedScenario);
  if (ourPage && theirPage && rendered) {
    const b = theirPage.result;
    const line = (label: string, r: LoadResult) =>
      `  ${label.padEnd(16)}${num(r.rps).padStart(8)} req/s   p50 ${num(r.p50).padStart(8)} ms   p99 ${num(r.p99).padStart(8)} ms`;
    console.log('Product list page, ours vs Next.js, same run, same load:');
    const logged = rows.find((row) => row.scenario === shopperPage);
    console.log(line('ours, cached', ourPage.result));
    console.log(line('ours, rendered', rendered.result));
    if (logged) console.log(line('ours, shopper', logged.result));
    console.log(line('Next.js', b));
    const ratio = (r: LoadResult) => (b.rps > 0 ? (r.rps / b.rps).toFixed(3) : '—');
    console.log(
      `  ours / Next.js (req/s): ${ratio(ourPage.result)} cached, ${ratio(rendered.result)} rendered` +
        (logged ? `, ${ratio(logged.result)} logged-in shopper` : ''),
    );
    console.log(
      `  cpu ms per view: ${num(ourPage.cpuMsPerRequest)} cached, ${num(rendered.cpuMsPerRequest)} ` +
        `rendered, ${num(logged?.cpuMsPerRequest)} logged-in shopper, ` +
        `${num(theirPage.cpuMsPerRequest)} Next.js (with our API)`,
    );
  } else if (!nextOutcome.ok) {
    console.log(`Next.js comparison not measured: ${nextOutcome.reason.split('\n')[0]}`);
    if (database.kind === 'pglite') console.log(`  (details: bench/.work/next-*.log)`);
  }
  return rows;
}

await runMain('bench', main);
