import { describe, expect, it } from 'vitest';
import { sharedCache } from './cache.ts';

/** A load the test finishes when it wants, counting how often it was started. */
function gate<V>() {
  let calls = 0;
  let release: (value: V) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const load = () => {
    calls++;
    return new Promise<V>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
  };
  return {
    load,
    get calls() {
      return calls;
    },
    release: (value: V) => release(value),
    fail: (error: Error) => fail(error),
  };
}

/** Lets every callback already queued run (the callers' change-count reads, their joins). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedCache, one value at a time', () => {
  it('answers from the cache within the ttl and reloads after it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = sharedCache<string, number>({ ttlMs: 100, max: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 99;
    expect(await cache.fetch('a', load)).toEqual({ value: 1, source: 'hit' });
    clock = 100;
    expect(await cache.fetch('a', load)).toEqual({ value: 2, source: 'load' });
  });

  it('shares one load between concurrent misses', async () => {
    const cache = sharedCache<string, string>({ ttlMs: 1000, max: 10 });
    const slow = gate<string>();
    const answers = Array.from({ length: 20 }, () => cache.fetch('k', slow.load));
    await settle();
    slow.release('v');
    const got = await Promise.all(answers);
    expect(slow.calls).toBe(1);
    expect(got[0]).toEqual({ value: 'v', source: 'load' });
    expect(got.slice(1).every((a) => a.value === 'v' && a.source === 'shared')).toBe(true);
  });

  it('does not keep a failed load: every caller that waited for it gets the failure', async () => {
    const cache = sharedCache<string, number>({ ttlMs: 1000, max: 10 });
    const failing = gate<number>();
    const first = cache.get('bad', failing.load);
    const second = cache.get('bad', failing.load);
    await settle();
    failing.fail(new Error('x'));
    await expect(first).rejects.toThrow('x');
    await expect(second).rejects.toThrow('x');
    expect(failing.calls).toBe(1);
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('reloads an entry once the change count it was loaded under has moved', async () => {
    let version = 1;
    let loads = 0;
    const cache = sharedCache<string, number>({
      ttlMs: 60_000,
      max: 10,
      version: async () => version,
    });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    version = 2;
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps what was loaded while the count moved as stale, never as current', async () => {
    let version = 1;
    const cache = sharedCache<string, number>({
      ttlMs: 60_000,
      max: 10,
      version: async () => version,
    });
    await cache.get('a', async () => {
      version = 2; // a write lands while the value is read
      return 1;
    });
    expect(await cache.get('a', async () => 2)).toBe(2);
  });

  it('does not hand a caller who saw a newer count the load begun under the older one', async () => {
    let version = 1;
    const cache = sharedCache<string, string>({
      ttlMs: 60_000,
      max: 10,
      version: async () => version,
    });
    const old = gate<string>();
    const before = cache.get('a', old.load);
    await settle();
    version = 2; // a write through this process: its next read must see it
    const fresh = gate<string>();
    const after = cache.get('a', fresh.load);
    await settle();
    old.release('before the write');
    await settle();
    fresh.release('after the write');
    expect(await before).toBe('before the write');
    expect(await after).toBe('after the write');
  });

  it('renders nothing stale, loads without keeping, while the count cannot be read', async () => {
    let loads = 0;
    const cache = sharedCache<string, number>({
      ttlMs: 60_000,
      max: 10,
      version: () => Promise.reject(new Error('connection refused')),
    });
    expect(await cache.fetch('a', async () => ++loads)).toEqual({ value: 1, source: 'bypass' });
    expect(await cache.get('a', async () => ++loads)).toBe(2);
    expect(await cache.peek('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('throws, without loading, when the count cannot be read because the database is away', async () => {
    let loads = 0;
    const away = Object.assign(new Error('Query read timeout'), { code: 'ETIMEDOUT' });
    const cache = sharedCache<string, number>({
      ttlMs: 60_000,
      max: 10,
      version: () => Promise.reject(away),
      unavailable: (error) => error === away,
    });
    await expect(cache.fetch('a', async () => ++loads)).rejects.toBe(away);
    await expect(cache.getMany(['a', 'b'], async () => new Map([['a', ++loads]]))).rejects.toBe(
      away,
    );
    await expect(cache.peek('a')).rejects.toBe(away);
    expect(loads).toBe(0);
  });

  it('gives the caller its own value when it may not be kept, and lets the waiters load', async () => {
    const cache = sharedCache<string, string | null>({
      ttlMs: 1000,
      max: 10,
      keep: (value) => value !== null,
    });
    const personal = gate<string | null>();
    const leader = cache.fetch('k', personal.load);
    let own = 0;
    const waiters = Array.from({ length: 3 }, () => cache.fetch('k', async () => `own ${++own}`));
    await settle();
    personal.release(null);
    expect(await leader).toEqual({ value: null, source: 'load' });
    expect((await Promise.all(waiters)).map((w) => w.source)).toEqual([
      'bypass',
      'bypass',
      'bypass',
    ]);
    expect(own).toBe(3);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with no time to keep it', async () => {
    let loads = 0;
    const cache = sharedCache<string, number>({ ttlMs: 0, max: 10 });
    await cache.get('a', async () => ++loads);
    expect(await cache.get('a', async () => ++loads)).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('stale while one caller reloads', () => {
  const setup = (staleMs = 100) => {
    let clock = 0;
    let version = 1;
    const cache = sharedCache<string, string>({
      ttlMs: 100,
      staleMs,
      max: 10,
      now: () => clock,
      version: async () => version,
    });
    return {
      cache,
      later: (ms: number) => (clock += ms),
      change: () => (version += 1),
    };
  };

  it('answers the old value past its time while the first caller loads and waits for its own', async () => {
    const { cache, later } = setup();
    await cache.get('k', async () => 'old');
    later(150);
    const refresh = gate<string>();
    const first = cache.fetch('k', refresh.load);
    await settle();
    const others = await Promise.all(
      Array.from({ length: 19 }, () => cache.fetch('k', refresh.load)),
    );
    expect(others.every((o) => o.value === 'old' && o.source === 'stale')).toBe(true);
    refresh.release('new');
    expect(await first).toEqual({ value: 'new', source: 'load' });
    expect(refresh.calls).toBe(1);
    expect(await cache.fetch('k', refresh.load)).toEqual({ value: 'new', source: 'hit' });
  });

  it('does not answer a value older than its time and the stale time: callers wait', async () => {
    const { cache, later } = setup();
    await cache.get('k', async () => 'old');
    later(200);
    const refresh = gate<string>();
    const all = Array.from({ length: 5 }, () => cache.fetch('k', refresh.load));
    await settle();
    refresh.release('new');
    const got = await Promise.all(all);
    expect(got.map((g) => g.value)).toEqual(['new', 'new', 'new', 'new', 'new']);
    expect(refresh.calls).toBe(1);
  });

  it('never answers a value of another change count stale: callers wait for the one load', async () => {
    const { cache, change } = setup();
    await cache.get('k', async () => 'old');
    change();
    const refresh = gate<string>();
    const all = Array.from({ length: 5 }, () => cache.fetch('k', refresh.load));
    await settle();
    refresh.release('new');
    const got = await Promise.all(all);
    expect(got.map((g) => g.source)).toEqual(['load', 'shared', 'shared', 'shared', 'shared']);
    expect(got.every((g) => g.value === 'new')).toBe(true);
    expect(refresh.calls).toBe(1);
  });

  it('forgets a value whose reload failed', async () => {
    const { cache, later } = setup();
    await cache.get('k', async () => 'old');
    later(150);
    await expect(cache.get('k', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await cache.fetch('k', async () => 'new')).toEqual({ value: 'new', source: 'load' });
  });
});

describe('eviction: the least recently used go first', () => {
  it('past `max` entries', async () => {
    const cache = sharedCache<string, string>({ ttlMs: 1000, max: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a2'); // a is now the most recent
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a3')).toBe('a1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
  });

  it('past `maxSize`, each entry weighed by `sizeOf`; one larger than all of it is not kept', async () => {
    const cache = sharedCache<string, string>({
      ttlMs: 1000,
      maxSize: 10,
      sizeOf: (value) => value.length,
    });
    await cache.get('a', async () => 'aaaa');
    await cache.get('b', async () => 'bbbb');
    expect(await cache.peek('a')).toBe('aaaa'); // a is now the most recent
    await cache.get('c', async () => 'cccc');
    expect(cache.calculatedSize).toBeLessThanOrEqual(10);
    expect(await cache.peek('b')).toBeUndefined();
    expect(await cache.peek('a')).toBe('aaaa');
    await cache.get('huge', async () => 'x'.repeat(11));
    expect(await cache.peek('huge')).toBeUndefined();
  });

  it('shares one load of a value too large to keep between the callers waiting for it', async () => {
    // The spec's filter values at a million products (routes/products.ts, FILTER_IDS_KEPT).
    const cache = sharedCache<string, string>({
      ttlMs: 1000,
      maxSize: 10,
      sizeOf: (value) => value.length,
    });
    const slow = gate<string>();
    const answers = Array.from({ length: 5 }, () => cache.fetch('huge', slow.load));
    await settle();
    slow.release('x'.repeat(11));
    const got = await Promise.all(answers);
    expect(slow.calls).toBe(1);
    expect(got.map((a) => a.source)).toEqual(['load', 'shared', 'shared', 'shared', 'shared']);
    expect(await cache.peek('huge')).toBeUndefined();
    expect(await cache.get('huge', async () => 'again')).toBe('again');
  });
});

describe('sharedCache, many values at a time', () => {
  const loader = () => {
    const calls: number[][] = [];
    const load = async (missing: number[]) => {
      calls.push(missing);
      // Key 13 does not exist: the load does not answer it.
      return new Map(missing.filter((k) => k !== 13).map((k) => [k, `v${k}-${calls.length}`]));
    };
    return { calls, load };
  };

  it('loads only what it misses, all in one call, and does not keep what the load left out', async () => {
    const cache = sharedCache<number, string>({ ttlMs: 1000, max: 100, now: () => 0 });
    const { calls, load } = loader();
    expect([...(await cache.getMany([1, 2, 13], load))]).toEqual([
      [1, 'v1-1'],
      [2, 'v2-1'],
    ]);
    const second = await cache.getMany([2, 3, 13, 3], load);
    expect(calls).toEqual([
      [1, 2, 13],
      [3, 13],
    ]);
    expect(second.get(2)).toBe('v2-1');
    expect(second.get(3)).toBe('v3-2');
    expect(second.has(13)).toBe(false);
    expect((await cache.getMany([1, 2, 3], load)).size).toBe(3);
    expect(calls).toHaveLength(2);
  });

  it('loads a key two concurrent calls miss once', async () => {
    const cache = sharedCache<number, string>({ ttlMs: 1000, max: 100 });
    const calls: number[][] = [];
    const pending: (() => void)[] = [];
    const load = (missing: number[]) => {
      calls.push(missing);
      return new Promise<Map<number, string>>((resolve) => {
        pending.push(() => resolve(new Map(missing.map((k) => [k, `v${k}`]))));
      });
    };
    const one = cache.getMany([1, 2], load);
    const two = cache.getMany([2, 3], load);
    await settle();
    for (const finish of pending) finish();
    expect([...(await one).values()].sort()).toEqual(['v1', 'v2']);
    expect([...(await two).values()].sort()).toEqual(['v2', 'v3']);
    expect(calls).toEqual([[1, 2], [3]]);
  });

  it('reloads after the ttl, or at once when the change count moved', async () => {
    let clock = 0;
    let version = 1;
    const cache = sharedCache<number, string>({
      ttlMs: 100,
      max: 100,
      now: () => clock,
      version: async () => version,
    });
    const { calls, load } = loader();
    await cache.getMany([1], load);
    clock = 99;
    await cache.getMany([1], load);
    expect(calls).toHaveLength(1);
    clock = 100;
    expect((await cache.getMany([1], load)).get(1)).toBe('v1-2');
    version = 2;
    expect((await cache.getMany([1], load)).get(1)).toBe('v1-3');
  });

  it('keeps what was loaded while the count moved as stale, never as current', async () => {
    let version = 1;
    const cache = sharedCache<number, string>({
      ttlMs: 60_000,
      max: 100,
      version: async () => version,
    });
    const { calls, load } = loader();
    await cache.getMany([1], async (missing) => {
      version = 2; // a write lands while the rows are read
      return load(missing);
    });
    await cache.getMany([1], load);
    expect(calls).toHaveLength(2);
  });

  it('drops the least recently used past its size, and keeps nothing without a ttl', async () => {
    const cache = sharedCache<number, string>({ ttlMs: 1000, max: 2, now: () => 0 });
    const { calls, load } = loader();
    await cache.getMany([1, 2], load);
    await cache.getMany([1], load); // 1 used after 2
    await cache.getMany([3], load); // 2 goes
    await cache.getMany([1, 3], load);
    expect(calls).toEqual([[1, 2], [3]]);
    await cache.getMany([2], load);
    expect(calls.at(-1)).toEqual([2]);

    const none = sharedCache<number, string>({ ttlMs: 0, max: 10 });
    const other = loader();
    await none.getMany([1], other.load);
    await none.getMany([1], other.load);
    expect(other.calls).toEqual([[1], [1]]);
  });
});
