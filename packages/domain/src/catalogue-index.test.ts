import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  buildCatalogueIndex,
  carrierCounts,
  carriersIn,
  centsBound,
  countMatching,
  indexCatalogue,
  narrowedCounts,
  rowsMatching,
  type IndexFilters,
} from './catalogue-index.ts';
import { facetCounts, type FilterAttribute } from './filters.ts';

type Product = { id: number; vendor: number; cents: number; values: number[] };

/** Values 1…12, of attributes 100 (1–4), 200 (5–8) and 300 (9–12). */
const VALUES = Array.from({ length: 12 }, (_, i) => i + 1);
const attributeOf = (value: number) => 100 * (Math.floor((value - 1) / 4) + 1);

function columnsOf(products: Product[]) {
  const sorted = [...products].sort((a, b) => a.id - b.id);
  const valueStart = new Int32Array(sorted.length + 1);
  const values: number[] = [];
  sorted.forEach((p, r) => {
    values.push(...[...new Set(p.values)].sort((a, b) => a - b).map((v) => v - 1));
    valueStart[r + 1] = values.length;
  });
  return {
    ids: Int32Array.from(sorted.map((p) => p.id)),
    vendors: Int32Array.from(sorted.map((p) => p.vendor)),
    cents: Float64Array.from(sorted.map((p) => p.cents)),
    valueStart,
    values: Int32Array.from(values),
    valueIds: Int32Array.from(VALUES),
    valueAttributes: Int32Array.from(VALUES.map(attributeOf)),
  };
}

const indexOf = (products: Product[]) => indexCatalogue(columnsOf(products));

/** The filters' rule, product by product (productConditions' in SQL). */
function passes(p: Product, f: IndexFilters) {
  if (f.vendor !== undefined && p.vendor !== f.vendor) return false;
  if (f.minCents !== undefined && p.cents < f.minCents) return false;
  if (f.maxCents !== undefined && p.cents > f.maxCents) return false;
  if (f.ids && !f.ids.includes(p.id)) return false;
  for (const a of new Set(f.attributes ?? []))
    if (!p.values.some((v) => attributeOf(v) === a)) return false;
  const known = (f.values ?? []).filter((v) => VALUES.includes(v));
  for (const a of new Set(known.map(attributeOf)))
    if (!p.values.some((v) => known.includes(v) && attributeOf(v) === a)) return false;
  return true;
}

const products = fc
  .uniqueArray(
    fc.record({
      id: fc.integer({ min: 1, max: 400 }),
      vendor: fc.integer({ min: 1, max: 4 }),
      cents: fc.integer({ min: 0, max: 2000 }),
      values: fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 6 }),
    }),
    { selector: (p) => p.id, maxLength: 120 },
  )
  .filter((list) => list.length > 0);

const filters: fc.Arbitrary<IndexFilters> = fc.record(
  {
    ids: fc.array(fc.integer({ min: 1, max: 400 }), { maxLength: 60 }),
    vendor: fc.integer({ min: 1, max: 5 }),
    minCents: fc.integer({ min: 0, max: 2000 }),
    maxCents: fc.integer({ min: 0, max: 2000 }),
    attributes: fc.array(fc.constantFrom(100, 200, 300, 400), { maxLength: 2 }),
    values: fc.array(fc.integer({ min: 1, max: 14 }), { maxLength: 5 }),
  },
  { requiredKeys: [] },
);

describe('the catalogue index', () => {
  it('is built the same in steps of a few rows as in one call, yielding between them', () => {
    fc.assert(
      fc.property(products, fc.integer({ min: 1, max: 9 }), (list, chunk) => {
        const steps = buildCatalogueIndex(columnsOf(list), chunk);
        let yields = 0;
        let step = steps.next();
        for (; !step.done; step = steps.next()) yields++;
        const whole = indexOf(list);
        expect(step.value).toEqual(whole);
        // Rows in price order, then row order.
        const byPrice = [...whole.ids.keys()].sort(
          (a, b) => whole.cents[a]! - whole.cents[b]! || a - b,
        );
        expect([...step.value.byPrice]).toEqual(byPrice);
        if (list.length > chunk) expect(yields).toBeGreaterThan(1);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves the products the filters leave, in id order, and counts them', () => {
    fc.assert(
      fc.property(products, filters, (list, f) => {
        const index = indexOf(list);
        const expected = list
          .filter((p) => passes(p, f))
          .map((p) => p.id)
          .sort((a, b) => a - b);
        expect([...rowsMatching(index, f)].map((r) => index.ids[r])).toEqual(expected);
        expect(countMatching(index, f)).toBe(expected.length);
      }),
      { numRuns: 400 },
    );
  });

  it("counts the panel by facetCounts' rule on the scope's carriers", () => {
    fc.assert(
      fc.property(
        products,
        filters,
        fc.array(fc.integer({ min: 1, max: 14 }), { maxLength: 5 }),
        (list, f, ticked) => {
          const index = indexOf(list);
          const scope = { ...f, values: undefined };
          const inScope = list.filter((p) => passes(p, scope));
          // The filtersAttributes shape of the scope: every value its carriers.
          const attributes: FilterAttribute[] = [100, 200, 300].map((a) => ({
            id: a,
            values: VALUES.filter((v) => attributeOf(v) === a).map((v) => ({
              id: v,
              attribute: a,
              products: inScope.filter((p) => p.values.includes(v)).map((p) => p.id),
            })),
          }));
          const untickedCounts = carrierCounts(index, scope);
          const carried = carriersIn(index, scope);
          for (const v of VALUES) {
            const products = attributes.flatMap((a) => a.values).find((x) => x.id === v)!.products;
            expect(untickedCounts[v - 1]).toBe(products.length);
            const rows = carried.rows.subarray(carried.start[v - 1], carried.start[v]);
            expect([...rows].map((r) => index.ids[r])).toEqual([...products].sort((a, b) => a - b));
          }
          const expected = facetCounts(attributes, ticked);
          const counts = narrowedCounts(index, scope, ticked);
          for (const v of VALUES) expect(counts[v - 1], `value ${v}`).toBe(expected.get(v));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('bounds prices in cents as the decimal the number is written as', () => {
    expect(centsBound(0.29, 'atMost')).toBe(29);
    expect(centsBound(0.29, 'atLeast')).toBe(29);
    expect(centsBound(12.345, 'atLeast')).toBe(1235);
    expect(centsBound(12.345, 'atMost')).toBe(1234);
    expect(centsBound(30, 'atMost')).toBe(3000);
    expect(centsBound(1e21, 'atLeast')).toBe(1e23);
    expect(centsBound(1e-7, 'atLeast')).toBe(1);
    expect(centsBound(1e-7, 'atMost')).toBe(0);
    expect(centsBound(-0.5, 'atMost')).toBe(-50);
    expect(centsBound(-0.001, 'atMost')).toBe(-1);
    expect(centsBound(-0.001, 'atLeast')).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        (cents, bound) => {
          // What numeric comparison of `cents / 100` with the bound's decimal says.
          const decimal = Number(String(bound));
          const price = cents / 100;
          // Equal decimals compare equal: only the clearly different ones are checked by floats.
          if (Math.abs(price - decimal) > 1e-9) {
            expect(cents >= centsBound(bound, 'atLeast')).toBe(price >= decimal);
            expect(cents <= centsBound(bound, 'atMost')).toBe(price <= decimal);
          }
        },
      ),
    );
  });
});
