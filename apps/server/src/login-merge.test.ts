// Logins on two shop processes (`npm start`) over one PostgreSQL and one Redis, as an operator
// runs the shop: several logins of one address at once, each from a browser with a cart of its
// own, claim the address's guest orders once and merge every cart once (never a 500); and a
// process killed in the middle of a login's cart merge leaves nothing half-done: the browser's
// anonymous session and its cart are as they were, the account's cart too, and the next login
// (on the other process) merges them. Runs where the API suite runs on PostgreSQL and Redis.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiVisitor } from '../../../e2e/api-visitor.ts';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const EMAIL = 'shopper@example.com';

describe.skipIf(!DATABASE_URL || !REDIS_URL)('logins on two shop processes', () => {
  let database: ScratchDatabase;
  const shops: Shop[] = [];
  const dataDirs: string[] = [];

  /** Starts a shop process on the test's database and Redis. */
  async function startShop(): Promise<Shop> {
    const dataDir = await mkdtemp(join(tmpdir(), 'shop-login-merge-'));
    dataDirs.push(dataDir);
    const shop = await spawnShop(dataDir, {
      DATABASE_URL: database.url,
      REDIS_URL: REDIS_URL ?? '',
      // One shop, several processes: each accepts the CSRF tokens the others signed.
      SECRET_KEY: 'login-merge-secret-key-0123456789-abcdefghij',
      LOG_LEVEL: 'error',
    });
    shops.push(shop);
    await answering(shop, 290_000);
    return shop;
  }

  beforeAll(async () => {
    database = await scratchDatabase(DATABASE_URL!, 'shop_login_merge');
    // One after the other: the first `npm start` rebuilds a stale storefront, the second finds it.
    await startShop();
    await startShop();
  }, 600_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => stopShop(shop)));
    await database?.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  const one = async <T>(sql: string, params: unknown[] = []): Promise<T> =>
    (await database.client.query(sql, params)).rows[0] as T;
  const userId = async () =>
    (await one<{ id: number }>('SELECT id FROM users WHERE email = $1', [EMAIL])).id;
  /** An active product without variations, with stock enough for every line of the tests. */
  const product = async (skip = 0) =>
    (
      await one<{ id: number }>(
        `SELECT id FROM products WHERE active AND parent_id IS NULL AND stock >= 20
         AND NOT EXISTS (SELECT 1 FROM products v WHERE v.parent_id = products.id)
         ORDER BY id OFFSET $1 LIMIT 1`,
        [skip],
      )
    ).id;
  /** The account's cart lines, product → quantity. */
  const accountLines = async () =>
    Object.fromEntries(
      (
        await database.client.query<{ product: number; quantity: number }>(
          `SELECT i.product_id AS product, i.quantity FROM cart_items i
           JOIN carts c ON c.id = i.cart_id WHERE c.user_id = $1 AND i.product_id IS NOT NULL`,
          [await userId()],
        )
      ).rows.map((row) => [row.product, row.quantity]),
    ) as Record<number, number>;

  it('several logins of one address at once, on two processes, claim each guest order once and merge each cart once', async () => {
    const [a, b] = shops;
    const item = await product();
    // Guest orders with the account's (confirmed) address, typed another way.
    const contact = { email: EMAIL.toUpperCase(), firstName: 'Guest', lastName: 'Shopper' };
    const placed = [
      await new ApiVisitor(a!.url).orderOne(item, 'cod', contact),
      await new ApiVisitor(b!.url).orderOne(item, 'cod', contact),
    ];
    const before = (await accountLines())[item] ?? 0;
    const visitors = Array.from(
      { length: 6 },
      (_, i) => new ApiVisitor((i % 2 === 0 ? a : b)!.url),
    );
    for (const visitor of visitors) expect((await visitor.addToCart(item)).status).toBe(200);

    const answers = await Promise.all(visitors.map((visitor) => visitor.login(EMAIL)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);

    const id = await userId();
    for (const order of placed) {
      const row = await one<{ user_id: number | null }>(
        'SELECT user_id FROM orders WHERE id = $1',
        [order.id],
      );
      expect(row.user_id).toBe(id);
    }
    expect((await accountLines())[item]).toBe(before + visitors.length);
  }, 120_000);

  it('a process killed mid-merge leaves the anonymous cart and the account cart whole, and the next login merges them', async () => {
    const victim = await startShop();
    const survivor = shops[1]!;
    const item = await product(1);
    // The account has a cart of its own (two carts meet at the login).
    const owner = new ApiVisitor(survivor.url);
    expect((await owner.login(EMAIL)).status).toBe(200);
    expect((await owner.addToCart(await product())).status).toBe(200);
    const visitor = new ApiVisitor(victim.url);
    expect((await visitor.addToCart(item, 2)).status).toBe(200);
    const before = await accountLines();
    const anonymousCart = await one<{ id: number }>(
      `SELECT c.id FROM carts c JOIN cart_items i ON i.cart_id = c.id
       WHERE c.user_id IS NULL AND i.product_id = $1 ORDER BY c.id DESC LIMIT 1`,
      [item],
    );

    // The test holds the account's cart: the login's merge, having locked the anonymous cart,
    // waits for it inside its transaction.
    // On a connection of its own: the test's reads below see pg_stat_activity anew each time
    // (within a transaction they would see one snapshot).
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM carts WHERE user_id = $1 FOR UPDATE', [await userId()]);
    const login = visitor.login(EMAIL).catch((error: unknown) => error);
    await expect
      .poll(
        async () =>
          (
            await one<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%carts%'`,
            )
          ).n,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(1);
    // The process dies with the merge's transaction open (its connection drops: PostgreSQL
    // rolls it back).
    process.kill(-victim.child.pid!, 'SIGKILL');
    await new Promise<void>((resolve) => victim.child.once('exit', () => resolve()));
    expect(await login).toBeInstanceOf(Error);
    await holder.query('ROLLBACK');
    await holder.end();

    // Nothing half-done: the anonymous cart still holds its line, the account's cart is as it was.
    const kept = await one<{ quantity: number } | undefined>(
      'SELECT quantity FROM cart_items WHERE cart_id = $1 AND product_id = $2',
      [anonymousCart.id, item],
    );
    expect(kept?.quantity).toBe(2);
    expect(await accountLines()).toEqual(before);

    // The same browser logs in on the other process: its cart is merged, once.
    const again = await visitor.on(survivor.url).login(EMAIL);
    expect(again.status, again.text).toBe(200);
    expect(await accountLines()).toEqual({ ...before, [item]: (before[item] ?? 0) + 2 });
    expect(
      await one<{ n: number }>('SELECT count(*)::int AS n FROM carts WHERE id = $1', [
        anonymousCart.id,
      ]),
    ).toEqual({ n: 0 });
  }, 600_000);
});
