/*
 * The listed products of a catalogue held in memory as columns (issue 26, decision 0085): the
 * list's filters and the filter panel's counts (`facetCounts`' rule) computed over typed arrays
 * instead of by the database. Pure: what loads the columns and when is the API's
 * (apps/api/src/lib/catalogue-index.ts).
 */

/** Every listed product (active, not a variation) as columns, one row per product. */
export type CatalogueColumns = {
  /** Product ids, ascending: a product's row is its position here. */
  ids: Int32Array;
  /** Each row's vendor id. */
  vendors: Int32Array;
  /** Each row's list price in cents (exact: prices have two decimals). */
  cents: Float64Array;
  /** Row r carries `values[valueStart[r]]` up to `values[valueStart[r + 1]]` (value numbers). */
  valueStart: Int32Array;
  values: Int32Array;
  /** Per value number (0, 1, …): its value id (ascending) and its attribute id. */
  valueIds: Int32Array;
  valueAttributes: Int32Array;
};

/** The columns with what answers a filter without reading every row. */
export type CatalogueIndex = CatalogueColumns & {
  /** Per value number, the rows carrying it, ascending: `carriers[carrierStart[v]…]`. */
  carrierStart: Int32Array;
  carriers: Int32Array;
  /** The rows in vendor order (then row order), and where each vendor's run is. */
  vendorRows: Int32Array;
  vendorRuns: Map<number, readonly [number, number]>;
  /** The rows in price order (then row order). */
  byPrice: Int32Array;
  /** Per value number, how many rows carry it (the panel nothing narrows). */
  everyCount: Int32Array;
  /** Value id → value number. */
  valueNumber: Map<number, number>;
};

/**
 * What the list's filters leave, in the index's terms: every one given must hold. `values`:
 * value ids, any of one attribute's and one of every ticked attribute (unknown ids ignored);
 * `attributes`: a value of each (an unknown attribute leaves nothing); `ids`: only these products;
 * prices in cents, both bounds included.
 */
export type IndexFilters = {
  ids?: readonly number[] | undefined;
  vendor?: number | undefined;
  minCents?: number | undefined;
  maxCents?: number | undefined;
  attributes?: readonly number[] | undefined;
  values?: readonly number[] | undefined;
};

/** Adds to the columns the runs and orders the filters use, in one call. */
export function indexCatalogue(columns: CatalogueColumns): CatalogueIndex {
  const steps = buildCatalogueIndex(columns, Infinity);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `indexCatalogue` in steps of about `chunk` rows' work each: the generator yields between them
 * and returns the index. At a million products the whole build holds a thread for about 200 ms
 * (bench/README.md); a process that answers requests meanwhile drives the steps with a turn of
 * its event loop between them (apps/api/src/lib/catalogue-index.ts).
 */
export function* buildCatalogueIndex(
  columns: CatalogueColumns,
  chunk = 65_536,
): Generator<void, CatalogueIndex, void> {
  const rows = columns.ids.length;
  const valueCount = columns.valueIds.length;
  const { valueStart, values, vendors } = columns;
  const everyCount = new Int32Array(valueCount);
  for (let from = 0; from < rows; from += chunk) {
    const end = valueStart[Math.min(rows, from + chunk)]!;
    for (let at = valueStart[from]!; at < end; at++) everyCount[values[at]!]!++;
    yield;
  }
  const carrierStart = new Int32Array(valueCount + 1);
  for (let v = 0; v < valueCount; v++) carrierStart[v + 1] = carrierStart[v]! + everyCount[v]!;
  const carriers = new Int32Array(values.length);
  const fill = carrierStart.slice(0, valueCount);
  for (let from = 0; from < rows; from += chunk) {
    for (let r = from; r < Math.min(rows, from + chunk); r++)
      for (let at = valueStart[r]!; at < valueStart[r + 1]!; at++)
        carriers[fill[values[at]!]!++] = r;
    yield;
  }
  // Vendor runs by counting (rows stay in order within a run), not by a comparison sort.
  const vendorCounts = new Map<number, number>();
  for (let from = 0; from < rows; from += chunk) {
    for (let r = from; r < Math.min(rows, from + chunk); r++)
      vendorCounts.set(vendors[r]!, (vendorCounts.get(vendors[r]!) ?? 0) + 1);
    yield;
  }
  const vendorRuns = new Map<number, readonly [number, number]>();
  const vendorFill = new Map<number, number>();
  let run = 0;
  for (const vendor of [...vendorCounts.keys()].sort((a, b) => a - b)) {
    const size = vendorCounts.get(vendor)!;
    vendorRuns.set(vendor, [run, run + size]);
    vendorFill.set(vendor, run);
    run += size;
  }
  const vendorRows = new Int32Array(rows);
  for (let from = 0; from < rows; from += chunk) {
    for (let r = from; r < Math.min(rows, from + chunk); r++) {
      const vendor = vendors[r]!;
      const at = vendorFill.get(vendor)!;
      vendorRows[at] = r;
      vendorFill.set(vendor, at + 1);
    }
    yield;
  }
  const byPrice = yield* priceOrder(columns.cents, chunk);
  const valueNumber = new Map<number, number>();
  for (let v = 0; v < valueCount; v++) valueNumber.set(columns.valueIds[v]!, v);
  return {
    ...columns,
    carrierStart,
    carriers,
    vendorRows,
    vendorRuns,
    byPrice,
    everyCount,
    valueNumber,
  };
}

/**
 * The rows in price order, then row order, yielding every `chunk` rows' work. Price and row
 * packed into one exact number where they fit in 53 bits (a million rows: prices up to €42
 * million) and sorted as numbers, several times faster than a comparison function: runs of
 * `chunk` sorted, then merged pairwise. Else compared, in one sort (prices in whole cents, what
 * the loader reads, always fit).
 */
function* priceOrder(cents: Float64Array, chunk: number): Generator<void, Int32Array, void> {
  const rows = cents.length;
  const order = new Int32Array(rows);
  const rowBits = 2 ** Math.ceil(Math.log2(rows + 1));
  let highest = 0;
  let whole = true;
  for (let from = 0; from < rows; from += chunk) {
    for (let r = from; r < Math.min(rows, from + chunk); r++) {
      const c = cents[r]!;
      highest = Math.max(highest, c);
      if (!(c >= 0 && Number.isInteger(c))) whole = false;
    }
    yield;
  }
  if (Number.isSafeInteger(highest * rowBits + rowBits) && whole) {
    let packed = new Float64Array(rows);
    for (let from = 0; from < rows; from += chunk) {
      const end = Math.min(rows, from + chunk);
      for (let r = from; r < end; r++) packed[r] = cents[r]! * rowBits + r;
      packed.subarray(from, end).sort();
      yield;
    }
    // Bottom-up merges of the sorted runs (the keys are distinct: each holds its row).
    let other = new Float64Array(rows);
    for (let width = Math.max(1, Math.min(chunk, rows)); width < rows; width *= 2) {
      let done = 0;
      for (let left = 0; left < rows; left += 2 * width) {
        const middle = Math.min(rows, left + width);
        const end = Math.min(rows, left + 2 * width);
        let i = left;
        let j = middle;
        for (let out = left; out < end; out++) {
          if (j >= end || (i < middle && packed[i]! < packed[j]!)) other[out] = packed[i++]!;
          else other[out] = packed[j++]!;
          if (++done >= chunk) {
            done = 0;
            yield;
          }
        }
      }
      [packed, other] = [other, packed];
      yield;
    }
    for (let from = 0; from < rows; from += chunk) {
      for (let i = from; i < Math.min(rows, from + chunk); i++) order[i] = packed[i]! % rowBits;
      yield;
    }
    return order;
  }
  for (let r = 0; r < rows; r++) order[r] = r;
  return order.sort((a, b) => cents[a]! - cents[b]! || a - b);
}

/**
 * A price bound as a whole number of cents, compared exactly as the database compares the
 * decimal the number is written as (`String(value)`, what the driver sends): the smallest number
 * of cents at least `value` (`'atLeast'`), or the largest at most it (`'atMost'`). Floating-point
 * arithmetic would not do: 0.29 * 100 is 28.999999999999996.
 */
export function centsBound(value: number, side: 'atLeast' | 'atMost'): number {
  if (!Number.isFinite(value)) return value;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new Error(`not a decimal: ${value}`);
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  // value = digits × 10^shift, in cents: × 10^(shift + 2).
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length + 2;
  let cents: bigint;
  let inexact = false;
  if (shift >= 0) cents = digits * 10n ** BigInt(shift);
  else {
    const unit = 10n ** BigInt(-shift);
    cents = digits / unit;
    inexact = digits % unit !== 0n;
  }
  const negative = sign === '-';
  // Truncated towards zero: one more cent away from zero where that is the bound's side.
  let result = negative ? -cents : cents;
  if (inexact && side === 'atLeast' && !negative) result += 1n;
  if (inexact && side === 'atMost' && negative) result -= 1n;
  return Number(result);
}

/** The ticked values the index knows, as value numbers grouped by attribute (order kept). */
export function tickedGroups(index: CatalogueIndex, valueIds: readonly number[]): number[][] {
  const groups = new Map<number, number[]>();
  for (const id of new Set(valueIds)) {
    const v = index.valueNumber.get(id);
    if (v === undefined) continue;
    const attribute = index.valueAttributes[v]!;
    const group = groups.get(attribute);
    if (group) group.push(v);
    else groups.set(attribute, [v]);
  }
  return [...groups.values()];
}

/** The last position in the ascending `sorted` (of `length`) whose key is below `key`, plus one. */
function lowerBound(length: number, keyAt: (i: number) => number, key: number) {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keyAt(mid) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The rows carrying any of `values` (value numbers), ascending, each once. */
function carriersOfAny(index: CatalogueIndex, values: readonly number[]): Int32Array {
  if (values.length === 1) {
    const v = values[0]!;
    return index.carriers.subarray(index.carrierStart[v], index.carrierStart[v + 1]);
  }
  let size = 0;
  for (const v of values) size += index.carrierStart[v + 1]! - index.carrierStart[v]!;
  const all = new Int32Array(size);
  let at = 0;
  for (const v of values) {
    const run = index.carriers.subarray(index.carrierStart[v], index.carrierStart[v + 1]);
    all.set(run, at);
    at += run.length;
  }
  all.sort();
  let kept = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i]!;
  return all.subarray(0, kept);
}

/**
 * Per index, a row stamp to visit each row of overlapping runs once without sorting them: the
 * functions here are synchronous, so one scratch array per index serves every call.
 */
const stamps = new WeakMap<CatalogueIndex, { stamp: Int32Array; generation: number }>();

/** A fresh stamp: `once(row)` is true the first time a row is seen under it. */
function oncePerRow(index: CatalogueIndex): (row: number) => boolean {
  let scratch = stamps.get(index);
  if (!scratch) {
    scratch = { stamp: new Int32Array(index.ids.length), generation: 0 };
    stamps.set(index, scratch);
  }
  if (scratch.generation === 0x7fffffff) {
    scratch.stamp.fill(0);
    scratch.generation = 0;
  }
  const generation = ++scratch.generation;
  const stamp = scratch.stamp;
  return (row) => {
    if (stamp[row] === generation) return false;
    stamp[row] = generation;
    return true;
  };
}

/** Calls `each` for every row carrying any of `values`, once, in no particular order. */
function visitCarriers(
  index: CatalogueIndex,
  values: readonly number[],
  each: (row: number) => void,
) {
  const once = values.length > 1 ? oncePerRow(index) : () => true;
  for (const v of values)
    for (let at = index.carrierStart[v]!; at < index.carrierStart[v + 1]!; at++) {
      const row = index.carriers[at]!;
      if (once(row)) each(row);
    }
}

/**
 * A test of one row against the filters, and the fewest rows that can pass it: in row order
 * (`candidates`, null: every row), or in any order (`visit`, for counting: nothing is sorted).
 */
type Plan = {
  test: (row: number) => boolean;
  candidates: () => Int32Array | null;
  /** Calls `each` for every row that passes, once, in no particular order. */
  visit: (each: (row: number) => void) => void;
};

/**
 * How to find the rows `filters` leave: the smallest of the runs a filter names (the search's
 * products, the vendor's, a ticked attribute's carriers, a price range) is read, each of its rows
 * tested against every filter; when even the smallest is a large part of the catalogue, every row
 * is tested in order (`candidates` null).
 */
function plan(index: CatalogueIndex, filters: IndexFilters): Plan {
  const rows = index.ids.length;
  const { vendors, cents, valueStart, values, valueAttributes } = index;
  const groups = filters.values ? tickedGroups(index, filters.values) : [];
  const attributes = [...new Set(filters.attributes ?? [])];
  const valueCount = index.valueIds.length;
  // Per value number, which group (1, 2, …) it belongs to; 0: none.
  const groupOf = new Int32Array(groups.length ? valueCount : 0);
  groups.forEach((group, g) => {
    for (const v of group) groupOf[v] = g + 1;
  });
  const attributeSlot = new Map(attributes.map((a, i) => [a, i]));
  const groupSeen = new Int32Array(groups.length).fill(-1);
  const attributeSeen = new Int32Array(attributes.length).fill(-1);
  const idSet = filters.ids ? new Set(filters.ids) : null;
  const { vendor, minCents, maxCents } = filters;
  const test = (row: number) => {
    if (vendor !== undefined && vendors[row] !== vendor) return false;
    if (minCents !== undefined && !(cents[row]! >= minCents)) return false;
    if (maxCents !== undefined && !(cents[row]! <= maxCents)) return false;
    if (idSet && !idSet.has(index.ids[row]!)) return false;
    if (groups.length === 0 && attributes.length === 0) return true;
    let groupHits = 0;
    let attributeHits = 0;
    for (let at = valueStart[row]!; at < valueStart[row + 1]!; at++) {
      const v = values[at]!;
      if (groups.length) {
        const g = groupOf[v]! - 1;
        if (g >= 0 && groupSeen[g] !== row) {
          groupSeen[g] = row;
          groupHits++;
        }
      }
      if (attributes.length) {
        const slot = attributeSlot.get(valueAttributes[v]!);
        if (slot !== undefined && attributeSeen[slot] !== row) {
          attributeSeen[slot] = row;
          attributeHits++;
        }
      }
    }
    return groupHits === groups.length && attributeHits === attributes.length;
  };
  type Source = {
    size: number;
    rows: () => Int32Array;
    each: (visit: (row: number) => void) => void;
  };
  const sources: Source[] = [];
  if (filters.ids) {
    const ids = filters.ids;
    sources.push({
      size: ids.length,
      rows: () => {
        const found: number[] = [];
        for (const id of ids) {
          const row = lowerBound(rows, (i) => index.ids[i]!, id);
          if (index.ids[row] === id) found.push(row);
        }
        return Int32Array.from(new Set(found)).sort();
      },
      each: (visit) => {
        const once = oncePerRow(index);
        for (const id of ids) {
          const row = lowerBound(rows, (i) => index.ids[i]!, id);
          if (index.ids[row] === id && once(row)) visit(row);
        }
      },
    });
  }
  if (vendor !== undefined) {
    const [start, end] = index.vendorRuns.get(vendor) ?? [0, 0];
    // The vendor's rows are in row order within its run.
    sources.push({
      size: end - start,
      rows: () => index.vendorRows.subarray(start, end),
      each: (visit) => {
        for (let at = start; at < end; at++) visit(index.vendorRows[at]!);
      },
    });
  }
  for (const group of groups) {
    let size = 0;
    for (const v of group) size += index.carrierStart[v + 1]! - index.carrierStart[v]!;
    sources.push({
      size,
      rows: () => carriersOfAny(index, group),
      each: (visit) => visitCarriers(index, group, visit),
    });
  }
  if (minCents !== undefined || maxCents !== undefined) {
    const priceAt = (i: number) => cents[index.byPrice[i]!]!;
    const start = minCents === undefined ? 0 : lowerBound(rows, priceAt, minCents);
    const end =
      maxCents === undefined ? rows : lowerBound(rows, (i) => (priceAt(i) <= maxCents ? 0 : 1), 1);
    sources.push({
      size: Math.max(0, end - start),
      rows: () => index.byPrice.slice(start, Math.max(start, end)).sort(),
      each: (visit) => {
        for (let at = start; at < end; at++) visit(index.byPrice[at]!);
      },
    });
  }
  const smallest = sources.reduce<Source | undefined>(
    (best, source) => (best === undefined || source.size < best.size ? source : best),
    undefined,
  );
  // Past an eighth of the catalogue, testing every row in order costs less than gathering.
  return {
    test,
    candidates: () => (smallest && smallest.size * 8 < rows ? smallest.rows() : null),
    visit: (each) => {
      // A run of a quarter of the catalogue or more (a wide price range) read out of row order
      // misses the cache on every row: every row in order costs less then.
      if (smallest && smallest.size * 4 < rows)
        smallest.each((row) => {
          if (test(row)) each(row);
        });
      else for (let row = 0; row < rows; row++) if (test(row)) each(row);
    },
  };
}

/** Calls `each` for every row the filters leave, in ascending row order. */
function forEachRow(index: CatalogueIndex, filters: IndexFilters, each: (row: number) => void) {
  const { test, candidates } = plan(index, filters);
  const rows = candidates();
  if (rows) {
    for (const row of rows) if (test(row)) each(row);
  } else {
    for (let row = 0; row < index.ids.length; row++) if (test(row)) each(row);
  }
}

/** The rows the filters leave, ascending (so their product ids are ascending too). */
export function rowsMatching(index: CatalogueIndex, filters: IndexFilters): Int32Array {
  const found: number[] = [];
  forEachRow(index, filters, (row) => found.push(row));
  return Int32Array.from(found);
}

/** How many products the filters leave. */
export function countMatching(index: CatalogueIndex, filters: IndexFilters): number {
  let n = 0;
  plan(index, filters).visit(() => n++);
  return n;
}

/** Whether the filters name nothing (every listed product). */
const everything = (f: IndexFilters) =>
  f.ids === undefined &&
  f.vendor === undefined &&
  f.minCents === undefined &&
  f.maxCents === undefined &&
  !f.attributes?.length &&
  !f.values?.length;

/** Per value number, how many of the rows the filters leave carry it. */
export function carrierCounts(index: CatalogueIndex, filters: IndexFilters): Int32Array {
  if (everything(filters)) return index.everyCount.slice();
  const counts = new Int32Array(index.valueIds.length);
  const { valueStart, values } = index;
  plan(index, filters).visit((row) => {
    for (let at = valueStart[row]!; at < valueStart[row + 1]!; at++) counts[values[at]!]!++;
  });
  return counts;
}

/**
 * Per value number, the rows the filters leave that carry it, ascending: `rows[start[v]…]`.
 */
export function carriersIn(
  index: CatalogueIndex,
  filters: IndexFilters,
): { start: Int32Array; rows: Int32Array } {
  const valueCount = index.valueIds.length;
  if (everything(filters)) return { start: index.carrierStart, rows: index.carriers };
  const matching = rowsMatching(index, filters);
  const { valueStart, values } = index;
  const start = new Int32Array(valueCount + 1);
  for (const row of matching)
    for (let at = valueStart[row]!; at < valueStart[row + 1]!; at++) start[values[at]! + 1]!++;
  for (let v = 0; v < valueCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, valueCount);
  const rows = new Int32Array(start[valueCount]!);
  for (const row of matching)
    for (let at = valueStart[row]!; at < valueStart[row + 1]!; at++)
      rows[fill[values[at]!]!++] = row;
  return { start, rows };
}

/** Per index, a byte per row (`maskedCounts`), all 0 between calls. */
const masks = new WeakMap<CatalogueIndex, Uint8Array>();

/**
 * `narrowedCounts` for up to 7 ticked attributes: bit g of a row's byte says it carries a ticked
 * value of group g, bit 7 that the scope leaves it. A value of the attribute of group g counts
 * the carriers with every bit but g's (and the scope's), any other value those with every bit.
 * Reads each value's carriers in order once: no row's values are read, nothing is sorted.
 */
function maskedCounts(
  index: CatalogueIndex,
  scope: IndexFilters,
  groups: readonly (readonly number[])[],
): Int32Array {
  const rows = index.ids.length;
  const mask = masks.get(index) ?? new Uint8Array(rows);
  masks.set(index, mask);
  const { carrierStart, carriers, valueAttributes } = index;
  const valueCount = index.valueIds.length;
  const scoped =
    scope.ids !== undefined ||
    scope.vendor !== undefined ||
    scope.minCents !== undefined ||
    scope.maxCents !== undefined ||
    Boolean(scope.attributes?.length);
  const SCOPE = 0x80;
  if (scoped) plan(index, scope).visit((row) => (mask[row] = mask[row]! | SCOPE));
  const bitOfAttribute = new Map<number, number>();
  groups.forEach((group, g) => {
    bitOfAttribute.set(valueAttributes[group[0]!]!, 1 << g);
    for (const v of group)
      for (let at = carrierStart[v]!; at < carrierStart[v + 1]!; at++) {
        const row = carriers[at]!;
        mask[row] = mask[row]! | (1 << g);
      }
  });
  const full = ((1 << groups.length) - 1) | (scoped ? SCOPE : 0);
  const counts = new Int32Array(valueCount);
  for (let v = 0; v < valueCount; v++) {
    const need = full & ~(bitOfAttribute.get(valueAttributes[v]!) ?? 0);
    let n = 0;
    if (need === 0) n = carrierStart[v + 1]! - carrierStart[v]!;
    else
      for (let at = carrierStart[v]!; at < carrierStart[v + 1]!; at++)
        if ((mask[carriers[at]!]! & need) === need) n++;
    counts[v] = n;
  }
  // Back to all 0 for the next call.
  if (scoped) plan(index, scope).visit((row) => (mask[row] = 0));
  for (const group of groups)
    for (const v of group)
      for (let at = carrierStart[v]!; at < carrierStart[v + 1]!; at++) mask[carriers[at]!] = 0;
  return counts;
}

/** At most how many rows the filters' smallest run holds (every row when they name none). */
function estimatedSize(index: CatalogueIndex, filters: IndexFilters): number {
  let size = index.ids.length;
  if (filters.ids) size = Math.min(size, filters.ids.length);
  if (filters.vendor !== undefined) {
    const [start, end] = index.vendorRuns.get(filters.vendor) ?? [0, 0];
    size = Math.min(size, end - start);
  }
  return size;
}

/**
 * Per value number, how many products ticking it would list, by `facetCounts`' rule, among the
 * rows `scope` leaves (its `values` ignored), with `ticked` value ids applied: a row counts for a
 * value of attribute X when it carries the value and a ticked value of every *other* ticked
 * attribute. A row missing two ticked attributes counts for nothing, one missing attribute only
 * for that attribute's values: only the carriers of the two least carried ticked attributes can
 * count, and only they are read when they are fewer than the scope's rows.
 */
export function narrowedCounts(
  index: CatalogueIndex,
  scope: IndexFilters,
  ticked: readonly number[],
): Int32Array {
  const groups = tickedGroups(index, ticked);
  const inScope = { ...scope, values: undefined };
  if (groups.length === 0) return carrierCounts(index, inScope);
  // Two ticked attributes or more in a wide scope (every product, a price range): per value, its
  // carriers tested against a byte per row of which ticked attributes the row matches. A narrow one (a vendor, a search): its
  // rows, each with its values, below.
  if (
    groups.length >= 2 &&
    groups.length <= 7 &&
    estimatedSize(index, inScope) * 4 >= index.values.length
  )
    return maskedCounts(index, inScope, groups);
  const valueCount = index.valueIds.length;
  const counts = new Int32Array(valueCount);
  const groupOf = new Int32Array(valueCount);
  groups.forEach((group, g) => {
    for (const v of group) groupOf[v] = g + 1;
  });
  // Per attribute of a ticked group, that group's number (1, 2, …).
  const groupOfAttribute = new Map(
    groups.map((group, g) => [index.valueAttributes[group[0]!]!, g]),
  );
  const seen = new Int32Array(groups.length).fill(-1);
  const { valueStart, values, valueAttributes } = index;
  const count = (row: number) => {
    let hits = 0;
    let missing = -1;
    for (let at = valueStart[row]!; at < valueStart[row + 1]!; at++) {
      const g = groupOf[values[at]!]! - 1;
      if (g >= 0 && seen[g] !== row) {
        seen[g] = row;
        hits++;
      }
    }
    if (hits < groups.length - 1) return;
    if (hits === groups.length - 1)
      for (let g = 0; g < groups.length; g++) if (seen[g] !== row) missing = g;
    for (let at = valueStart[row]!; at < valueStart[row + 1]!; at++) {
      const v = values[at]!;
      if (missing === -1 || groupOfAttribute.get(valueAttributes[v]!) === missing) counts[v]!++;
    }
  };
  const scope_ = plan(index, inScope);
  if (groups.length === 1) {
    // One ticked attribute X: its own values count every carrier in the scope (nothing else is
    // ticked), the others only the carriers of X's ticked values.
    const own = carrierCounts(index, inScope);
    const ownAttribute = valueAttributes[groups[0]![0]!]!;
    visitCarriers(index, groups[0]!, (row) => {
      if (!scope_.test(row)) return;
      for (let at = valueStart[row]!; at < valueStart[row + 1]!; at++) {
        const v = values[at]!;
        if (valueAttributes[v] !== ownAttribute) counts[v]!++;
      }
    });
    for (let v = 0; v < valueCount; v++)
      if (valueAttributes[v] === ownAttribute) counts[v] = own[v]!;
    return counts;
  }
  // Rows missing at most one ticked attribute carry one of any two of them: the carriers of the
  // two least carried, or the scope's rows when fewer.
  const sizes = groups
    .map((group) => ({
      group,
      size: group.reduce((n, v) => n + index.carrierStart[v + 1]! - index.carrierStart[v]!, 0),
    }))
    .sort((a, b) => a.size - b.size);
  const fewest = sizes[0]!.size + sizes[1]!.size;
  const scopeSize = estimatedSize(index, inScope);
  if (fewest <= scopeSize)
    visitCarriers(index, [...sizes[0]!.group, ...sizes[1]!.group], (row) => {
      if (scope_.test(row)) count(row);
    });
  else scope_.visit(count);
  return counts;
}
