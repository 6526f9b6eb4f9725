// A transaction's statements asked for at once (Promise.all on a transaction, as shared readers
// do when an order is placed) run one after another on its connection, in the order asked,
// without pg's own queue: pg deprecates handing a client a query while another runs, and pg 9
// refuses it. Runs where the API suite runs on PostgreSQL (DATABASE_URL set).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { waitingInLine } from '#api/lib/transactions.ts';
import { rowsOf } from './rows.ts';
import { openDatabase, poolStatsOf, type Database, type DatabaseHandle } from './client.ts';
import { cuttableProxy } from '../../test/tcp-proxy.ts';

const DATABASE_URL = process.env.DATABASE_URL;

/** A proxy in front of the test database that a test can silence or cut, and its URL. */
async function behindProxy() {
  const url = new URL(DATABASE_URL ?? '');
  const proxy = cuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
  await proxy.listen();
  const viaProxy = new URL(url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  return { proxy, viaProxy };
}

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
    handle = undefined;
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

  it('drops the longer read timeout of a lock statement that failed, with its transaction (decision 0083)', async () => {
    const { proxy, viaProxy } = await behindProxy();
    // Read timeout 1.3 s (statement timeout and margin); in line 21 s.
    const own = await openDatabase({
      url: viaProxy.toString(),
      poolSize: 1,
      statementTimeoutMs: 300,
    });
    try {
      const inLine = own.db.transaction((tx) =>
        waitingInLine(tx as Database, () => tx.execute(sql`select 1/0`)),
      );
      await expect(inLine).rejects.toMatchObject({ cause: { message: 'division by zero' } });
      // The same connection (the pool's only one), the database silent now.
      proxy.silence();
      const started = Date.now();
      await expect(own.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: { message: 'Query read timeout' },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      proxy.speak();
      await own.close().catch(() => undefined);
      await proxy.cut();
    }
  }, 30_000);

  it('never counts fewer than no asks waiting for a connection once the database went silent', async () => {
    const { proxy, viaProxy } = await behindProxy();
    const own = await openDatabase({
      url: viaProxy.toString(),
      poolSize: 1,
      statementTimeoutMs: 300,
    });
    try {
      // The pool's one connection, in a transaction whose next statement gets no answer.
      let begun: () => void = () => {};
      const holding = new Promise<void>((resolve) => (begun = resolve));
      const holder = own.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          proxy.silence();
          begun();
          await tx.execute(sql`select 2`);
        })
        .catch(() => undefined);
      await holding;
      const asks = [1, 2].map(() =>
        own.db.execute(sql`select 3`).then(
          () => 'answered',
          () => 'failed',
        ),
      );
      expect(await Promise.all(asks)).toEqual(['failed', 'failed']);
      // The held connection given up meanwhile: node-postgres opens a new one for an ask that
      // already failed (it left node-postgres's queue, but still counted as abandoned).
      await holder;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(poolStatsOf(own.db)?.waiting).toBe(0);
    } finally {
      proxy.speak();
      await own.close().catch(() => undefined);
      await proxy.cut();
    }
  }, 30_000);

  it('keeps a statement timeout longer than the wait in line while waiting in line', async () => {
    handle = await openDatabase({ url: DATABASE_URL ?? '', statementTimeoutMs: 30_000 });
    expect(await statementTimeoutInLine(handle.db)).toBe('30s');
  });
});

/** The statement timeout in effect inside waitingInLine, `before` set for the transaction. */
async function statementTimeoutInLine(db: Database, before?: number): Promise<string> {
  return db.transaction(async (tx) => {
    if (before !== undefined) await tx.execute(sql.raw(`set local statement_timeout = ${before}`));
    const shown = await waitingInLine(tx as Database, () =>
      tx.execute(sql`select current_setting('statement_timeout') as value`),
    );
    return rowsOf<{ value: string }>(shown)[0]?.value ?? '';
  });
}

describe('waiting in line (PGlite)', () => {
  it('raises the statement timeout to the wait in line, never lowers it, and leaves 0 off', async () => {
    const pglite = await openDatabase({});
    try {
      expect(await statementTimeoutInLine(pglite.db, 5_000)).toBe('20s');
      expect(await statementTimeoutInLine(pglite.db, 30_000)).toBe('30s');
      expect(await statementTimeoutInLine(pglite.db, 0)).toBe('0');
    } finally {
      await pglite.close();
    }
  });
});
