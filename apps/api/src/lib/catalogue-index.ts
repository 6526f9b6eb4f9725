// The in-process catalogue index (issue 26, decision 0085): every listed product's id, vendor,
// list price and values in typed arrays (packages/domain catalogue-index.ts), so that a filter
// nobody asked for in the last minute is counted in memory, not by the database. Loaded off the
// request path, again after a catalogue change (the shop data change count) at most once per
// `refreshMs`; the index it replaces answers meanwhile, and the SQL path before the first one.
import { sql } from 'drizzle-orm';
import { buildCatalogueIndex, type CatalogueColumns, type CatalogueIndex } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import { rowsOf } from '#api/db/rows.ts';

/** Products read per statement while loading: each batch is parsed between requests (at 20,000
 * a batch held the event loop 15–40 ms at 1M on the shared machine, bench/README.md). */
const BATCH = 5_000;

/** An Int32Array or Float64Array that grows as rows are added. */
function growing<T extends Int32Array | Float64Array>(make: (n: number) => T) {
  let data = make(1024);
  let length = 0;
  return {
    push(value: number) {
      if (length === data.length) {
        const bigger = make(data.length * 2);
        bigger.set(data);
        data = bigger;
      }
      data[length++] = value;
    },
    get length() {
      return length;
    },
    /** The values in an array of their size; the growing one is let go (a reload's peak). */
    done(): T {
      const exact = data.slice(0, length) as T;
      data = make(0);
      length = 0;
      return exact;
    },
  };
}

/** A turn of the event loop: the requests that came meanwhile are served. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Builds the index from the columns in steps (`buildCatalogueIndex`), `turn` awaited between
 * them: at 1M products the build is about 200 ms of work, in steps of a few ms each (decision
 * 0085). Undefined when `stopped` (asked between steps).
 */
export async function buildYielding(
  columns: CatalogueColumns,
  turn: () => Promise<void> = nextTurn,
  stopped: () => boolean = () => false,
): Promise<CatalogueIndex | undefined> {
  const steps = buildCatalogueIndex(columns);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
    if (stopped()) return undefined;
  }
}

/** What a load read: the index, and the shop data change count it was read at. */
export type LoadedIndex = { index: CatalogueIndex; version: number };

/**
 * Reads every listed product into an index. The change count is read first: a change committed
 * while the batches are read leaves the index under an older count, so it is loaded again.
 * `stopped`: asked between batches (the app closing), then nothing is returned.
 */
export async function loadCatalogueIndex(
  db: Database,
  version: () => Promise<number>,
  stopped: () => boolean = () => false,
): Promise<LoadedIndex | undefined> {
  const at = await version();
  const values = rowsOf<{ id: number; attribute: number }>(
    await db.execute(sql`SELECT id, attribute_id AS attribute FROM attribute_values ORDER BY id`),
  );
  const valueIds = Int32Array.from(values, (v) => Number(v.id));
  const valueAttributes = Int32Array.from(values, (v) => Number(v.attribute));
  const valueNumber = new Map<number, number>();
  valueIds.forEach((id, n) => valueNumber.set(id, n));
  const ids = growing((n) => new Int32Array(n));
  const vendors = growing((n) => new Int32Array(n));
  const cents = growing((n) => new Float64Array(n));
  const valueStart = growing((n) => new Int32Array(n));
  const carried = growing((n) => new Int32Array(n));
  valueStart.push(0);
  for (let after = 0; ;) {
    if (stopped()) return undefined;
    // The list's own condition (the predicate of its partial indexes), in id order by the
    // primary key; the values as the text of the array, parsed below.
    const rows = rowsOf<{ id: number; vendor: number; cents: number | string; v: string }>(
      await db.execute(sql`
        SELECT id, vendor_id AS vendor, (price * 100)::float8 AS cents, value_ids::text AS v
        FROM products
        WHERE active AND parent_id IS NULL AND id > ${after}
        ORDER BY id LIMIT ${BATCH}`),
    );
    for (const row of rows) {
      ids.push(Number(row.id));
      vendors.push(Number(row.vendor));
      cents.push(Number(row.cents));
      const text = row.v;
      // `{3,8,15}`: kept ascending by the triggers of migration 0024.
      for (let start = 1; start < text.length - 1;) {
        let end = text.indexOf(',', start);
        if (end === -1) end = text.length - 1;
        const v = valueNumber.get(Number(text.slice(start, end)));
        if (v !== undefined) carried.push(v);
        start = end + 1;
      }
      valueStart.push(carried.length);
    }
    if (rows.length < BATCH) break;
    after = Number(rows.at(-1)!.id);
    // The next batch after the requests that came meanwhile.
    await nextTurn();
  }
  const index = await buildYielding(
    {
      ids: ids.done(),
      vendors: vendors.done(),
      cents: cents.done(),
      valueStart: valueStart.done(),
      values: carried.done(),
      valueIds,
      valueAttributes,
    },
    nextTurn,
    stopped,
  );
  return index && { version: at, index };
}

/** Below this load time, SQL answers while the index is stale (KeeperOptions). */
const SQL_WHILE_STALE_BELOW_MS = 1000;

/** The index to answer from, and whether it is of the current change count. */
export type IndexAnswer = { index: CatalogueIndex; current: boolean };

export type CatalogueIndexKeeper = {
  /**
   * The index, current or not (a newer one is then being loaded, or will be within `refreshMs`);
   * undefined before the first load has finished, or while a small catalogue's index is stale:
   * answer from SQL.
   */
  answer(): Promise<IndexAnswer | undefined>;
  /**
   * The change count for caches of answers that come from the index: twice the shop data count,
   * plus one once the index is of that count. An answer kept from a stale index (or from SQL
   * before the first load) is then dropped as the current index arrives, not kept a minute.
   */
  cacheVersion(): Promise<number>;
  /** Loads the index now (after the load under way) and waits for it: tests. */
  refresh(): Promise<void>;
  /** The last load: its size and how long it took (the metrics); undefined before one. */
  last(): { products: number; ms: number } | undefined;
  /** Waits for the load under way, if any (tests). */
  settled(): Promise<void>;
  /** Stops loading (the app closing); waits for a load under way to stop. */
  close(): Promise<void>;
};

export type KeeperOptions = {
  /** Loads an index (`loadCatalogueIndex`); undefined when stopped. */
  load: (stopped: () => boolean) => Promise<LoadedIndex | undefined>;
  /** The shop data change count (plugins/shop-data.ts), read at most once a second. */
  version: () => Promise<number>;
  /** The least time between the starts of two loads. */
  refreshMs: number;
  /**
   * While the index is stale, SQL answers instead when the last load took less than this
   * (a small catalogue); a larger one's stale index answers until the next load.
   */
  sqlWhileStaleBelowMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
  /** Told each load's time and size (the log). */
  onLoaded?: (loaded: LoadedIndex, ms: number) => void;
};

/** Keeps one index per process, loaded again off the request path after catalogue changes. */
export function catalogueIndexKeeper(options: KeeperOptions): CatalogueIndexKeeper {
  const now = options.now ?? Date.now;
  let built: LoadedIndex | undefined;
  let building: Promise<void> | undefined;
  let lastStart = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let lastLoad: { products: number; ms: number } | undefined;
  /** Starts a load unless one is under way (or the app is closing); the load under way. */
  const start = (): Promise<void> | undefined => {
    if (building || closed) return building;
    lastStart = now();
    const started = now();
    building = options
      .load(() => closed)
      .then(
        (loaded) => {
          if (!loaded || closed) return;
          built = loaded;
          lastLoad = { products: loaded.index.ids.length, ms: now() - started };
          options.onLoaded?.(loaded, lastLoad.ms);
        },
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        building = undefined;
      });
    return building;
  };
  /** A load now, or once `refreshMs` has passed since the last one started. */
  const schedule = () => {
    if (building || timer || closed) return;
    const wait = lastStart + options.refreshMs - now();
    if (wait <= 0) void start();
    else {
      timer = setTimeout(() => {
        timer = undefined;
        void start();
      }, wait);
      timer.unref();
    }
  };
  return {
    async answer() {
      const version = await options.version();
      if (!built) {
        schedule();
        return undefined;
      }
      const current = built.version === version;
      if (current) return { index: built.index, current };
      schedule();
      // A catalogue loaded this fast is cheap to ask SQL about too: a change shows at once (a
      // staff edit, then its page) instead of after the next load.
      if ((lastLoad?.ms ?? Infinity) < (options.sqlWhileStaleBelowMs ?? SQL_WHILE_STALE_BELOW_MS))
        return undefined;
      return { index: built.index, current };
    },
    async cacheVersion() {
      const version = await options.version();
      return version * 2 + (built?.version === version ? 1 : 0);
    },
    async refresh() {
      while (building) await building;
      await start();
    },
    last: () => lastLoad,
    async settled() {
      while (building) await building;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await building;
    },
  };
}
