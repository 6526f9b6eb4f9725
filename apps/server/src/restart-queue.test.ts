// A restart while requests wait their turn for a connection of a full pool (decisions 0083,
// 0088): the whole shop (`npm start`) on PostgreSQL with a pool of two, both connections held
// by orders waiting in line for a product's row lock the test holds, an order, cart writes and
// pages queued behind them, then SIGTERM. Every request is answered (its result, or a 503 with
// Retry-After a client may send again), nothing is half done, the stock is exact, the process
// exits by itself within its drain, and the order sent again after the restart with its key is
// placed once. Runs where the API suite runs on PostgreSQL (DATABASE_URL set).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutBody } from '@shop/contract';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
// The seeded template database the API suite's global setup provides (its ProvidedContext).
import type {} from '../../api/test/global-setup.ts';
import { ApiVisitor } from '../../../e2e/api-visitor.ts';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const METRICS_TOKEN = 'restart-queue-metrics-token-0123456789';

/** An answer as the test keeps it: status, Retry-After, body; or the error that ended it. */
type Answer = { status: number; retryAfter: string | null; body: string } | { error: string };

const settle = (request: Promise<Response>): Promise<Answer> =>
  request.then(
    async (res) => ({
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body: await res.text(),
    }),
    (error: unknown) => {
      // undici's "fetch failed" carries the socket's error (SocketError: other side closed).
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      return { error: cause instanceof Error ? `${cause.name}: ${cause.message}` : 'error' };
    },
  );

describe.skipIf(!DATABASE_URL)(
  'SIGTERM while requests wait for a connection of a full pool',
  () => {
    let db: ScratchDatabase | undefined;
    let dataDir = '';
    let shop: Shop | undefined;
    const env = (): Record<string, string> => ({
      DATABASE_URL: db?.url ?? '',
      WEB_CONCURRENCY: '1',
      DATABASE_POOL_SIZE: '2',
      LOG_LEVEL: 'error',
      METRICS_TOKEN,
      // One key for both starts: the shopper's session and CSRF token outlive the restart.
      SECRET_KEY: 'restart-queue-secret-key-0123456789-abcdefghijklmnop',
    });

    beforeAll(async () => {
      db = await scratchDatabase(DATABASE_URL!, `${process.env.TEST_DB_PREFIX ?? 'shop'}_restart`);
      dataDir = await mkdtemp(join(tmpdir(), 'shop-restart-'));
      shop = await spawnShop(dataDir, env());
      await answering(shop, 290_000);
    }, 300_000);

    afterAll(async () => {
      await stopShop(shop);
      await db?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    });

    /** The shop's requests waiting for a connection now (its metrics). */
    const waiting = async (base: string) => {
      const res = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const text = await res.text();
      return Number(/^shop_db_pool_waiting\S* (\d+)/m.exec(text)?.[1] ?? 0);
    };

    it('answers every queued request, leaves no order half done, and places a repeated order once after the restart', async () => {
      const client = db!.client;
      const first = shop!;
      const base = first.url;
      const [product] = (
        await client.query<{ id: number }>(
          'SELECT id FROM products WHERE active AND parent_id IS NULL ORDER BY id LIMIT 1',
        )
      ).rows;
      const id = product!.id;
      await client.query('UPDATE products SET stock = 20 WHERE id = $1', [id]);
      const checkout: CheckoutBody = await db!.checkout({ email: 'restart@example.com' });

      // Two shoppers whose orders will hold the pool's two connections, one whose order waits
      // behind them, two whose cart writes do, and what each has in the cart.
      const holders = [new ApiVisitor(base), new ApiVisitor(base)];
      const buyer = new ApiVisitor(base);
      const adders = [new ApiVisitor(base), new ApiVisitor(base)];
      for (const visitor of [...holders, buyer, ...adders]) {
        expect((await visitor.addToCart(id, 2)).status).toBe(200);
      }
      const orderOf = (visitor: ApiVisitor, key: string) =>
        visitor.send('POST', 'api/sales/orders/', checkout, { 'idempotency-key': key });

      // The product's row locked, as a long transaction of another process would hold it.
      await client.query('BEGIN');
      await client.query('SELECT id FROM products WHERE id = $1 FOR UPDATE', [id]);
      let locked = true;
      try {
        const held = holders.map((holder) => settle(orderOf(holder, randomUUID())));
        // Both connections of the pool wait in line for the lock.
        await expect
          .poll(
            async () =>
              (
                await client.query<{ n: number }>(
                  `SELECT count(*)::int AS n FROM pg_stat_activity
                 WHERE datname = current_database() AND wait_event_type = 'Lock'`,
                )
              ).rows[0]?.n,
            { timeout: 30_000, interval: 100 },
          )
          .toBe(2);
        // Queued behind them: an order, two cart writes, two pages and a read of the API.
        const key = randomUUID();
        const queued = {
          order: settle(orderOf(buyer, key)),
          adds: adders.map((adder) =>
            settle(
              adder.send('POST', `api/sales/cart_products/${id}/add/`, {
                quantity: 1,
                ref: 'product',
              }),
            ),
          ),
          pages: [
            settle(fetch(`${base}/de/checkout/cart/`, { headers: { cookie: adders[0]!.cookie } })),
            settle(fetch(`${base}/it/products/`, { headers: { cookie: adders[1]!.cookie } })),
          ],
          read: settle(fetch(`${base}/en/api/products/products/?page_size=3&restart=1`)),
        };
        await expect
          .poll(() => waiting(base), { timeout: 30_000, interval: 100 })
          .toBeGreaterThan(2);

        // What a deploy sends.
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
          (resolve) => first.child.once('exit', (code, signal) => resolve({ code, signal })),
        );
        process.kill(-first.child.pid!, 'SIGTERM');

        // The lock is held until every request is answered: a queue that does not move.
        const answers = await Promise.all([
          ...held,
          queued.order,
          ...queued.adds,
          ...queued.pages,
          queued.read,
        ]);
        await client.query('ROLLBACK');
        locked = false;
        const summary = answers.map((a) => ('error' in a ? a.error : a.status));
        // Figures for the log: held orders, queued order, adds, pages, read.
        console.info(`answers after SIGTERM: ${JSON.stringify(summary)}`);
        // Each one answered: never a reset, never a 500; a 503 always says when to come back.
        for (const answer of answers) {
          expect('error' in answer ? answer.error : null, JSON.stringify(summary)).toBeNull();
          if ('error' in answer) continue;
          expect([200, 201, 400, 503], JSON.stringify(summary)).toContain(answer.status);
          if (answer.status === 503) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        }
        // The process ends by itself once they are answered, saying it went well (not the forced
        // exit of a shutdown that took too long).
        expect(await exited).toEqual({ code: 0, signal: null });

        // Nothing half done: every order has its lines, and the stock is what the orders took.
        const orders = (
          await client.query<{ id: number; lines: number; taken: number }>(
            `SELECT o.id, count(i.id)::int AS lines, coalesce(sum(i.quantity), 0)::int AS taken
           FROM orders o LEFT JOIN order_items i ON i.order_id = o.id GROUP BY o.id`,
          )
        ).rows;
        for (const order of orders) expect(order.lines).toBeGreaterThan(0);
        const taken = (
          await client.query<{ n: number }>(
            'SELECT coalesce(sum(quantity), 0)::int AS n FROM order_items WHERE product_id = $1',
            [id],
          )
        ).rows[0]?.n;
        const stock = (
          await client.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [id])
        ).rows[0]?.stock;
        expect(stock).toBe(20 - (taken ?? 0));
        const orderAnswer = answers[2]!;
        const placedBefore = !('error' in orderAnswer) && orderAnswer.status === 201;

        // The shop again on the same database; the buyer sends the order again with its key, twice.
        shop = await spawnShop(dataDir, env());
        await answering(shop, 290_000);
        const again = buyer.on(shop.url);
        const repeated = await orderOf(again, key);
        expect(repeated.status, await repeated.clone().text()).toBe(201);
        const twice = await orderOf(again, key);
        expect(twice.status).toBe(201);
        const ids = [repeated, twice].map(async (res) => ((await res.json()) as { id: number }).id);
        const [once, same] = await Promise.all(ids);
        expect(same).toBe(once);
        const byKey = (
          await client.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM orders WHERE idempotency_key = $1',
            [key],
          )
        ).rows[0]?.n;
        expect(byKey).toBe(1);
        if (placedBefore) expect(orders.some((order) => order.id === once)).toBe(true);
        // Each cart holds what its answer said: 2, and 1 more where the add was answered 200.
        for (const [i, adder] of adders.entries()) {
          const answer = answers[3 + i]!;
          const added = !('error' in answer) && answer.status === 200;
          if (!('error' in answer) && answer.status === 503) {
            expect(JSON.parse(answer.body)).toMatchObject({ code: 'busy' });
          }
          const cart = await adder.on(shop.url).get('api/sales/cart_products/');
          const lines = ((await cart.json()) as { items: { quantity: number }[] }).items;
          expect(lines.map((line) => line.quantity)).toEqual([added ? 3 : 2]);
        }
      } finally {
        if (locked) await client.query('ROLLBACK').catch(() => undefined);
      }
    }, 240_000);
  },
);
