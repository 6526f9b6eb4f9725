// `npm run bench:index-build -- [--products 1000000]`
//
// Decision 0085: how long building the catalogue index (its carriers, vendor runs and price
// order) holds the event loop, on synthetic columns shaped like the 1M bench catalogue (three
// values of 107 per product, 24 vendors, whole-cent prices). Prints the whole build's time (one
// call of `indexCatalogue`) and, driven as the loader drives it (`buildYielding`), the longest
// run between two turns of the event loop and the turns given. Prints figures only.
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { indexCatalogue, type CatalogueColumns } from '@shop/domain';
import { buildYielding } from '../apps/api/src/lib/catalogue-index.ts';

const { values: args } = parseArgs({
  options: { products: { type: 'string', default: '1000000' } },
});
const products = Number(args.products);
const VALUES = 107;
const PER_ROW = 3;
// A fixed pseudo-random sequence: the same columns on every run.
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const columns = (): CatalogueColumns => {
  const valueStart = new Int32Array(products + 1);
  const values = new Int32Array(products * PER_ROW);
  for (let r = 0; r < products; r++) {
    const picked = new Set<number>();
    while (picked.size < PER_ROW) picked.add(Math.floor(random() * VALUES));
    values.set(
      [...picked].sort((a, b) => a - b),
      r * PER_ROW,
    );
    valueStart[r + 1] = (r + 1) * PER_ROW;
  }
  return {
    ids: Int32Array.from({ length: products }, (_, r) => 2 * r + 1),
    vendors: Int32Array.from({ length: products }, () => 1 + Math.floor(random() * 24)),
    cents: Float64Array.from({ length: products }, () => 100 + Math.floor(random() * 500_000)),
    valueStart,
    values,
    valueIds: Int32Array.from({ length: VALUES }, (_, v) => v + 1),
    valueAttributes: Int32Array.from({ length: VALUES }, (_, v) => 1 + (v % 9)),
  };
};

for (let i = 0; i < 3; i++) {
  const c = columns();
  const started = performance.now();
  indexCatalogue(c);
  const whole = performance.now() - started;
  const c2 = columns();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let turns = 0;
  let longest = 0;
  let last = performance.now();
  const began = last;
  await buildYielding(c2, () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    turns++;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        last = performance.now();
        resolve();
      }),
    );
  });
  longest = Math.max(longest, performance.now() - last);
  delay.disable();
  console.log(
    `${products} products: indexCatalogue ${whole.toFixed(0)} ms in one block; ` +
      `driven in steps ${(performance.now() - began).toFixed(0)} ms, ${turns} turns, longest step ` +
      `${longest.toFixed(1)} ms (event loop delay max ${(delay.max / 1e6).toFixed(1)} ms)`,
  );
}
