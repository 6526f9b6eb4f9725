// The cache primitive tells its `onLookup` how each key was answered: what the metrics count as
// hits and misses of the page, card and shop-data caches (decision 0061).
import { describe, expect, it } from 'vitest';
import { sharedCache, type CacheSource } from './cache.ts';

function tally() {
  const counts = new Map<CacheSource, number>();
  const onLookup = (source: CacheSource, keys: number) =>
    counts.set(source, (counts.get(source) ?? 0) + keys);
  return { onLookup, counts: () => Object.fromEntries(counts) };
}

describe('cache lookups told to onLookup', () => {
  it('counts one key at a time: a load, then hits; a stale answer while another reloads', async () => {
    let clock = 0;
    const { onLookup, counts } = tally();
    const cache = sharedCache<string, number>({
      ttlMs: 100,
      staleMs: 100,
      now: () => clock,
      onLookup,
    });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('a', load);
    await cache.fetch('a', load);
    expect(counts()).toEqual({ load: 1, hit: 2 });
    clock = 150; // past its time, within the stale time: the caller that reloads is a load
    expect((await cache.fetch('a', load)).source).toBe('load');
    expect(counts()).toEqual({ load: 2, hit: 2 });
  });

  it('counts a batch per key: the kept ones as hits, the loaded ones as loads', async () => {
    const { onLookup, counts } = tally();
    const cache = sharedCache<number, string>({ ttlMs: 1000, now: () => 0, onLookup });
    const load = async (keys: number[]) => new Map(keys.map((k) => [k, `v${k}`]));
    await cache.getMany([1, 2, 3], load);
    expect(counts()).toEqual({ load: 3 });
    await cache.getMany([2, 3, 4, 5], load);
    expect(counts()).toEqual({ load: 5, hit: 2 });
  });

  it('counts a peek as a hit when kept, else bypass; a cache that keeps nothing as bypass', async () => {
    const { onLookup, counts } = tally();
    const cache = sharedCache<string, number>({ ttlMs: 1000, now: () => 0, onLookup });
    expect(await cache.peek('a')).toBeUndefined();
    await cache.get('a', async () => 1);
    expect(await cache.peek('a')).toBe(1);
    expect(counts()).toEqual({ bypass: 1, load: 1, hit: 1 });

    const off = tally();
    const none = sharedCache<number, number>({ ttlMs: 0, onLookup: off.onLookup });
    await none.get(1, async () => 1);
    await none.getMany([1, 2], async (keys) => new Map(keys.map((k) => [k, k])));
    expect(off.counts()).toEqual({ bypass: 3 });
  });
});
