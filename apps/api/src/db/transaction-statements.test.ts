// A transaction's statements asked for at once (Promise.all on a transaction, as shared readers
// do when an order is placed) run one after another on its connection, in the order asked,
// without pg's own queue: pg deprecates handing a client a query while another runs, and pg 9
// refuses it. Runs where the API suite runs on PostgreSQL (DATABASE_URL set).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from './client.ts';

const DATABASE_URL = process.env.DATABASE_URL;

describe.skipIf(!DATABASE_URL)('a transaction on PostgreSQL', () => {
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  let handle: DatabaseHandle | undefined;
  beforeEach(() => {
    warnings.length = 0;
    process.on('warning', onWarning);
  });
  afterEach(async () => {
    process.off('warning', onWarning);
    await handle?.close();
  });

  it('runs statements asked for at once in turn, in order, never two on its connection', async () => {
    handle = await openDatabase({ url: DATABASE_URL ?? '' });
    const done: string[] = [];
    // Three at once: pg warns when a query is handed over while another waits for its turn.
    const statements = [
      ['slow', sql`select pg_sleep(0.1)`],
      ['next', sql`select 'next'`],
      ['last', sql`select 'last'`],
    ] as const;
    await handle.db.transaction((tx) =>
      Promise.all(
        statements.map(async ([name, statement]) => {
          await tx.execute(statement);
          done.push(name);
        }),
      ),
    );
    expect(done).toEqual(['slow', 'next', 'last']);
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });

  it('rolls back when one of them fails, runs the others in turn, and gives its connection back', async () => {
    handle = await openDatabase({ url: DATABASE_URL ?? '', poolSize: 1 });
    const { db } = handle;
    const done: string[] = [];
    const failing = db.transaction((tx) =>
      Promise.all([
        tx.execute(sql`select 1`).then(() => done.push('first')),
        tx.execute(sql`select 1/0`).then(() => done.push('broken')),
        tx.execute(sql`select 3`).then(
          () => done.push('third'),
          () => done.push('third refused'),
        ),
      ]),
    );
    await expect(failing).rejects.toMatchObject({ cause: { message: 'division by zero' } });
    expect(done).toEqual(['first', 'third refused']);
    // The pool's one connection came back, usable: the next transaction runs.
    await expect(db.transaction((tx) => tx.execute(sql`select 'again'`))).resolves.toBeDefined();
  });
});
