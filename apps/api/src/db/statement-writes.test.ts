// A statement on its own (outside a transaction) that may write marks its request as one that
// may have written once it is sent, answered or not (lib/request-writes.ts, decision 0088): a
// busy refusal of another statement of the same request while it runs must not say that nothing
// was done. A read marks nothing. Runs where the API suite runs on PostgreSQL (DATABASE_URL set).
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { mayHaveWritten, requestWrites, trackingWrites } from '#api/lib/request-writes.ts';
import { openDatabase, type DatabaseHandle } from './client.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const LOCK = 880_088;

describe.skipIf(!DATABASE_URL)('the writes of a request on PostgreSQL', () => {
  let handle: DatabaseHandle | undefined;
  let other: pg.Client | undefined;
  afterEach(async () => {
    await other?.end();
    other = undefined;
    await handle?.close();
    handle = undefined;
  });

  it('counts a statement that may write as soon as it is sent, before its answer', async () => {
    handle = await openDatabase({ url: DATABASE_URL ?? '' });
    const { db } = handle;
    other = new pg.Client({ connectionString: DATABASE_URL });
    await other.connect();
    const holder = other;
    // The statement waits for a lock another connection holds: sent, not answered.
    await holder.query('select pg_advisory_lock($1)', [LOCK]);
    const seen = await trackingWrites(async () => {
      const record = requestWrites();
      // Started now (drizzle's queries run when awaited).
      const statement = Promise.resolve(
        db.execute(
          sql`with locked as (select pg_advisory_xact_lock(${LOCK})) select 1 from locked`,
        ),
      );
      // Until PostgreSQL shows it waiting for the lock (a state, not a time).
      for (;;) {
        const waiting = await holder.query(
          `select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like 'with locked%'`,
        );
        if (waiting.rowCount) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const whileSent = record?.wrote;
      await holder.query('select pg_advisory_unlock($1)', [LOCK]);
      await statement;
      return whileSent;
    });
    expect(seen).toBe(true);
  });

  it('does not count a read, answered or not', async () => {
    handle = await openDatabase({ url: DATABASE_URL ?? '' });
    const { db } = handle;
    const wrote = await trackingWrites(async () => {
      await db.execute(sql`select 1`);
      await db.execute(sql`select 1/0`).catch(() => undefined);
      return mayHaveWritten();
    });
    expect(wrote).toBe(false);
  });
});
