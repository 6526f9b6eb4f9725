import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { TestContext } from './helpers.ts';

/**
 * Two plain connections to the test file's own PostgreSQL database, beside the app's pool: `raw`
 * holds locks in transactions of a test's own, `watcher` looks at who waits meanwhile. Call it in
 * a `describe` that runs only with DATABASE_URL set.
 */
export function useRawClients(t: TestContext) {
  const clients = {
    raw: undefined as pg.Client | undefined,
    watcher: undefined as pg.Client | undefined,
  };
  let url = '';

  beforeAll(async () => {
    const result: unknown = await t.handle.db.execute(sql`SELECT current_database() AS name`);
    const [row] = (result as { rows: { name: string }[] }).rows;
    const parsed = new URL(process.env.DATABASE_URL ?? '');
    parsed.pathname = `/${row!.name}`;
    url = parsed.toString();
    clients.raw = new pg.Client({ connectionString: url });
    clients.watcher = new pg.Client({ connectionString: url });
    await clients.raw.connect();
    await clients.watcher.connect();
  });
  afterAll(async () => {
    await clients.raw?.end();
    await clients.watcher?.end();
  });

  return {
    /** The connection a test holds locks with. */
    get raw(): pg.Client {
      if (!clients.raw) throw new Error('useRawClients: not connected yet (used outside a test?)');
      return clients.raw;
    },
    /** The test database's address, for more clients of a test's own. */
    get url() {
      return url;
    },
    /** Resolves once `n` sessions of the test database wait for a lock, or `unless` settled. */
    async waitingOnLocks(n: number, unless?: Promise<unknown>) {
      let settled = false;
      void unless?.finally(() => (settled = true));
      for (;;) {
        const { rows } = await clients.watcher!.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if ((rows[0]?.n ?? 0) >= n || settled) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}
