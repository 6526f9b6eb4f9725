// `npm run bench:index -- --database-url postgres://… | --data-dir bench/.work/data/pglite`
//
// Issue 26, decision 0085: what the in-process catalogue index costs and answers at a catalogue's
// size. Loads it as a shop process does (loadCatalogueIndex), three times, and prints the load's
// time, the longest the event loop was held and the peak memory during it, the resident memory and heap it adds (after a full GC), the typed arrays' bytes, and the
// CPU time of the in-memory answers of cold filter panels (a vendor's, a price range's, values
// ticked). Run with `node --expose-gc`. Prints figures only.
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  carrierCounts,
  carriersIn,
  countMatching,
  narrowedCounts,
  type CatalogueIndex,
  type IndexFilters,
} from '@shop/domain';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { rowsOf } from '../apps/api/src/db/rows.ts';
import { loadCatalogueIndex } from '../apps/api/src/lib/catalogue-index.ts';

const { values } = parseArgs({
  options: { 'database-url': { type: 'string' }, 'data-dir': { type: 'string' } },
});
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const settle = () => {
  gc();
  gc();
  return process.memoryUsage();
};

const handle = await openDatabase(
  values['database-url']
    ? { url: values['database-url'], poolSize: 2, statementTimeoutMs: 0 }
    : { dataDir: values['data-dir'] ?? 'bench/.work/data/pglite' },
);
const db = handle.db;
const version = async () =>
  Number(
    rowsOf<{ v: number }>(
      await db.execute(sql`SELECT version AS v FROM shop_data_versions WHERE id = 1`),
    )[0]?.v ?? 0,
  );
await version();
const before = settle();
let index: CatalogueIndex | undefined;
// Each load replaces the last (kept until then, as a shop process keeps it).
const loads: string[] = [];
for (let i = 0; i < 3; i++) {
  settle();
  const cpu = process.cpuUsage();
  const started = performance.now();
  // The longest time the event loop was held (a timer's delay), and the highest resident memory
  // and array buffers (read every 5 ms, and after the load) while this load runs beside the
  // index it replaces.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let peak = process.memoryUsage.rss();
  let peakArrays = process.memoryUsage().arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peak = Math.max(peak, now.rss);
    peakArrays = Math.max(peakArrays, now.arrayBuffers);
  };
  // The main thread's CPU time between two turns of a 5 ms timer: the longest work that held
  // the loop, without the time the shared machine's other processes took the core.
  let heldCpu = 0;
  let cpuAt = process.threadCpuUsage();
  const sampler = setInterval(() => {
    const cpu = process.threadCpuUsage(cpuAt);
    heldCpu = Math.max(heldCpu, (cpu.user + cpu.system) / 1000);
    cpuAt = process.threadCpuUsage();
    sample();
  }, 5);
  index = (await loadCatalogueIndex(db, version))!.index;
  // The timer's next turn measures the load's last stretch of work.
  await new Promise((resolve) => setTimeout(resolve, 20));
  sample();
  clearInterval(sampler);
  delay.disable();
  const used = process.cpuUsage(cpu);
  loads.push(
    `${((performance.now() - started) / 1000).toFixed(1)} s (Node CPU ${((used.user + used.system) / 1e6).toFixed(1)} s, ` +
      `event loop held up to ${(delay.max / 1e6).toFixed(0)} ms wall, ${heldCpu.toFixed(0)} ms CPU, peak RSS +${mib(peak - before.rss)}, peak array buffers +${mib(peakArrays - before.arrayBuffers)})`,
  );
}
const after = settle();
const ix = index!;
const bytes = Object.values(ix).reduce<number>(
  (n, v) => n + (ArrayBuffer.isView(v) ? v.byteLength : 0),
  0,
);
console.log(
  `products ${ix.ids.length}, value links ${ix.values.length}, values ${ix.valueIds.length}`,
);
console.log(`load:\n  ${loads.join('\n  ')}`);
console.log(
  `memory added: RSS ${mib(after.rss - before.rss)}, heap ${mib(after.heapUsed - before.heapUsed)}, ` +
    `array buffers ${mib(after.arrayBuffers - before.arrayBuffers)} (typed arrays ${mib(bytes)})`,
);

/** CPU ms per call of `work`, over `n` calls. */
function perCall(name: string, n: number, work: (i: number) => unknown) {
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) work(i);
  const used = process.cpuUsage(cpu);
  console.log(`${name}: ${((used.user + used.system) / 1000 / n).toFixed(2)} ms CPU per answer`);
}
const vendors = [...ix.vendorRuns.keys()];
const byCarriers = [...ix.valueIds.keys()].sort((a, b) => ix.everyCount[b]! - ix.everyCount[a]!);
const value = (i: number) => ix.valueIds[byCarriers[i % Math.min(40, byCarriers.length)]!]!;
const vendorOf = (i: number): IndexFilters => ({ vendor: vendors[i % vendors.length] });
const rangeOf = (i: number): IndexFilters => ({
  minCents: 100 * (i % 50),
  maxCents: 100 * (i % 50) + 1500,
});
perCall('facets, every product', 50, () => carrierCounts(ix, {}));
perCall('facets, a vendor', 50, (i) => carrierCounts(ix, vendorOf(i)));
perCall('facets, a price range', 50, (i) => carrierCounts(ix, rangeOf(i)));
perCall('facets, 1 value ticked', 50, (i) => narrowedCounts(ix, {}, [value(i)]));
perCall('facets, 3 values ticked', 50, (i) =>
  narrowedCounts(ix, {}, [value(i), value(i + 7), value(i + 13)]),
);
perCall('facets, a vendor, 2 values ticked', 50, (i) =>
  narrowedCounts(ix, vendorOf(i), [value(i), value(i + 7)]),
);
perCall('count, 2 values', 50, (i) => countMatching(ix, { values: [value(i), value(i + 7)] }));
perCall('get_filters_attributes carriers, a vendor', 20, (i) => carriersIn(ix, vendorOf(i)));
perCall('get_filters_attributes carriers, a price range', 20, (i) => carriersIn(ix, rangeOf(i)));
await handle.close();
