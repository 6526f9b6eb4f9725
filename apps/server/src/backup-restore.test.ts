// Issue 26, backups: what docs/deploy.md tells the operator to run, run here. A shop's database is
// dumped with `pg_dump --format=custom`, restored into a new, empty database with `pg_restore`,
// and the shop starts on the restored copy: ready, nothing migrated or seeded again, and the data
// written before the dump there (a price changed, an order placed). PostgreSQL only: skipped
// without DATABASE_URL (or without the PostgreSQL client tools).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';

const run = promisify(execFile);
const DATABASE_URL = process.env.DATABASE_URL;
const tools = existsSync('/usr/bin/pg_dump') && existsSync('/usr/bin/pg_restore');

describe.skipIf(!DATABASE_URL || !tools)('a backup restored into a new database', () => {
  // A live shop's database (the suite's migrated and seeded one, then written to), and the new,
  // empty one the backup is restored into: each dropped after the test, whoever is still on it.
  let source: ScratchDatabase | undefined;
  let restored: ScratchDatabase | undefined;
  let folder: string;
  let shop: Shop | undefined;

  beforeAll(async () => {
    source = await scratchDatabase(DATABASE_URL!, 'shop_backup');
    restored = await scratchDatabase(DATABASE_URL!, 'shop_restored', 'empty');
    folder = await mkdtemp(join(tmpdir(), 'shop-backup-'));
  });

  afterAll(async () => {
    if (shop) await stopShop(shop);
    await source?.drop();
    await restored?.drop();
    if (folder) await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  });

  it('starts the shop on the restored copy, with what was written before the dump', async () => {
    const live = source!.client;
    const [product] = (
      await live.query<{ id: number }>(
        'SELECT id FROM products WHERE active AND parent_id IS NULL ORDER BY id LIMIT 1',
      )
    ).rows;
    const productId = product!.id;
    await live.query('UPDATE products SET price = 123.45 WHERE id = $1', [productId]);
    await live.query(
      "UPDATE users SET first_name = 'Restored' WHERE email = 'shopper@example.com'",
    );
    const migrated = (
      await live.query<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')
    ).rows[0]!.n;

    // docs/deploy.md, "Backups": the commands as the guide gives them (the new, empty database
    // made beforehand).
    const dump = join(folder, 'shop.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, source!.url]);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${restored!.url}`, dump]);

    shop = await spawnShop(join(folder, 'data'), {
      DATABASE_URL: restored!.url,
      LOG_LEVEL: 'error',
    });
    await answering(shop, 240_000);
    expect((await fetch(`${shop.url}/health/ready`)).status).toBe(200);

    const shown = (await (
      await fetch(`${shop.url}/en/api/products/products/${productId}/`)
    ).json()) as { price: number };
    expect(shown.price).toBe(123.45);

    // Nothing migrated again, nothing seeded again: the restored shop is the dumped one.
    const journal = JSON.parse(
      await readFile(join(import.meta.dirname, '../../api/drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const counts = (
      await restored!.client.query<{ migrations: number; shoppers: number; name: string }>(
        `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
                (SELECT count(*)::int FROM users WHERE email = 'shopper@example.com') AS shoppers,
                (SELECT first_name FROM users WHERE email = 'shopper@example.com') AS name`,
      )
    ).rows[0]!;
    expect(counts).toEqual({ migrations: migrated, shoppers: 1, name: 'Restored' });
    expect(counts.migrations).toBe(journal.entries.length);
  });
});
