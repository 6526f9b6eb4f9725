import { describe, expect, it } from 'vitest';
import { ttlCache } from './ttl-cache.ts';

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
