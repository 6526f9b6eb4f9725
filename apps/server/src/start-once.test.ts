// Issue 26, all cores: two `npm start`s of two workers each (WEB_CONCURRENCY=2) start together on
// one empty PostgreSQL database. All four come up; the migrations ran once and the demo shop was
// seeded once (the first under the start lock, the others after it, decision 0060). A worker
// killed afterwards is replaced by its primary while its sibling keeps serving. PostgreSQL only:
// skipped without DATABASE_URL.
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {} from '../../api/test/global-setup.ts';
import { answering, spawnShop, stopShop, type Shop } from '../../../e2e/shop-process.ts';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const METRICS_TOKEN = 'start-once-metrics-token';

/** The shop's worker processes under `root` (npm, its shell, the primary): their pids. */
function workersUnder(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …; comm may hold spaces and parentheses.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === root) return true;
    }
    return false;
  };
  const mains: number[] = [];
  for (const pid of parents.keys()) {
    if (!below(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmd.includes('apps/server/src/main.ts')) mains.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  // The primary runs scripts/start.ts; the workers run main.ts itself.
  return mains;
}

describe.skipIf(!DATABASE_URL)('four workers starting at once on an empty database', () => {
  let database: ScratchDatabase;
  const shops: Shop[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await scratchDatabase(DATABASE_URL!, 'shop_start', 'empty');
    for (let i = 0; i < 2; i++) dataDirs.push(await mkdtemp(join(tmpdir(), 'shop-start-')));
    // Both at once: four workers race for the empty database.
    shops.push(
      ...(await Promise.all(
        dataDirs.map((dir) =>
          spawnShop(dir, {
            DATABASE_URL: database.url,
            WEB_CONCURRENCY: '2',
            LOG_LEVEL: 'error',
            METRICS_TOKEN,
          }),
        ),
      )),
    );
    await Promise.all(shops.map((shop) => answering(shop, 240_000)));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(shops.map((shop) => stopShop(shop)));
    await database?.drop();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('comes up on all four, migrated once and seeded once', async () => {
    for (const shop of shops) {
      const ready = await fetch(`${shop.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(workersUnder(shop.child.pid!)).toHaveLength(2);
    }
    const journal = JSON.parse(
      await readFile(join(import.meta.dirname, '../../api/drizzle/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const migrations = await database.client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(migrations.rows[0]!.n).toBe(journal.entries.length);

    // What one seed makes: the suite's seeded template database, counted the same way.
    const template = new URL(DATABASE_URL!);
    template.pathname = `/${inject('pgTemplate')}`;
    const seeded = new pg.Client({ connectionString: template.toString() });
    await seeded.connect();
    const counts = async (client: pg.Client) =>
      (
        await client.query<Record<string, number>>(
          `SELECT (SELECT count(*)::int FROM organizations) AS organizations,
                  (SELECT count(*)::int FROM languages) AS languages,
                  (SELECT count(*)::int FROM products) AS products,
                  (SELECT count(*)::int FROM users) AS users,
                  (SELECT count(*)::int FROM users WHERE email = 'shopper@example.com') AS shoppers`,
        )
      ).rows[0]!;
    try {
      const once = await counts(seeded);
      expect(once).toMatchObject({ organizations: 1, shoppers: 1 });
      expect(await counts(database.client)).toEqual(once);
    } finally {
      await seeded.end();
    }
  });

  it('answers /metrics for the whole shop from either worker', async () => {
    const [shop] = shops;
    // New connections, so the two scrapes may land on different workers: each sums both.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${shop!.url}/metrics`, {
        headers: { connection: 'close', authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toMatch(/shop_metrics_workers\{state="answered"\} 2/);
    }
  });

  it('replaces a worker that dies while its sibling serves', async () => {
    const shop = shops[0]!;
    const [dead, sibling] = workersUnder(shop.child.pid!);
    process.kill(dead!, 'SIGKILL');
    // The requests the dead worker held die with it (a crash, unlike SIGTERM, drains nothing),
    // keep-alive connections to it included; the primary hears of the death within moments.
    await new Promise((r) => setTimeout(r, 300));
    const deadline = Date.now() + 60_000;
    let workers: number[] = [];
    while (Date.now() < deadline) {
      // Served all along on new connections, by the sibling until the new worker listens.
      const res = await fetch(`${shop.url}/health/ready`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      workers = workersUnder(shop.child.pid!);
      if (workers.length === 2 && !workers.includes(dead!)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(workers).toContain(sibling);
    expect(workers).not.toContain(dead);
    expect(workers).toHaveLength(2);
    // And on while the new one starts and joins.
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${shop.url}/health/ready`, { headers: { connection: 'close' } });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 90_000);

  it('stops every worker when the primary alone gets SIGTERM', async () => {
    const shop = shops[1]!;
    const workers = workersUnder(shop.child.pid!);
    expect(workers).toHaveLength(2);
    // The primary only (systemd's KillMode=mixed): it hands the signal to its workers.
    const stat = readFileSync(`/proc/${workers[0]}/stat`, 'utf8');
    const primary = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    expect(readFileSync(`/proc/${primary}/cmdline`, 'utf8')).toContain('scripts/start.ts');
    const npmExit = new Promise<number | null>((resolve) =>
      shop.child.once('exit', (code) => resolve(code)),
    );
    process.kill(primary, 'SIGTERM');
    const deadline = Date.now() + 40_000;
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    while (Date.now() < deadline && [primary, ...workers].some(alive)) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect([primary, ...workers].filter(alive)).toEqual([]);
    await expect(fetch(`${shop.url}/health/live`)).rejects.toThrow();
    // Exit 0 (npm passes the primary's on): every worker drained and closed cleanly. A primary
    // killed by the signal would leave its workers to exit on the lost channel, undrained.
    expect(await npmExit).toBe(0);
  }, 60_000);
});
