import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '@shop/domain';
import { buildYielding, catalogueIndexKeeper, type LoadedIndex } from './catalogue-index.ts';

/** An index of `products` rows (no values), loaded under `version`. */
const indexOf = (products: number, version: number): LoadedIndex => ({
  version,
  index: indexCatalogue({
    ids: Int32Array.from({ length: products }, (_, i) => i + 1),
    vendors: new Int32Array(products),
    cents: new Float64Array(products),
    valueStart: new Int32Array(products + 1),
    values: new Int32Array(0),
    valueIds: new Int32Array(0),
    valueAttributes: new Int32Array(0),
  }),
});

/** A keeper over a change count the test moves, whose loads take `loadMs` of its clock. */
function keeperOf(loadMs: number, refreshMs = 0) {
  const state: { version: number; loads: number; clock: number; hold?: Promise<void> } = {
    version: 1,
    loads: 0,
    clock: 0,
  };
  const keeper = catalogueIndexKeeper({
    version: async () => state.version,
    load: async () => {
      state.loads++;
      const at = state.version;
      await state.hold;
      state.clock += loadMs;
      return indexOf(state.loads, at);
    },
    refreshMs,
    now: () => state.clock,
  });
  return { keeper, state };
}

describe('the catalogue index keeper', () => {
  it('answers nothing (SQL) until loaded, then the index, current until the count moves', async () => {
    const { keeper, state } = keeperOf(1000);
    expect(await keeper.answer()).toBeUndefined();
    await keeper.settled();
    expect(await keeper.answer()).toMatchObject({ current: true });
    expect(await keeper.cacheVersion()).toBe(3);
    state.version = 2;
    let release = () => {};
    state.hold = new Promise((resolve) => (release = resolve));
    // A slow load (a large catalogue): the stale index answers while the next one loads.
    const stale = await keeper.answer();
    expect(stale?.current).toBe(false);
    expect(stale?.index.ids.length).toBe(1);
    expect(await keeper.cacheVersion()).toBe(4);
    release();
    await keeper.settled();
    const fresh = await keeper.answer();
    expect(fresh?.current).toBe(true);
    expect(fresh?.index.ids.length).toBe(2);
    // The answers kept from the stale index are of another cache count: dropped.
    expect(await keeper.cacheVersion()).toBe(5);
    await keeper.close();
  });

  it('answers from SQL while a quickly loaded index is stale', async () => {
    const { keeper, state } = keeperOf(10);
    await keeper.answer();
    await keeper.settled();
    state.version = 2;
    expect(await keeper.answer()).toBeUndefined();
    await keeper.settled();
    expect(await keeper.answer()).toMatchObject({ current: true });
    await keeper.close();
  });

  it('loads again at most once per refreshMs, and not at all once closed', async () => {
    const { keeper, state } = keeperOf(1000, 60_000);
    await keeper.answer();
    await keeper.settled();
    state.version = 2;
    await keeper.answer();
    await keeper.answer();
    await keeper.settled();
    // Within refreshMs of the first load's start: the next one waits for its timer.
    expect(state.loads).toBe(1);
    await keeper.close();
    state.clock += 120_000;
    await keeper.answer();
    await keeper.settled();
    expect(state.loads).toBe(1);
  });
});

describe('building the index', () => {
  /** Columns of `products` rows, a value each, 7 vendors, prices out of order. */
  const columnsOf = (products: number) => ({
    ids: Int32Array.from({ length: products }, (_, i) => i + 1),
    vendors: Int32Array.from({ length: products }, (_, i) => i % 7),
    cents: Float64Array.from({ length: products }, (_, i) => (i * 7919) % 100_000),
    valueStart: Int32Array.from({ length: products + 1 }, (_, i) => i),
    values: Int32Array.from({ length: products }, (_, i) => i % 5),
    valueIds: Int32Array.from([1, 2, 3, 4, 5]),
    valueAttributes: Int32Array.from([1, 1, 2, 2, 3]),
  });
  /** The build's turns of the event loop, and whether a timer set before it fired during it. */
  async function build(products: number) {
    const columns = columnsOf(products);
    let timerFired = false;
    let firedDuring = false;
    setTimeout(() => (timerFired = true), 0);
    let turns = 0;
    const index = await buildYielding(columns, async () => {
      turns++;
      await new Promise((resolve) => setImmediate(resolve));
      firedDuring ||= timerFired;
    });
    expect(index).toEqual(indexCatalogue(columns));
    return { turns, firedDuring };
  }

  it('gives the event loop turns while it builds, more for a larger catalogue', async () => {
    const step = await build(65_536);
    const larger = await build(4 * 65_536);
    // A timer set before the build ran while it was under way: the loop was not held throughout.
    expect(larger.firedDuring).toBe(true);
    // Turns between chunks of rows, not only between phases: each phase's work stays small.
    expect(larger.turns).toBeGreaterThan(step.turns + 8);
  });

  it('stops between steps when asked', async () => {
    let turns = 0;
    const index = await buildYielding(
      indexOf(200_000, 1).index,
      async () => void turns++,
      () => turns >= 2,
    );
    expect(index).toBeUndefined();
    expect(turns).toBe(2);
  });
});
