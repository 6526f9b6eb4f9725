// Migrations on PostgreSQL are not cut off by the requests' statement timeout: on a catalogue of
// a million products an index build or a backfill takes longer than any request may, and the
// shop could not start (issue 26). Proved with a lock: the migrator's first statement on its
// own table waits for a lock held longer than the timeout, as a long index build would.
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../api/src/db/client.ts';
import { scratchDatabase, type ScratchDatabase } from '../test/scratch-database.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const TIMEOUT_MS = 200;
const HELD_MS = 1_500;

describe.skipIf(!DATABASE_URL)('migrations on PostgreSQL', () => {
  let db: ScratchDatabase | undefined;
  afterEach(async () => {
    await db?.drop();
    db = undefined;
  });

  it('run to the end past the statement timeout the requests get', async () => {
    db = await scratchDatabase(DATABASE_URL ?? '', 'migrate_timeout', 'empty');
    // The migrator's journal, locked by another session for longer than the timeout.
    await db.client.query('CREATE SCHEMA drizzle');
    await db.client.query(
      'CREATE TABLE drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE');
    const released = new Promise<void>((resolve, reject) => {
      setTimeout(() => {
        holder
          .query('COMMIT')
          .then(() => holder.end())
          .then(resolve, reject);
      }, HELD_MS);
    });

    const handle = await openDatabase({ url: db.url, statementTimeoutMs: TIMEOUT_MS });
    try {
      // The pool keeps its timeout: a request's query that waits as long is cut off.
      const started = Date.now();
      const [migrated, released_] = await Promise.allSettled([handle.migrate(), released]);
      expect(released_.status).toBe('fulfilled');
      expect(migrated.status).toBe('fulfilled');
      expect(Date.now() - started).toBeGreaterThanOrEqual(HELD_MS - 100);
      const tables = await db.client.query<{ count: string }>(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = 'products'",
      );
      expect(Number(tables.rows[0]?.count)).toBe(1);
      await expect(handle.db.execute('SELECT pg_sleep(1)')).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});
