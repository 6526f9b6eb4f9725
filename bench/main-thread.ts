// `node bench/main-thread.ts --origin http://127.0.0.1:PORT` (issue 25, home's hydration): the
// main-thread work of a page's load in Chromium at Lighthouse's 4× CPU slowdown, a figure steadier
// than Lighthouse's simulated TBT on a shared machine. Each load is a fresh context (no cache, the
// consent choice set so that no banner renders) on a 412 px phone screen, network unthrottled (only
// the CPU is measured); the page's scripts are started at once (a pointer event, as a shopper's
// first touch does), and the load is read 3 s after React has hydrated `<main>`:
//
// - CPU ms: the renderer main thread's CPU time from the start of the page's modules, and from
//   it the blocking and the longest task of a phone 4× slower (Lighthouse's simulation: each
//   task's CPU × 4): steadier on a busy machine, where wall times stretch. --slowdown 1 measures
//   as Lighthouse's simulation does (unthrottled, then × 4); at 4 (the default) React's time
//   slices are those of the phone;
// - script ms: DevTools' `ScriptDuration` (time in JavaScript, compile included) for the load;
// - blocking ms: the long tasks' time over 50 ms each, summed (TBT's rule, from page start);
// - longest ms: the longest task.
//
// Flags: --origin (a running shop), --runs N (per page, default 5), --pages /en/,/de/ (default
// /en/), --profile DIR (one V8 CPU profile per load written there, with a table of the heaviest
// functions by self time printed for the last load of each page), --trace (a Chromium trace of
// each load; for the last load of each page, every task over 50 ms with what ran in it), --shopper
// DATA_DIR (the shop's data folder: each load with the cookies of the bench's logged-in shopper, 3
// cart lines, bench/lib/shopper.ts, its confirmation mail read from DATA_DIR/mail; for the cart,
// checkout and dashboard; the pages `shopper` names all six). Prints each load and the
// medians, with the load average beside. Figures to read, never a test.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../e2e/browser.ts';
import { hydrated, median } from './lib/inp.ts';
import { shopperSession } from './lib/shopper.ts';

const { values: flags } = parseArgs({
  options: {
    origin: { type: 'string' },
    runs: { type: 'string' },
    pages: { type: 'string' },
    profile: { type: 'string' },
    trace: { type: 'boolean' },
    slowdown: { type: 'string' },
    shopper: { type: 'string' },
  },
});
if (!flags.origin) throw new Error('--origin http://127.0.0.1:PORT (a running shop)');
const origin = flags.origin;
const runs = Math.max(1, Number(flags.runs) || 5);
/** Issue 25's six audited pages: `--pages all` (the product page is the list's first product). */
async function allPages(): Promise<string[]> {
  const list = (await (await fetch(`${origin}/en/api/products/products/`)).json()) as {
    results: { slugUri: string }[];
  };
  const product = list.results[0]?.slugUri;
  return ['/en/', '/en/products/', `/en${product}`, ...SHOPPER_PAGES];
}
const SHOPPER_PAGES = ['/en/checkout/cart/', '/en/checkout/checkout/', '/en/account/dashboard/'];
const pages = flags.pages === 'all' ? await allPages() : (flags.pages ?? '/en/').split(',');

/** The logged-in shopper's cookies, for the pages that need them (all pages with --shopper). */
const shopperCookies = flags.shopper
  ? (
      await shopperSession(
        origin,
        (
          (await (await fetch(`${origin}/en/api/products/products/`)).json()) as {
            results: { id: number; available: boolean }[];
          }
        ).results,
        join(flags.shopper, 'mail'),
      )
    ).cookies
  : null;
const slowdown = Number(flags.slowdown ?? 4);
const load = () => loadavg()[0]?.toFixed(2) ?? '?';

/** Long tasks from the page's start, kept in the page. */
const OBSERVER = `(() => {
  const seen = (window.__longTasks = []);
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
})();`;

type Sample = {
  scriptMs: number;
  blockingMs: number;
  longestMs: number;
  tasks: number;
  cpuMs: number;
  cpuBlockingMs: number;
  cpuLongestMs: number;
  load: string;
};

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
};

/** The heaviest functions by self time (µs deltas summed per node, then per function). */
function selfTimes(profile: Profile, top = 25): string[] {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.split('/').pop() ?? url;
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (byNode.get(node.id) ?? 0));
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([key, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`);
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  /** The thread's CPU time in the event, µs. */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } };
};

const mainThread = (events: TraceEvent[]) =>
  events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');

/**
 * The renderer main thread's CPU time at load once the page's modules start, from the tasks' thread time (the CPU the thread
 * used, not the wall time a busy machine stretches): the sum, and Lighthouse's simulation of a
 * phone 4× slower than this machine (each task's CPU × 4): the blocking (each task's time over 50
 * ms, summed) and the longest task.
 */
function cpuTasks(trace: { traceEvents: TraceEvent[] }) {
  const main = mainThread(trace.traceEvents);
  const own = trace.traceEvents.filter(
    (e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X',
  );
  // From the task that starts the page's modules on: the parsing, style and layout before it are
  // the same whatever the scripts do (and a fresh browser's first layout, its fonts, is slow).
  const start = Math.min(...own.filter((e) => e.name === 'v8.evaluateModule').map((e) => e.ts));
  const tasks = own.filter((e) => e.name === 'RunTask' && e.tdur && e.ts + (e.dur ?? 0) >= start);
  // DevTools' CPU slowdown shows in the thread time (the throttled thread is held busy): a phone 4×
  // slower than this machine is each task's thread time × 4 / the slowdown applied.
  const ms = tasks.map((e) => (e.tdur ?? 0) / 1000);
  const phone = 4 / slowdown;
  return {
    cpuMs: ms.reduce((a, b) => a + b, 0) / slowdown,
    cpuBlockingMs: ms.reduce((sum, t) => sum + Math.max(0, phone * t - 50), 0),
    cpuLongestMs: phone * Math.max(0, ...ms),
  };
}

/**
 * Each main-thread task over 50 ms (its wall time, or 4 × its CPU time): its start, CPU and wall
 * time, and the events directly in it with the most CPU time.
 */
function longTasks(trace: { traceEvents: TraceEvent[] }): string[] {
  const events = trace.traceEvents;
  const main = mainThread(events);
  if (!main) return ['no renderer main thread in the trace'];
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const tasks = own.filter(
    (e) => e.name === 'RunTask' && Math.max(e.dur ?? 0, (4 / slowdown) * (e.tdur ?? 0)) > 50_000,
  );
  const first = own[0]?.ts ?? 0;
  const lines: string[] = [];
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    const inside = own.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && e.name !== 'RunTask',
    );
    // The outermost events in the task: those not inside another event of it.
    const outer: TraceEvent[] = [];
    let reach = 0;
    for (const e of inside) {
      if (e.ts >= reach) {
        outer.push(e);
        reach = e.ts + (e.dur ?? 0);
      }
    }
    const parts = new Map<string, number>();
    for (const e of outer) {
      const data = e.args?.data;
      const what = `${e.name}${data?.url ? ` ${data.url.split('/').pop()}` : ''}${data?.functionName ? ` ${data.functionName}` : ''}${data?.type ? ` ${data.type}` : ''}`;
      parts.set(what, (parts.get(what) ?? 0) + (e.tdur ?? e.dur ?? 0));
    }
    const top = [...parts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([what, us]) => `${what} ${(us / 1000).toFixed(0)}`)
      .join('; ');
    lines.push(
      `task @${((task.ts - first) / 1000).toFixed(0)} ms: thread ${((task.tdur ?? 0) / 1000).toFixed(1)} ms (wall ${((task.dur ?? 0) / 1000).toFixed(0)}) — ${top}`,
    );
  }
  return lines;
}

async function measure(path: string, run: number): Promise<{ sample: Sample; table: string[] }> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: origin }]);
    if (shopperCookies && (flags.pages !== 'all' || SHOPPER_PAGES.includes(path)))
      await context.addCookies(shopperCookies.map((c) => ({ ...c, url: origin })));
    await context.addInitScript(OBSERVER);
    const page = await context.newPage();
    const messages: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') messages.push(m.text());
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    if (flags.profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'],
    });
    const before = load();
    await page.goto(`${origin}${path}`, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    // The scripts start on a shopper's first touch (scripts-after-paint.server.ts).
    await page.evaluate(() =>
      (globalThis as unknown as { dispatchEvent(e: Event): void }).dispatchEvent(
        new Event('pointerdown'),
      ),
    );
    await hydrated(page);
    await page.waitForTimeout(3000);
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const tasks = await page.evaluate(
      () =>
        (globalThis as unknown as { __longTasks: { start: number; duration: number }[] })
          .__longTasks,
    );
    let table: string[] = [];
    if (flags.profile) {
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      await mkdir(flags.profile, { recursive: true });
      const name = `${path.replaceAll('/', '_')}-${run}.cpuprofile`;
      await writeFile(join(flags.profile, name), JSON.stringify(profile));
      table = selfTimes(profile);
    }
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
      traceEvents: TraceEvent[];
    };
    const cpu = cpuTasks(trace);
    if (flags.trace) table = [...table, ...longTasks(trace)];
    if (messages.length) process.stderr.write(`  console: ${messages.join(' | ')}\n`);
    return {
      sample: {
        scriptMs: metric('ScriptDuration') * 1000,
        blockingMs: tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
        longestMs: tasks.reduce((max, t) => Math.max(max, t.duration), 0),
        tasks: tasks.length,
        ...cpu,
        load: `${before}→${load()}`,
      },
      table,
    };
  } finally {
    await browser.close();
  }
}

for (const path of pages) {
  const samples: Sample[] = [];
  let table: string[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await measure(path, run);
    samples.push(result.sample);
    table = result.table;
    const s = result.sample;
    console.log(
      `${path} run ${run + 1}: CPU ${s.cpuMs.toFixed(0)} ms, ×4 blocking ${s.cpuBlockingMs.toFixed(0)} ms, ×4 longest ${s.cpuLongestMs.toFixed(0)} ms | wall: script ${s.scriptMs.toFixed(0)} ms, blocking ${s.blockingMs.toFixed(0)} ms, longest ${s.longestMs.toFixed(0)} ms (${s.tasks} long tasks) | load ${s.load}`,
    );
  }
  const m = (pick: (s: Sample) => number) => median(samples.map(pick)).toFixed(0);
  console.log(
    `${path} median of ${runs}: CPU ${m((s) => s.cpuMs)} ms, ×4 blocking ${m((s) => s.cpuBlockingMs)} ms (${samples.map((s) => s.cpuBlockingMs.toFixed(0)).join(', ')}), ×4 longest ${m((s) => s.cpuLongestMs)} ms | wall: script ${m((s) => s.scriptMs)} ms, blocking ${m((s) => s.blockingMs)} ms (${samples.map((s) => s.blockingMs.toFixed(0)).join(', ')}), longest ${m((s) => s.longestMs)} ms`,
  );
  if (table.length)
    console.log(`heaviest functions by self time, last load of ${path}:\n${table.join('\n')}`);
}
