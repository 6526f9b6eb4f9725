// The change counts across processes (migration 0011, docs/decisions/0038-change-counts-at-commit.md):
// a second app on the same database stands for a second shop process. On PostgreSQL, open orders
// hold no lock that a review, a sign-up or another order waits on; everywhere, a write made
// outside both apps (psql, a script) shows in the other's cached answers within 2 s.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { organizationInfoSchema, paginated, productCardSchema } from '@shop/contract';
import { buildApp } from '#api/app.ts';
import { openDatabase, type DatabaseHandle } from '#api/db/client.ts';
import { databaseSessionStore } from '#api/plugins/session-store.ts';
import { quietMailer, type TestContext, useTestApp } from '../../test/helpers.ts';
import { browserOf, parentProducts } from '../../test/shopper.ts';
import {
  checkoutBody,
  counts,
  placeOrder,
  review,
  setStock,
  signUp,
  stockOf,
} from '../../test/change-counts.ts';

const t = useTestApp();
const onPostgres = Boolean(process.env.DATABASE_URL);

/** The URL of this test file's own database (PostgreSQL only). */
async function databaseUrl(): Promise<string> {
  const result: unknown = await t.handle.db.execute(sql`SELECT current_database() AS name`);
  const [row] = (result as { rows: { name: string }[] }).rows;
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return url.toString();
}

/**
 * A second shop process: its own app, caches and, on PostgreSQL, its own pool on the same
 * database. PGlite is one session in this process: there the app shares it.
 */
async function secondShop(caches: { catalogueCacheMs: number }) {
  const handle: DatabaseHandle | null = onPostgres
    ? await openDatabase({ url: await databaseUrl(), poolSize: 4 })
    : null;
  const db = handle?.db ?? t.handle.db;
  const mailDir = await mkdtemp(join(tmpdir(), 'shop-mail-'));
  const mailer = quietMailer(mailDir);
  const app = await buildApp({
    db,
    sessionStore: databaseSessionStore(db),
    mailer,
    ...caches,
    requestRateLimit: { max: 0, windowMs: 60_000 },
  });
  await app.ready();
  const context: TestContext = { app, handle: t.handle, mailDir };
  return {
    ...context,
    close: async () => {
      await app.close();
      await mailer.close();
      await handle?.close();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
}

/** Resolves with `work`, or rejects once `ms` have passed without it. */
async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe.runIf(onPostgres)('with orders open on PostgreSQL', () => {
  it('a review and a sign-up through another process do not wait for them', async () => {
    const other = await secondShop({ catalogueCacheMs: 0 });
    onTestFinished(other.close);
    const [first, second] = await parentProducts(t);
    const shopper = browserOf(other);
    await shopper.logIn('shopper@example.com');
    await setStock(t.handle.db, [first!.id, second!.id], 50);
    // Once before, so the timed ones below measure waiting, not a first call's warm-up.
    await review(shopper, second!.id);
    await signUp(browserOf(other));

    // The locks an order holds until it commits: the stock of its products, in id order.
    const order = new pg.Client({ connectionString: await databaseUrl() });
    await order.connect();
    try {
      await order.query('BEGIN');
      for (const id of [first!.id, second!.id].sort((a, b) => a - b)) {
        await order.query('UPDATE products SET stock = stock - 1 WHERE id = $1', [id]);
      }
      // Today's order waits 1.7 s under load: any wait on the order shows as the full second.
      await within(1000, 'a review of a product in the open order', review(shopper, first!.id));
      await within(1000, 'a sign-up', signUp(browserOf(other)));
    } finally {
      await order.query('ROLLBACK');
      await order.end();
    }
  });

  it('20 orders at once over two processes, with overlapping carts, never deadlock and move no count', async () => {
    const other = await secondShop({ catalogueCacheMs: 0 });
    onTestFinished(other.close);
    const products = (await parentProducts(t)).slice(0, 4).map((p) => p.id);
    await setStock(t.handle.db, products, 1000);
    const body = await checkoutBody(t.handle.db);
    // Carts of two or three of four products, every pair of carts sharing one: ten shoppers on
    // each process.
    const shoppers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const b = browserOf(i % 2 === 0 ? t : other);
        const cart = [0, 1, 2]
          .slice(0, 2 + (i % 2))
          .map((k) => products[(i + k) % products.length]!);
        for (const id of cart) expect((await b.set(id, 1)).statusCode).toBe(200);
        return { b, cart };
      }),
    );
    const before = await counts(t.handle.db);

    const answers = await Promise.all(shoppers.map(({ b }) => placeOrder(b, body)));
    // A deadlock (40P01) would answer 500, a lock wait past the statement timeout 503.
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 201));
    const ordered = new Map<number, number>();
    for (const { cart } of shoppers)
      for (const id of cart) ordered.set(id, (ordered.get(id) ?? 0) + 1);
    for (const id of products) expect(await stockOf(t.handle.db, id)).toBe(1000 - ordered.get(id)!);
    // Stock, orders, order lines, carts and sessions move neither count.
    expect(await counts(t.handle.db)).toEqual(before);
  });
});

describe('a change made outside the shop (psql, a script)', () => {
  /** Runs one statement as psql would: on its own connection (on PGlite, its one session). */
  async function psql(statement: string) {
    if (!onPostgres) {
      await t.handle.db.execute(sql.raw(statement));
      return;
    }
    const client = new pg.Client({ connectionString: await databaseUrl() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  it('shows in another process’s cached shop info and product list within 2 s', async () => {
    // Kept for a minute, as the server keeps them: only the change count can drop them sooner.
    const other = await secondShop({ catalogueCacheMs: 60_000 });
    onTestFinished(other.close);
    const info = async () =>
      organizationInfoSchema.parse(
        (await other.app.inject('/en/api/organizations/organization_info/')).json(),
      );
    const LIST = '/en/api/products/products/?page_size=12';
    const list = async () =>
      paginated(productCardSchema).parse((await other.app.inject(LIST)).json()).results;
    const before = await info();
    const [card] = await list();
    expect(card).toBeDefined();
    expect(await info()).toEqual(before);

    await psql(
      `UPDATE organization_translations SET title = title || ' (by psql)' WHERE locale = 'en'`,
    );
    await psql(
      `UPDATE product_translations SET title = title || ' (by psql)' WHERE locale = 'en' AND parent_id = ${card!.id}`,
    );
    await vi.waitFor(
      async () => {
        expect((await info()).title).toBe(`${before.title} (by psql)`);
        expect((await list()).find((c) => c.id === card!.id)?.title).toBe(
          `${card!.title} (by psql)`,
        );
      },
      { timeout: 2000, interval: 50 },
    );
  });
});
