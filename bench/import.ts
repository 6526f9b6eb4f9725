// `npm run bench:import [-- --rows 100000]`: the catalogue import on the embedded database (issue
// 24). Writes a file of N rows (a product and, every fifth product, two variations; texts in the
// four languages; attribute values; stock, empty stock and prices) to bench/.work/import/, imports
// it into a fresh PGlite with the demo shop (the code of the staff page and `npm run import`), then
// imports it again (nothing to write) and exports the catalogue. Prints the figures; fails on
// nothing but a wrong result.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CATALOGUE_COLUMNS, writeCatalogueFile, type CatalogueRow } from '@shop/contract';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { rowsOf } from '../apps/api/src/db/rows.ts';
import {
  applyCatalogue,
  checkCatalogue,
  exportCatalogue,
} from '../apps/api/src/repos/catalogue-import.ts';
import { seedDemoShop } from '../apps/api/src/seed/seed.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' } } });
const total = Number(values.rows);
if (!Number.isSafeInteger(total) || total < 1) {
  console.error('--rows must be a positive integer');
  process.exit(1);
}

const work = join(import.meta.dirname, '.work', 'import');
await rm(work, { recursive: true, force: true });
await mkdir(join(work, 'media'), { recursive: true });
const handle = await openDatabase({ dataDir: join(work, 'pglite') });
await handle.migrate();
await seedDemoShop(handle.db, { mediaDir: join(work, 'media'), log: () => {} });

// Names of the demo shop the rows use.
const { sql } = await import('drizzle-orm');
const vendors = rowsOf<{ slug: string }>(
  await handle.db.execute(sql`SELECT slug FROM vendors`),
).map((r) => r.slug);
const vats = rowsOf<{ key: string }>(await handle.db.execute(sql`SELECT key FROM vats`)).map(
  (r) => r.key,
);
const refs = rowsOf<{ ref: string }>(
  await handle.db.execute(
    sql`SELECT a.slug || ':' || v.slug AS ref FROM attribute_values v JOIN attributes a ON a.id = v.attribute_id ORDER BY v.id`,
  ),
).map((r) => r.ref);

const blank = Object.fromEntries(CATALOGUE_COLUMNS.map((c) => [c, ''])) as Record<string, string>;
function row(n: number, parent: string | null): CatalogueRow {
  const slug = parent ? `${parent}-v${n}` : `bench-${n}`;
  const title = `Bench product ${n}`;
  return {
    ...(blank as unknown as CatalogueRow),
    slug,
    parent,
    vendor: vendors[n % vendors.length]!,
    sku: `BENCH-${n}`,
    price: ((n % 9_000) + 100 + (n % 100) / 100).toFixed(2),
    vat: vats[n % vats.length]!,
    stock: n % 3 === 0 ? null : n % 50,
    active: n % 17 !== 0,
    sorting: n % 100,
    attributes: [refs[n % refs.length]!, refs[(n * 7 + 3) % refs.length]!].sort(),
    title_en: title,
    description_en: `A product of the import benchmark, number ${n}.`,
    meta_title_en: title,
    title_de: `Testprodukt ${n}`,
    description_de: `Ein Produkt des Importtests, Nummer ${n}.`,
    title_ru: `Тестовый товар ${n}`,
    title_it: `Prodotto di prova ${n}`,
  };
}
const rows: CatalogueRow[] = [];
for (let n = 1; rows.length < total; n++) {
  const product = row(n, null);
  rows.push(product);
  if (n % 5 === 0) {
    for (const v of [1, 2]) if (rows.length < total) rows.push(row(n * 10 + v, product.slug));
  }
}
const file = join(work, 'catalogue.csv');
const content = writeCatalogueFile(rows, 'csv');
await writeFile(file, content);
console.log(
  `file: ${file}, ${rows.length.toLocaleString('en')} rows, ${(content.length / 1e6).toFixed(1)} MB`,
);

async function timed<R extends { total: number }>(label: string, fn: () => Promise<R>): Promise<R> {
  const started = performance.now();
  const result = await fn();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${label.padEnd(26)} ${seconds.toFixed(1).padStart(6)} s  ${Math.round(result.total / seconds)
      .toLocaleString('en')
      .padStart(8)} rows/s  ${JSON.stringify(result)}`,
  );
  return result;
}

const importOnce = async () => {
  const check = await checkCatalogue(handle.db, content, 'csv');
  if (!check.ok)
    throw new Error(
      `the benchmark's file was refused: ${JSON.stringify(check.issues.slice(0, 3))}`,
    );
  return applyCatalogue(handle.db, check.plan, { userId: null, now: new Date() });
};
const first = await timed('import (all new)', importOnce);
if (first.created !== rows.length) throw new Error('not every row was created');
const second = await timed('import again (no change)', importOnce);
if (second.unchanged !== rows.length) throw new Error('the second import changed rows');
await timed('export', async () => ({ total: (await exportCatalogue(handle.db)).length }));
await handle.close();
