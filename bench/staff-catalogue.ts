// `npm exec -- node bench/staff-catalogue.ts [--runs 20]`: times the back office's product list
// (decision 0056) on the database `npm start` would use (DATABASE_URL, else PGlite in DATA_DIR),
// filled beforehand with `npm run catalogue -- --products 100000`. Prints the median and the
// slowest of each scenario: the first page, a page deep in the list (keyset), a vendor, each
// stock state, a title search, an id.
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { count, desc, eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client.ts';
import * as s from '../apps/api/src/db/schema.ts';
import { loadEnvOrExit } from '../apps/api/src/env.ts';
import {
  listStaffCatalogue,
  type CatalogueFilters,
} from '../apps/api/src/repos/staff-catalogue.ts';

const { values } = parseArgs({ options: { runs: { type: 'string' } } });
const runs = Number(values.runs ?? 20);
const env = loadEnvOrExit();
const handle = env.DATABASE_URL
  ? await openDatabase({ url: env.DATABASE_URL })
  : await openDatabase({ dataDir: join(resolve(env.DATA_DIR), 'pglite') });
const { db } = handle;

try {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(s.products);
  const [deep] = await db
    .select({ id: s.products.id })
    .from(s.products)
    .orderBy(desc(s.products.id))
    .offset(Math.floor(n * 0.9))
    .limit(1);
  const [vendor] = await db
    .select({ id: s.products.vendorId, n: count() })
    .from(s.products)
    .groupBy(s.products.vendorId)
    .orderBy(desc(count()))
    .limit(1);
  const [unlimited] = await db
    .select({ n: count() })
    .from(s.products)
    .where(isNull(s.products.stock));
  const [out] = await db.select({ n: count() }).from(s.products).where(eq(s.products.stock, 0));
  const [title] = await db
    .select({ title: s.productTranslations.title })
    .from(s.productTranslations)
    .where(eq(s.productTranslations.locale, 'en'))
    .orderBy(desc(s.productTranslations.parentId))
    .limit(1);
  const word = (title?.title ?? 'linen').split(/\s+/).find((w) => w.length >= 4) ?? 'linen';
  console.log(
    `${handle.kind}: ${n} products, ${unlimited?.n ?? 0} unlimited, ${out?.n ?? 0} out of stock; runs: ${runs}`,
  );

  const scenarios: [string, CatalogueFilters][] = [
    ['first page', {}],
    [`a page 90 % down (after=${deep?.id})`, { after: deep?.id }],
    [`the largest vendor (${vendor?.n} products)`, { vendor: vendor?.id }],
    ['one vendor, 90 % down', { vendor: vendor?.id, after: deep?.id }],
    ['in stock', { stock: 'in' }],
    ['out of stock', { stock: 'out' }],
    ['unlimited', { stock: 'unlimited' }],
    [`title search '${word}'`, { q: word }],
    ['title search, no match', { q: 'zzqxj' }],
    ['an id', { q: String(deep?.id ?? 1) }],
  ];
  for (const [name, filters] of scenarios) {
    const times: number[] = [];
    let shown = 0;
    let counted = '';
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const page = await listStaffCatalogue(db, 'product', 'en', filters, 20);
      times.push(performance.now() - started);
      shown = page.results.length;
      counted = page.countCapped ? `>${page.count}` : String(page.count);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${name.padEnd(40)} median ${median.toFixed(1).padStart(6)} ms, slowest ${times.at(-1)!.toFixed(1).padStart(6)} ms (${shown} rows, count ${counted})`,
    );
  }
} finally {
  await handle.close();
}
