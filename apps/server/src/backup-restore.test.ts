// Issue 26, backups: what docs/deploy.md tells the operator to run, run here. A shop's database is
// dumped with `pg_dump --format=custom`, restored into a new, empty database with `pg_restore`,
// and the shop starts on the restored copy: ready, nothing migrated or seeded again, and the data
// written before the dump there (a price changed, an order placed). PostgreSQL only: skipped
// without DATABASE_URL (or without the PostgreSQL client tools).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {} from '../../api/test/global-setup.ts';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';

const run = promisify(execFile);
const DATABASE_URL = process.env.DATABASE_URL;
const tools = existsSync('/usr/bin/pg_dump') && existsSync('/usr/bin/pg_restore');

describe.skipIf(!DATABASE_URL || !tools)('a backup restored into a new database', () => {
  const suffix = randomBytes(4).toString('hex');
  const url = new URL(DATABASE_URL ?? 'postgres://localhost/none');
  const at = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const source = `shop_backup_${suffix}`;
  const restored = `shop_restored_${suffix}`;
  let admin: pg.Client;
  let folder: string;
  let shop: Shop | undefined;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    // A live shop's database: the suite's migrated and seeded one, then written to.
    await admin.query(`CREATE DATABASE ${source} TEMPLATE ${inject('pgTemplate')}`);
    folder = await mkdtemp(join(tmpdir(), 'shop-backup-'));
  });

  afterAll(async () => {
    if (shop) await stopShop(shop);
    for (const name of [source, restored]) {
      await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
    await admin?.end();
    if (folder) await rm(folder, { recursive: true, force: true, maxRetries: 3 });
  });

  it('starts the shop on the restored copy, with what was written before the dump', async () => {
    const live = new pg.Client({ connectionString: at(source) });
    await live.connect();
    let productId: number;
    let migrated: number;
    try {
      const [product] = (
        await live.query<{ id: number }>(
          'SELECT id FROM products WHERE active AND parent_id IS NULL ORDER BY id LIMIT 1',
        )
      ).rows;
      productId = product!.id;
      await live.query('UPDATE products SET price = 123.45 WHERE id = $1', [productId]);
      await live.query(
        "UPDATE users SET first_name = 'Restored' WHERE email = 'shopper@example.com'",
      );
      migrated = (
        await live.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
        )
      ).rows[0]!.n;
    } finally {
      await live.end();
    }

    // docs/deploy.md, "Backups": the commands as the guide gives them.
    const dump = join(folder, 'shop.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, at(source)]);
    await admin.query(`CREATE DATABASE ${restored}`);
    await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${at(restored)}`, dump]);

    shop = await spawnShop(join(folder, 'data'), {
      DATABASE_URL: at(restored),
      LOG_LEVEL: 'error',
    });
    await answering(shop, 240_000);
    expect((await fetch(`${shop.url}/health/ready`)).status).toBe(200);

    const product = (await (
      await fetch(`${shop.url}/en/api/products/products/${productId}/`)
    ).json()) as { price: number };
    expect(product.price).toBe(123.45);

    const copy = new pg.Client({ connectionString: at(restored) });
    await copy.connect();
    try {
      // Nothing migrated again, nothing seeded again: the restored shop is the dumped one.
      const journal = JSON.parse(
        await readFile(join(import.meta.dirname, '../../api/drizzle/meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const counts = (
        await copy.query<{ migrations: number; shoppers: number; name: string }>(
          `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS migrations,
                  (SELECT count(*)::int FROM users WHERE email = 'shopper@example.com') AS shoppers,
                  (SELECT first_name FROM users WHERE email = 'shopper@example.com') AS name`,
        )
      ).rows[0]!;
      expect(counts).toEqual({ migrations: migrated, shoppers: 1, name: 'Restored' });
      expect(counts.migrations).toBe(journal.entries.length);
    } finally {
      await copy.end();
    }
  });
});
