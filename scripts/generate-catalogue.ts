// `npm run catalogue -- --products 100000 [--vendors 20] [--seed 1] [--load auto|bulk|rows]`: adds
// a synthetic catalogue for benchmarks to the database `npm start` would use (DATABASE_URL, else
// PGlite in DATA_DIR), migrating and seeding the demo shop first so it also works on an empty data
// directory. `--load`:
// how the rows go in (see CatalogueOptions.load; `auto` loads in bulk when the run at least doubles
// the catalogue, locking the catalogue's tables until it commits: not for a shop being served).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { loadEnvOrExit } from '../apps/api/src/env.ts';
import { generateCatalogue } from '../apps/api/src/seed/catalogue-generator.ts';
import { seedDemoShop } from '../apps/api/src/seed/seed.ts';

function integerFlag(values: Record<string, string | undefined>, name: string, fallback?: number) {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value)) {
    console.error(`--${name} must be a non-negative integer, got '${raw}'`);
    process.exit(1);
  }
  return value;
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      vendors: { type: 'string' },
      seed: { type: 'string' },
      load: { type: 'string', default: 'auto' },
    },
  });
  const load = values.load;
  if (load !== 'auto' && load !== 'bulk' && load !== 'rows') {
    console.error(`--load must be auto, bulk or rows, got '${load}'`);
    process.exit(1);
  }
  const products = integerFlag(values, 'products', 100_000) ?? 100_000;
  const vendors = integerFlag(values, 'vendors');
  const seed = integerFlag(values, 'seed');

  const env = loadEnvOrExit();

  // Same choice of database as the server (apps/server/src/server.ts).
  const dataDir = resolve(env.DATA_DIR);
  const mediaDir = join(dataDir, 'media');
  await mkdir(mediaDir, { recursive: true });
  const handle = env.DATABASE_URL
    ? // A batch of thousands of rows (and the ANALYZE at the end) can pass the server's per-query
      // limit on a busy machine: the generator runs without one unless DB_STATEMENT_TIMEOUT_MS
      // is set explicitly (a million products stopped at 160,000 on the 5 s default).
      await openDatabase({
        url: env.DATABASE_URL,
        statementTimeoutMs:
          process.env.DB_STATEMENT_TIMEOUT_MS === undefined ? 0 : env.DB_STATEMENT_TIMEOUT_MS,
      })
    : await openDatabase({ dataDir: join(dataDir, 'pglite') });
  const where = env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${join(dataDir, 'pglite')}`;
  console.log(`database: ${where}`);

  try {
    await handle.migrate();
    // With the media directory, so that a later `npm start` on this DATA_DIR shows demo pictures.
    const { seeded } = await seedDemoShop(handle.db, { mediaDir, log: (m) => console.log(m) });
    if (!seeded) console.log('demo shop already present');

    const result = await generateCatalogue(handle.db, {
      products,
      ...(vendors !== undefined ? { vendors } : {}),
      ...(seed !== undefined ? { seed } : {}),
      load,
      log: (m) => console.log(m),
    });
    const seconds = result.ms / 1000;
    const rate = seconds > 0 ? Math.round(result.products / seconds) : result.products;
    console.log(
      `done: ${result.products} products in ${seconds.toFixed(1)} s (${rate} products/s, ` +
        `${result.load === 'bulk' ? 'bulk load' : 'row by row'})`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
