// `npm run bench:lighthouse` (issue 12, target 6; issue 25): Lighthouse's mobile audit (simulated
// throttling: a mid-range phone on slow 4G) of the home page, the product list and a product page
// of a freshly started demo shop, on Debian's Chromium; then, with the cookies of a logged-in
// shopper (3 cart lines, 2 wishlist items; bench/lib/shopper.ts) set in that Chromium, the cart,
// the checkout and the account dashboard. Prints one row per run: the four scores,
// LCP, CLS, TBT, the bytes transferred, what the LCP element was, and the machine's load average
// when the run started and ended (the machine is shared: a busy one slows the simulated phone's
// CPU work down too). Figures to read, never a test.
//
// Flags: --runs N (per page, default 1), --keep-data (reuse bench/.work/lighthouse-data),
// --port N (the shop on N and Chromium's DevTools on N + 1, instead of free ports: a shared
// machine where each engineer has a range of ports), --only 'home,cart (3 lines)' (only the pages
// of those names, as the table prints them), --save (each run's full report).
// `--inp` (`npm run bench:inp`): no audits; instead Interaction to Next Paint of a filter click
// and an add to cart in Chromium throttled as Lighthouse's mobile preset (bench/lib/inp.ts),
// --runs N times each (default 5), each run's figure and the median.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  issue25Interactions,
  measureInteraction,
  median,
  MOBILE_THROTTLING,
  type InpSample,
} from './lib/inp.ts';
import { launchBrowser } from '../e2e/browser.ts';
import { freePort, launch, runMain, waitUntilAnswers } from './lib/processes.ts';
import { shopperSession } from './lib/shopper.ts';

const root = join(import.meta.dirname, '..');
const work = join(root, 'bench', '.work');
const dataDir = join(work, 'lighthouse-data');

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string' },
    inp: { type: 'boolean' },
    'keep-data': { type: 'boolean' },
    port: { type: 'string' },
    // Only these pages, by name, comma-separated: --only 'home,cart (3 lines)'.
    only: { type: 'string' },
    // Each run's full Lighthouse report (JSON) into bench/.work/lighthouse-reports/, to read why.
    save: { type: 'boolean' },
  },
});
const runs = Math.max(1, Number(flags.runs) || (flags.inp ? 5 : 1));
const only = flags.only?.split(',').map((name) => name.trim());
const audited = ([name]: [string, string]) => !only || only.includes(name);

const say = (line: string) => process.stderr.write(`${line}\n`);
const load = () => loadavg()[0]?.toFixed(2) ?? '?';

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  kib: number;
  lcpElement: string;
  load: string;
};

/** A score as Lighthouse shows it (0–100), or -1 when the category did not run. */
const score = (value: number | null | undefined) =>
  value === null || value === undefined ? -1 : Math.round(value * 100);

async function audit(url: string, port: number, page: string): Promise<Row> {
  const before = load();
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error' },
    {
      extends: 'lighthouse:default',
      settings: {
        // The mobile defaults (Moto G Power, slow 4G, simulated), stated so they do not drift.
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      },
    },
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  if (flags.save) {
    const dir = join(work, 'lighthouse-reports');
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${page.replaceAll(' ', '-')}-${Date.now()}.json`);
    await writeFile(file, JSON.stringify(result.lhr));
    say(`  report: ${file}`);
  }
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  // The LCP element: the node item of the LCP breakdown insight (Lighthouse 13).
  const lcpParts = (
    audits['lcp-breakdown-insight']?.details as
      { items?: { type?: string; nodeLabel?: string; selector?: string }[] } | undefined
  )?.items;
  const lcpNode = lcpParts?.find((item) => item.type === 'node');
  return {
    page,
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    bestPractices: score(categories['best-practices']?.score),
    seo: score(categories.seo?.score),
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    kib: numeric('total-byte-weight') / 1024,
    lcpElement: (lcpNode?.nodeLabel ?? lcpNode?.selector ?? '?').slice(0, 40),
    load: `${before}→${load()}`,
  };
}

function print(rows: Row[]): void {
  const header = [
    'page',
    'perf',
    'a11y',
    'best',
    'seo',
    'LCP ms',
    'CLS',
    'TBT ms',
    'KiB',
    'load 1m',
    'LCP element',
  ];
  const lines = rows.map((r) => [
    r.page,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    r.lcpMs.toFixed(0),
    r.cls.toFixed(3),
    r.tbtMs.toFixed(0),
    r.kib.toFixed(0),
    r.load,
    r.lcpElement,
  ]);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map(() => '---').join(' | ')} |`);
  for (const line of lines) console.log(`| ${line.join(' | ')} |`);
}

/**
 * Sets or clears the browser's cookies for the shop's origin through the DevTools protocol (the
 * browser target of the Chromium that Lighthouse drives). Lighthouse's storage reset leaves
 * cookies alone, so a page audited after `set` is the logged-in shopper's.
 */
async function browserCookies(port: number, origin: string) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('no DevTools connection')), {
      once: true,
    });
  });
  let next = 0;
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  socket.addEventListener('message', (event) => {
    const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
    const call = answer.id === undefined ? undefined : waiting.get(answer.id);
    if (!call || answer.id === undefined) return;
    waiting.delete(answer.id);
    if (answer.error) call.reject(new Error(answer.error.message));
    else call.resolve();
  });
  const send = (method: string, params: object) =>
    new Promise<void>((resolve, reject) => {
      const id = ++next;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return {
    set: (cookies: { name: string; value: string }[]) =>
      send('Storage.setCookies', {
        cookies: cookies.map((c) => ({ ...c, url: origin, path: '/' })),
      }),
    clear: () => send('Storage.clearCookies', {}),
    close: () => socket.close(),
  };
}

async function main(): Promise<number> {
  await mkdir(work, { recursive: true });
  if (!flags['keep-data']) await rm(dataDir, { recursive: true, force: true });

  const port = flags.port ? Number(flags.port) : await freePort();
  const origin = `http://127.0.0.1:${port}`;
  say(`server: starting the demo shop on ${origin} (builds the storefront if it is stale)…`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
  };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL']) delete env[key];
  const server = launch(process.execPath, [join(root, 'scripts/start.ts')], {
    cwd: root,
    env,
    onLine: (line) => {
      if (!/^\s*build\/|^\s*$/.test(line)) say(`  server: ${line}`);
    },
  });
  await waitUntilAnswers(`${origin}/en/api/products/products/?page_size=1`, server, 300_000);
  const list = (await (await fetch(`${origin}/en/api/products/products/`)).json()) as {
    results: { id: number; available: boolean; slugUri: string }[];
  };
  const product = list.results[0]?.slugUri;
  if (!product) throw new Error('the demo shop lists no product');
  const pages: [string, string][] = [
    ['home', '/en/'],
    ['product list', '/en/products/'],
    ['product', `/en${product}`],
  ];
  // The logged-in shopper's pages (issue 25), audited with the session's cookies in the browser.
  const shopper = await shopperSession(origin, list.results, join(dataDir, 'mail'));
  say(`shopper: ${shopper.cartLines} cart lines, ${shopper.wishlist} wishlist items`);
  const shopperPages: [string, string][] = [
    ['cart (3 lines)', '/en/checkout/cart/'],
    ['checkout', '/en/checkout/checkout/'],
    ['dashboard', '/en/account/dashboard/'],
  ];
  // Each page once before measuring: resized images are made on first request and cached.
  for (const [, path] of pages) await (await fetch(`${origin}${path}`)).arrayBuffer();
  for (const [name, path] of shopperPages) {
    const res = await fetch(`${origin}${path}`, { headers: { cookie: shopper.cookie } });
    await res.arrayBuffer();
    // A redirect (to the login page, an empty cart's) would audit another page than named.
    if (res.url !== `${origin}${path}` || !res.ok)
      throw new Error(`${name}: ${path} answered ${res.status} at ${res.url}`);
  }

  if (flags.inp) return inp(origin, product);

  const chrome = await chromeLauncher.launch({
    ...(flags.port ? { port: port + 1 } : {}),
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const cookies = await browserCookies(chrome.port, origin);
  const rows: Row[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      await cookies.clear();
      for (const [name, path] of pages.filter(audited)) {
        say(`lighthouse: ${name} (${path}), run ${run + 1} of ${runs}, load ${load()}`);
        rows.push(await audit(`${origin}${path}`, chrome.port, name));
      }
      await cookies.set(shopper.cookies);
      for (const [name, path] of shopperPages.filter(audited)) {
        say(`lighthouse: ${name} (${path}, shopper), run ${run + 1} of ${runs}, load ${load()}`);
        rows.push(await audit(`${origin}${path}`, chrome.port, name));
      }
    }
  } finally {
    cookies.close();
    chrome.kill();
  }
  console.log(`Lighthouse mobile (simulated throttling), ${new Date().toISOString()}`);
  print(rows);
  return 0;
}

/** `--inp`: each interaction `runs` times, in one browser, a fresh context per run. */
async function inp(origin: string, product: string): Promise<number> {
  const browser = await launchBrowser();
  const results: { name: string; samples: InpSample[] }[] = [];
  try {
    for (const interaction of issue25Interactions(product)) {
      const samples: InpSample[] = [];
      for (let run = 0; run < runs; run++) {
        say(`inp: ${interaction.name}, run ${run + 1} of ${runs}, load ${load()}`);
        samples.push(await measureInteraction(browser, origin, interaction, load));
      }
      results.push({ name: interaction.name, samples });
    }
  } finally {
    await browser.close();
  }
  const { cpuSlowdown, latencyMs, downloadKbps } = MOBILE_THROTTLING;
  console.log(
    `INP in Chromium (${cpuSlowdown}× CPU, ${latencyMs} ms latency, ${downloadKbps} kbit/s down, ` +
      `412 px), ${new Date().toISOString()}`,
  );
  const ms = (value: number) => (value > 0 ? value.toFixed(0) : '< 16');
  console.log('| interaction | median INP ms | runs (ms, event) | load 1m |');
  console.log('| --- | --- | --- | --- |');
  for (const { name, samples } of results) {
    const runsText = samples.map((s) => `${ms(s.inpMs)} ${s.event}`).join(', ');
    const loads = `${samples[0]?.load.split('→')[0]}→${samples.at(-1)?.load.split('→')[1]}`;
    console.log(
      `| ${name} | ${ms(median(samples.map((s) => s.inpMs)))} | ${runsText} | ${loads} |`,
    );
  }
  return 0;
}

await runMain('bench:lighthouse', main);
