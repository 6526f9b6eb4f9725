import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { databaseSessionStore, redisSessionStore, type SessionStore } from './session-store.ts';

/** The same contract for every store: what one process writes, another reads; expiry is honoured. */
function storeContract(
  name: string,
  open: () => Promise<{ store: SessionStore; close(): Promise<void> }>,
) {
  describe(name, () => {
    let store: SessionStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    });
    afterAll(async () => {
      await close();
    });

    it('stores, reads, updates and destroys a session', async () => {
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + 60_000);
      await store.set(id, { userId: null, data: { cart: 1 }, expiresAt });
      expect(await store.get(id)).toEqual({ userId: null, data: { cart: 1 }, expiresAt });
      await store.set(id, { userId: 1, data: { cart: 2 }, expiresAt });
      expect(await store.get(id)).toMatchObject({ userId: 1, data: { cart: 2 } });
      await store.destroy(id);
      expect(await store.get(id)).toBeNull();
    });

    it('does not answer an expired session', async () => {
      const id = randomUUID();
      await store.set(id, { userId: null, data: {}, expiresAt: new Date(Date.now() + 1_000) });
      await new Promise((r) => setTimeout(r, 1_100));
      expect(await store.get(id)).toBeNull();
    });

    it('answers null for an unknown id', async () => {
      expect(await store.get(randomUUID())).toBeNull();
    });
  });
}

storeContract('database session store', async () => {
  const t: TestApp = await createTestApp();
  return { store: databaseSessionStore(t.handle.db), close: () => t.close() };
});

// Runs against the machine's real Redis when REDIS_URL is set (CI sets it).
describe.runIf(Boolean(process.env.REDIS_URL))('with REDIS_URL', () => {
  storeContract('redis session store', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? '');
    return {
      store: redisSessionStore(redis, `test:${randomUUID()}:`),
      close: async () => {
        redis.disconnect();
      },
    };
  });
});
