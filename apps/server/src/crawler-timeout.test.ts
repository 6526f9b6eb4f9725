// A crawler's page (React Router renders the whole page before it answers a bot) whose streamed
// sections wait longer than the render's stream timeout, on the whole shop (`npm start`) with
// PostgreSQL: a section's query is held behind a lock the test takes, as a slowed database would
// hold it. The crawler gets a complete page (the section left out) or the 503 screen, never a
// 500. Runs where the API suite runs on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const GOOGLEBOT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/130.0 Safari/537.36';

describe.skipIf(!DATABASE_URL)('a crawler whose page outlasts the stream timeout', () => {
  let database: ScratchDatabase;
  let shop: Shop | undefined;
  let dataDir = '';

  beforeAll(async () => {
    database = await scratchDatabase(DATABASE_URL!, 'shop_crawler');
    dataDir = await mkdtemp(join(tmpdir(), 'shop-crawler-'));
    shop = await spawnShop(dataDir, {
      DATABASE_URL: database.url,
      // A held query waits past the render's stream timeout (6 s) rather than being ended at 5 s.
      DB_STATEMENT_TIMEOUT_MS: '20000',
      LOG_LEVEL: 'error',
    });
    await answering(shop, 290_000);
  }, 300_000);

  afterAll(async () => {
    await stopShop(shop);
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('gets the whole home page without the held section, or the 503 screen, never a 500', async () => {
    const page = (userAgent: string) =>
      fetch(`${shop!.url}/de/`, {
        // A cookie the page cache does not know: rendered for this request, not a kept page.
        headers: { 'user-agent': userAgent, cookie: 'sessionid=none' },
        redirect: 'manual',
      });
    const warm = await page(GOOGLEBOT);
    expect(warm.status).toBe(200);
    expect(await warm.text()).toContain('</html>');

    // The blog teaser's query (a streamed section of the home page) waits behind the test's lock.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE blogs IN ACCESS EXCLUSIVE MODE');
      const res = await page(GOOGLEBOT);
      const html = await res.text();
      expect([200, 503], html.slice(-500)).toContain(res.status);
      expect(html).toContain('<html lang="de"');
      expect(html.trimEnd()).toMatch(/<\/html>$/);
      if (res.status === 503) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  }, 120_000);
});
