import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { eq, inArray } from 'drizzle-orm';
import { sessions } from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import {
  databaseSessionStore,
  redisSessionStore,
  type SessionStore,
  type StoreOptions,
} from './session-store.ts';

const t = useTestApp();

/** The same contract for every store: what one process writes, another reads; expiry is honoured. */
function storeContract(
  name: string,
  open: (options: StoreOptions) => Promise<{ store: SessionStore; close(): Promise<void> }>,
) {
  describe(name, () => {
    let store: SessionStore;
    let close: () => Promise<void>;
    // The store's clock: stands still at the real time a test starts, until the test moves it.
    let clock = 0;
    const now = () => clock;
    beforeAll(async () => {
      ({ store, close } = await open({ now }));
    });
    beforeEach(() => {
      clock = Date.now();
    });
    afterAll(async () => {
      await close();
    });

    it('stores, reads, updates and destroys a session', async () => {
      const id = randomUUID();
      const expiresAt = new Date(clock + 60_000);
      await store.set(id, { userId: null, data: { cart: 1 }, expiresAt });
      expect(await store.get(id)).toEqual({ userId: null, data: { cart: 1 }, expiresAt });
      await store.set(id, { userId: 1, data: { cart: 2 }, expiresAt });
      expect(await store.get(id)).toMatchObject({ userId: 1, data: { cart: 2 } });
      await store.destroy(id);
      expect(await store.get(id)).toBeNull();
    });

    it('does not answer an expired session', async () => {
      const id = randomUUID();
      const expiresAt = new Date(clock + 60_000);
      await store.set(id, { userId: null, data: {}, expiresAt });
      clock = expiresAt.getTime() - 1;
      expect(await store.get(id)).toMatchObject({ expiresAt });
      // Expired at the very millisecond it says.
      clock = expiresAt.getTime();
      expect(await store.get(id)).toBeNull();
    });

    it('answers null for an unknown id', async () => {
      expect(await store.get(randomUUID())).toBeNull();
    });

    it('replaces or ends a session only while it holds the given mark', async () => {
      const id = randomUUID();
      const expiresAt = new Date(clock + 60_000);
      const marked = (by: string) => ({ userId: null, data: { endedBy: by }, expiresAt });
      const back = { userId: null, data: { cart: 3 }, expiresAt };
      await store.set(id, marked('theirs'));
      // Another login's mark: left as it is.
      expect(await store.replaceIf(id, 'endedBy', 'mine', back)).toBe(false);
      expect(await store.replaceIf(id, 'endedBy', 'mine', null)).toBe(false);
      expect(await store.get(id)).toEqual(marked('theirs'));
      await store.set(id, marked('mine'));
      expect(await store.replaceIf(id, 'endedBy', 'mine', back)).toBe(true);
      expect(await store.get(id)).toEqual(back);
      // The mark is gone with it: a second put-back finds nothing of its own.
      expect(await store.replaceIf(id, 'endedBy', 'mine', null)).toBe(false);
      await store.set(id, marked('mine'));
      expect(await store.replaceIf(id, 'endedBy', 'mine', null)).toBe(true);
      expect(await store.get(id)).toBeNull();
      // Nothing stored, nothing replaced; a session without the key neither.
      expect(await store.replaceIf(randomUUID(), 'endedBy', 'mine', back)).toBe(false);
      await store.set(id, back);
      expect(await store.replaceIf(id, 'endedBy', 'mine', null)).toBe(false);
      expect(await store.get(id)).toEqual(back);
    });
  });
}

storeContract('database session store', async (options) => ({
  store: databaseSessionStore(t.handle.db, options),
  close: async () => {},
}));

describe('database session store in a caller’s transaction', () => {
  it('ends only the expired session it read, not every expired one', async () => {
    let clock = Date.now();
    const db = t.handle.db;
    const store = databaseSessionStore(db, { now: () => clock });
    const [read, other] = [randomUUID(), randomUUID()];
    const expiresAt = new Date(clock + 60_000);
    for (const id of [read, other]) await store.set(id, { userId: null, data: {}, expiresAt });
    clock = expiresAt.getTime() + 1;
    await db.transaction(async (tx) => {
      expect(await store.get(read, tx)).toBeNull();
    });
    const left = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [read, other]));
    expect(left).toEqual([{ id: other }]);
    // Outside a transaction, a read of an expired session sweeps them all.
    expect(await store.get(other)).toBeNull();
    expect(
      await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.id, other)),
    ).toEqual([]);
  });
});

// Runs against the machine's real Redis when REDIS_URL is set (CI sets it).
describe.runIf(Boolean(process.env.REDIS_URL))('with REDIS_URL', () => {
  storeContract('redis session store', async (options) => {
    const redis = new Redis(process.env.REDIS_URL ?? '');
    return {
      store: redisSessionStore(redis, `test:${randomUUID()}:`, options),
      close: async () => {
        redis.disconnect();
      },
    };
  });
});
