// The bulk load (decision 0078) must leave the database a row-by-row load leaves: the same rows in
// every table (the derived search words and sort titles included), the same indexes, keys and
// triggers, each enabled as before; and a load that fails must leave nothing set aside.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '#api/db/client.ts';
import { openTestDatabase } from '../../test/helpers.ts';
import {
  BulkLoadLockedError,
  chooseLoad,
  generateCatalogue,
  type CatalogueOptions,
} from './catalogue-generator.ts';

type Row = Record<string, unknown>;

async function rows(handle: DatabaseHandle, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result: unknown = await handle.db.execute(query);
  // node-postgres and PGlite both answer { rows }.
  return (result as { rows: Row[] }).rows;
}

/** The catalogue's structure: every index, constraint and trigger, with its definition and state. */
async function structure(handle: DatabaseHandle) {
  return {
    indexes: await rows(
      handle,
      sql`SELECT c.relname AS "table", i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition,
            x.indisvalid AS valid, x.indisready AS ready
          FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
          WHERE c.relnamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    ),
    constraints: await rows(
      handle,
      sql`SELECT conrelid::regclass::text AS "table", conname AS name, contype AS type,
            pg_get_constraintdef(oid) AS definition, convalidated AS validated
          FROM pg_constraint WHERE connamespace = current_schema()::regnamespace ORDER BY 1, 2, 4`,
    ),
    triggers: await rows(
      handle,
      sql`SELECT tgrelid::regclass::text AS "table", tgname AS name, tgenabled AS enabled,
            pg_get_triggerdef(oid) AS definition
          FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2, 4`,
    ),
  };
}

/**
 * Every row of every table of the shop, in a stable order (all columns, as text). The change
 * counts are left out: a row-by-row load moves them once per batch, a bulk load once.
 */
async function contents(handle: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await rows(
    handle,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()
        AND tablename NOT IN ('shop_data_versions', '__drizzle_migrations') ORDER BY 1`,
  );
  const all: Record<string, string[]> = {};
  for (const { name } of tables) {
    const table = sql.identifier(String(name));
    const found = await rows(
      handle,
      sql`SELECT t::text AS row FROM ${table} t ORDER BY t::text COLLATE "C"`,
    );
    all[String(name)] = found.map((r) => String(r.row));
  }
  return all;
}

async function versions(handle: DatabaseHandle) {
  const found = await rows(handle, sql`SELECT id, version FROM shop_data_versions ORDER BY id`);
  return found.map((r) => Number(r.version));
}

async function withDatabase<R>(work: (handle: DatabaseHandle) => Promise<R>): Promise<R> {
  const { handle, drop } = await openTestDatabase();
  try {
    return await work(handle);
  } finally {
    await handle.close();
    await drop();
  }
}

/** Several batches (the bulk load's id range spans them), discounts, four locales per product. */
const CATALOGUE: CatalogueOptions = {
  products: 1_100,
  batchSize: 400,
  vendors: 4,
  attributes: 3,
  valuesPerAttribute: 4,
  seed: 11,
  now: Date.UTC(2026, 10, 1, 12),
};

describe('a bulk load of the catalogue', () => {
  it('leaves the rows, derived data, indexes, keys and triggers a row-by-row load leaves', async () => {
    const rowByRow = await withDatabase(async (handle) => {
      const before = await versions(handle);
      const result = await generateCatalogue(handle.db, { ...CATALOGUE, load: 'rows' });
      expect(result.load).toBe('rows');
      const after = await versions(handle);
      expect(after.every((v, i) => v > (before[i] ?? 0))).toBe(true);
      return { structure: await structure(handle), contents: await contents(handle) };
    });

    const bulk = await withDatabase(async (handle) => {
      const shape = await structure(handle);
      const before = await versions(handle);
      const messages: string[] = [];
      const result = await generateCatalogue(handle.db, {
        ...CATALOGUE,
        load: 'bulk',
        log: (m) => messages.push(m),
      });
      expect(result.load).toBe('bulk');
      // The load did take the indexes, keys and triggers off (else this test proves nothing).
      const setAside = messages.find((m) => m.startsWith('set aside for the load:')) ?? '';
      for (const name of [
        'trigger product_translations_search_words_insert',
        'trigger product_translations_sort_titles_insert',
        'index public.product_translations_search_idx',
        'index public.product_translations_title_trgm_idx',
        'index public.product_sort_titles_order_idx',
        'foreign key product_translations_parent_id_products_id_fk',
      ]) {
        expect(setAside).toContain(name);
      }
      // The shop's caches see the change: both counts moved.
      const after = await versions(handle);
      expect(after.every((v, i) => v > (before[i] ?? 0))).toBe(true);
      // Everything back as it was before the load.
      expect(await structure(handle)).toEqual(shape);
      return { structure: await structure(handle), contents: await contents(handle) };
    });

    expect(bulk.structure).toEqual(rowByRow.structure);
    expect(Object.keys(bulk.contents)).toEqual(Object.keys(rowByRow.contents));
    for (const table of Object.keys(rowByRow.contents)) {
      expect(bulk.contents[table], table).toEqual(rowByRow.contents[table]);
    }
    // The catalogue is really there, with its derived rows.
    expect(rowByRow.contents.product_sort_titles?.length).toBeGreaterThan(4 * 1_100);
    expect(
      bulk.contents.search_words?.some((row) => row.includes('льна') || row.includes('linen')),
    ).toBe(true);
  });

  it('leaves nothing behind when it fails half-way: no rows, every index, key and trigger', async () => {
    await withDatabase(async (handle) => {
      const shape = await structure(handle);
      const before = await contents(handle);
      await expect(
        generateCatalogue(handle.db, {
          ...CATALOGUE,
          load: 'bulk',
          // Stands in for a generator stopped in the middle of its batches.
          log: (m) => {
            if (m.startsWith('products 800/')) throw new Error('stopped');
          },
        }),
      ).rejects.toThrow('stopped');
      expect(await structure(handle)).toEqual(shape);
      const after = await contents(handle);
      expect(after.products).toEqual(before.products);
      expect(after.product_translations).toEqual(before.product_translations);
      expect(after.product_sort_titles).toEqual(before.product_sort_titles);
      expect(after.search_words).toEqual(before.search_words);
    });
  });

  it('refuses to load in bulk past an INSERT trigger it does not know: no product written', async () => {
    await withDatabase(async (handle) => {
      await handle.db.execute(sql`
        CREATE FUNCTION test_unknown_trigger() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RETURN NULL; END $$`);
      await handle.db.execute(sql`
        CREATE TRIGGER test_unknown AFTER INSERT ON product_values
          FOR EACH STATEMENT EXECUTE FUNCTION test_unknown_trigger()`);
      const shape = await structure(handle);
      const [count] = await rows(handle, sql`SELECT count(*)::int AS n FROM products`);
      await expect(
        generateCatalogue(handle.db, { ...CATALOGUE, products: 10, load: 'bulk' }),
      ).rejects.toThrow(/test_unknown on product_values/);
      expect(await structure(handle)).toEqual(shape);
      const [after] = await rows(handle, sql`SELECT count(*)::int AS n FROM products`);
      expect(after?.n).toBe(count?.n);
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a bulk load beside a live shop (PostgreSQL)', () => {
  it('gives up on the tables’ locks within its lock timeout, with a clear message, and changes nothing', async () => {
    await withDatabase(async (handle) => {
      const shape = await structure(handle);
      // A shop's transaction reading the products, open while the load starts.
      let finish: () => void = () => {};
      const held = new Promise<void>((resolve) => (finish = resolve));
      let reading: () => void = () => {};
      const read = new Promise<void>((resolve) => (reading = resolve));
      const shop = handle.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1 FROM products LIMIT 1`);
        reading();
        await held;
      });
      await read;
      const started = Date.now();
      try {
        await expect(
          generateCatalogue(handle.db, { ...CATALOGUE, load: 'bulk', lockTimeoutMs: 300 }),
        ).rejects.toThrow(BulkLoadLockedError);
        // Its lock timeout, not the shop's transaction, ends the wait.
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        finish();
        await shop;
      }
      expect(await structure(handle)).toEqual(shape);
    });
  });
});

describe('chooseLoad', () => {
  it('loads in bulk when a run at least doubles the catalogue, unless told', () => {
    expect(chooseLoad('auto', 100_000, 78)).toBe('bulk');
    expect(chooseLoad('auto', 1_000, 1_000)).toBe('bulk');
    expect(chooseLoad('auto', 999, 1_000)).toBe('rows');
    expect(chooseLoad('auto', 0, 0)).toBe('rows');
    expect(chooseLoad('rows', 100_000, 0)).toBe('rows');
    expect(chooseLoad('bulk', 1, 1_000_000)).toBe('bulk');
  });
});
