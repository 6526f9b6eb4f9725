import { describe, expect, it } from 'vitest';
import { batchCache, ttlCache } from './ttl-cache.ts';

describe('ttlCache', () => {
  it('answers from the cache within the ttl and reloads after it', async () => {
    let clock = 0;
    let loads = 0;
    const cache = ttlCache<number>({ ttlMs: 100, max: 10, now: () => clock });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 99;
    expect(await cache.get('a', load)).toBe(1);
    clock = 100;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load between concurrent misses and forgets failures', async () => {
    let loads = 0;
    const cache = ttlCache<number>({ ttlMs: 1000, max: 10 });
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', async () => 7)).toBe(7);
  });

  it('reloads an entry once the version it was loaded under has changed', async () => {
    let version = 1;
    let loads = 0;
    const cache = ttlCache<number>({ ttlMs: 60_000, max: 10, version: async () => version });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    version = 2;
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
  });

  it('drops the oldest entry past its size', async () => {
    const cache = ttlCache<string>({ ttlMs: 1000, max: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
  });
});

describe('batchCache', () => {
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
    const cache = batchCache<number, string>({ ttlMs: 1000, max: 100, now: () => 0 });
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

  it('reloads after the ttl, or at once when the version moved', async () => {
    let clock = 0;
    let version = 1;
    const cache = batchCache<number, string>({
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

  it('keeps what was loaded while the version moved as stale, never as current', async () => {
    let version = 1;
    const cache = batchCache<number, string>({
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
    const cache = batchCache<number, string>({ ttlMs: 1000, max: 2, now: () => 0 });
    const { calls, load } = loader();
    await cache.getMany([1, 2], load);
    await cache.getMany([1], load); // 1 used after 2
    await cache.getMany([3], load); // 2 goes
    await cache.getMany([1, 3], load);
    expect(calls).toEqual([[1, 2], [3]]);
    await cache.getMany([2], load);
    expect(calls.at(-1)).toEqual([2]);

    const none = batchCache<number, string>({ ttlMs: 0, max: 10 });
    const other = loader();
    await none.getMany([1], other.load);
    await none.getMany([1], other.load);
    expect(other.calls).toEqual([[1], [1]]);
  });
});
