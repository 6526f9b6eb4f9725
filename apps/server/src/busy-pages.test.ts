// The pages of a busy shop (decisions 0083, 0088): the whole shop (`npm start`) on PostgreSQL
// with a pool of one connection, held by an API call waiting for a table lock the test holds, and
// a short wait for it (DB_POOL_WAIT_MS), so every other request's read is refused "busy". A page
// (server-rendered, and a client navigation's data request) shows "busy, try again in a moment"
// with 503 and Retry-After 5 in the shopper's language, never the "unavailable" screen of a
// database that is away (outage.test.ts keeps that one); an add to the cart says nothing was
// done. Runs where the API suite runs on PostgreSQL (DATABASE_URL set).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';
// The seeded template database the API suite's global setup provides (its ProvidedContext).
import type {} from '../../api/test/global-setup.ts';
import { launchBrowser } from '../../../e2e/browser.ts';
import { ApiVisitor } from '../../../e2e/api-visitor.ts';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';

const DATABASE_URL = process.env.DATABASE_URL;

const BUSY = {
  en: 'The shop is busy, please try again in a moment.',
  de: 'Der Shop ist gerade sehr beschäftigt. Bitte versuchen Sie es gleich noch einmal.',
  ru: 'Магазин сейчас перегружен. Пожалуйста, попробуйте ещё раз через минуту.',
  it: 'Il negozio è molto occupato in questo momento. Riprova tra poco.',
};

/** What the test reads of the page's window (this package's types have no DOM). */
type BrowserWindow = { document: { getElementById(id: string): object | null } };

/** The page's scripts have run (React owns the page's main element). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const main = (globalThis as unknown as BrowserWindow).document.getElementById('main');
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactFiber$'));
  });

describe.skipIf(!DATABASE_URL)('the pages of a shop whose pool is busy', () => {
  let db: ScratchDatabase | undefined;
  let dataDir = '';
  let shop: Shop | undefined;
  let base = '';

  beforeAll(async () => {
    db = await scratchDatabase(DATABASE_URL!, `${process.env.TEST_DB_PREFIX ?? 'shop'}_busy`);
    dataDir = await mkdtemp(join(tmpdir(), 'shop-busy-'));
    shop = await spawnShop(dataDir, {
      DATABASE_URL: db.url,
      WEB_CONCURRENCY: '1',
      DATABASE_POOL_SIZE: '1',
      // A request waits 2 s for the one connection, then is refused busy (20 s in a shop).
      DB_POOL_WAIT_MS: '2000',
      // The call holding the connection waits for the test's lock, not for a timeout.
      DB_STATEMENT_TIMEOUT_MS: '60000',
      LOG_LEVEL: 'error',
    });
    await answering(shop, 290_000);
    base = shop.url;
  }, 300_000);

  afterAll(async () => {
    await stopShop(shop);
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  let holds = 0;
  /**
   * Holds the shop's one connection: an API call that reads a table the test has locked. Until
   * the returned release is called, every other read of the shop is refused busy after 2 s.
   */
  async function holdThePool(): Promise<() => Promise<void>> {
    const locker = new pg.Client({ connectionString: db!.url });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE faqs IN ACCESS EXCLUSIVE MODE');
    // Another page size each time: an answer the API's cache does not hold.
    const call = fetch(`${base}/en/api/content/faqs/?page_size=${++holds}`).then(
      (res) => res.arrayBuffer(),
      () => undefined,
    );
    await expect
      .poll(
        async () =>
          (
            await db!.client.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
               WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rows[0]?.n,
        { timeout: 30_000, interval: 100 },
      )
      .toBe(1);
    return async () => {
      await locker.query('ROLLBACK');
      await locker.end();
      await call;
    };
  }

  it("answers pages and their data requests with the busy screen (503, Retry-After 5) in the shopper's language", async () => {
    const shopper = new ApiVisitor(base);
    const [product] = (
      await db!.client.query<{ id: number }>(
        'SELECT id FROM products WHERE active AND parent_id IS NULL AND stock > 5 ORDER BY id LIMIT 1',
      )
    ).rows;
    expect((await shopper.addToCart(product!.id)).status).toBe(200);
    const release = await holdThePool();
    try {
      const asked: [keyof typeof BUSY, string, string][] = [
        // A shopper with a session on the product list (a template filled for them) and the cart.
        ['de', '/de/products/?page=2', shopper.cookie],
        ['ru', '/ru/checkout/cart/', shopper.cookie],
        ['en', '/en/products/?page=3', shopper.cookie],
        // A visitor without one (the page cache's own read comes first).
        ['it', '/it/', ''],
        ['de', '/de/products/?page=4', ''],
        // A client navigation's data request.
        ['en', '/en/products/_.data?page=5', shopper.cookie],
        ['it', '/it/checkout/cart/_.data', shopper.cookie],
      ];
      for (const [locale, path, cookie] of asked) {
        const res = await fetch(`${base}${path}`, {
          headers: cookie ? { cookie } : {},
          redirect: 'manual',
        });
        const body = await res.text();
        expect(res.status, `${path}: ${body.slice(0, 300)}`).toBe(503);
        expect(res.headers.get('retry-after'), path).toBe('5');
        expect(body, path).toContain(BUSY[locale]);
        if (!path.includes('.data')) {
          expect(res.headers.get('content-type'), path).toContain('text/html');
          expect(body, path).toContain(`<html lang="${locale}"`);
        }
      }
    } finally {
      await release();
    }
    expect((await fetch(`${base}/de/products/?page=2`)).status).toBe(200);
  }, 120_000);

  it('shows a shopper the busy screen on a client navigation, and says an add to the cart did nothing', async () => {
    const browser = await launchBrowser();
    let release: (() => Promise<void>) | null = null;
    try {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'cookie_consent', value: 'necessary', url: base }]);
      const page = await context.newPage();
      const list = (await (
        await fetch(`${base}/it/api/products/products/?page_size=20`)
      ).json()) as { results: { slugUri: string; stock: number | null }[] };
      const product = list.results.find((p) => p.stock === null || p.stock > 5);
      await page.goto(`${base}/it${product!.slugUri}`);
      await hydrated(page);
      release = await holdThePool();

      // A client navigation (its data request answered 503 busy): the busy screen, in Italian.
      const answer = page.waitForResponse((res) => res.url().includes('.data'));
      await page.getByRole('link', { name: 'Chi siamo' }).first().click();
      expect((await answer).status()).toBe(503);
      await page.getByRole('heading', { level: 1, name: '503' }).waitFor();
      await page.getByText(BUSY.it).first().waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe('it');
      await release();
      release = null;

      // An add to the cart meets the busy shop: the shopper is told nothing was done.
      await page.goto(`${base}/it${product!.slugUri}`);
      await hydrated(page);
      release = await holdThePool();
      await page.getByRole('button', { name: 'Aggiungi al carrello' }).first().click();
      await page
        .getByText(
          'Il negozio è molto occupato in questo momento, quindi non è stato fatto nulla: niente è stato aggiunto, modificato o ordinato. Riprova tra poco.',
        )
        .first()
        .waitFor();

      // Nothing was added: once the shop is free, that browser's cart is empty.
      await release();
      release = null;
      const cookie = (await context.cookies(base)).map((c) => `${c.name}=${c.value}`).join('; ');
      const cart = await fetch(`${base}/it/api/sales/cart_products/`, { headers: { cookie } });
      const items = cart.ok ? ((await cart.json()) as { items: unknown[] }).items : [];
      expect(items).toEqual([]);
    } finally {
      await release?.();
      await browser.close();
    }
  }, 120_000);
});
