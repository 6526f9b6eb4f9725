import { describe, it, expect } from 'vitest';
import {
  facetCounts,
  clampPriceRange,
  inPriceRange,
  narrowProducts,
  productIdsMatching,
  resetPriceRange,
  type FilterAttribute,
  type PriceRange,
} from './filters.ts';

// Attribute 1 = colour (values 11 red, 12 blue), attribute 2 = size (values 21 S, 22 M).
const products = [
  {
    id: 1,
    values: [
      { id: 11, attribute: 1 },
      { id: 21, attribute: 2 },
    ],
  },
  {
    id: 2,
    values: [
      { id: 12, attribute: 1 },
      { id: 21, attribute: 2 },
    ],
  },
  {
    id: 3,
    values: [
      { id: 11, attribute: 1 },
      { id: 22, attribute: 2 },
    ],
  },
  { id: 4, values: [{ id: 22, attribute: 2 }] },
  { id: 5, values: [] },
];
const valueToAttribute = new Map([
  [11, 1],
  [12, 1],
  [21, 2],
  [22, 2],
]);
const asRecord: Record<number, number> = { 11: 1, 12: 1, 21: 2, 22: 2 };

const filtersAttributes: FilterAttribute[] = [
  {
    id: 1,
    title: 'Colour',
    values: [
      { id: 11, attribute: 1, products: [1, 3] },
      { id: 12, attribute: 1, products: [2] },
    ],
  },
  {
    id: 2,
    title: 'Size',
    values: [
      { id: 21, attribute: 2, products: [1, 2] },
      { id: 22, products: [3, 4] },
    ],
  },
];

const cases: [string, number[], number[] | null][] = [
  ['empty filter → all', [], null],
  ['one value', [11], [1, 3]],
  ['"Values of the same attribute are combined (any of)"', [11, 12], [1, 2, 3]],
  ['"different attributes are intersected"', [11, 21], [1]],
  ['any-of inside, intersection across', [11, 12, 22], [3]],
  ['no product matches', [12, 22], []],
  ['duplicate ids are harmless', [11, 11], [1, 3]],
];

describe('narrowProducts', () => {
  it.each(cases)('%s (Map lookup)', (_name, applied, ids) => {
    const expected = ids ?? products.map((p) => p.id);
    expect(narrowProducts(products, applied, valueToAttribute).map((p) => p.id)).toEqual(expected);
  });

  it.each(cases)('%s (Record lookup)', (_name, applied, ids) => {
    const expected = ids ?? products.map((p) => p.id);
    expect(narrowProducts(products, applied, asRecord).map((p) => p.id)).toEqual(expected);
  });

  it.each<[string, number[], number[]]>([
    ['attribute found on the products when the lookup misses it', [11, 12], [1, 2, 3]],
    ['unknown value id with no product forms its own group', [11, 99], []],
  ])('%s', (_name, applied, ids) => {
    expect(narrowProducts(products, applied, new Map()).map((p) => p.id)).toEqual(ids);
  });
});

describe('productIdsMatching — filtersAttributes shape', () => {
  it.each(cases)('%s', (_name, applied, ids) => {
    const result = productIdsMatching(filtersAttributes, applied);
    expect(result === null ? null : [...result].sort((a, b) => a - b)).toEqual(ids);
  });

  it.each<[string, number[], number[] | null]>([
    [
      'value without attribute field uses its parent attribute (any of with its sibling)',
      [22, 21],
      [1, 2, 3, 4],
    ],
    ['stale value ids alone mean no filter', [999], null],
    ['stale value ids are ignored next to real ones', [999, 12], [2]],
  ])('%s', (_name, applied, ids) => {
    const result = productIdsMatching(filtersAttributes, applied);
    expect(result === null ? null : [...result].sort((a, b) => a - b)).toEqual(ids);
  });
});

describe('price range — "Resetting the price range returns to the full range"', () => {
  it('resetPriceRange returns a copy of the full range', () => {
    const full = { min: 1.5, max: 99.99 };
    const reset = resetPriceRange(full);
    expect(reset).toEqual(full);
    expect(reset).not.toBe(full);
  });

  it.each<[string, PriceRange, PriceRange, PriceRange]>([
    ['inside stays', { min: 10, max: 20 }, { min: 0, max: 100 }, { min: 10, max: 20 }],
    ['below min is raised', { min: -5, max: 20 }, { min: 0, max: 100 }, { min: 0, max: 20 }],
    ['above max is lowered', { min: 10, max: 500 }, { min: 0, max: 100 }, { min: 10, max: 100 }],
    ['reversed is swapped', { min: 50, max: 10 }, { min: 0, max: 100 }, { min: 10, max: 50 }],
    [
      'entirely outside collapses to the edge',
      { min: 200, max: 300 },
      { min: 0, max: 100 },
      { min: 100, max: 100 },
    ],
    [
      'infinite bounds clamp',
      { min: -Infinity, max: Infinity },
      { min: 1, max: 9 },
      { min: 1, max: 9 },
    ],
  ])('clampPriceRange: %s', (_name, current, full, expected) => {
    expect(clampPriceRange(current, full)).toEqual(expected);
  });

  it.each<[number, PriceRange, boolean]>([
    [10, { min: 10, max: 20 }, true],
    [20, { min: 10, max: 20 }, true],
    [20.01, { min: 10, max: 20 }, false],
    [9.99, { min: 10, max: 20 }, false],
    [0.1 + 0.2, { min: 0.3, max: 0.3 }, true],
  ])('inPriceRange(%s, %j) → %s', (price, range, ok) => {
    expect(inPriceRange(price, range)).toBe(ok);
  });
});

describe('facetCounts: what ticking a value would show', () => {
  const attrs = [
    {
      id: 1,
      values: [
        { id: 10, attribute: 1, products: [1, 2, 3] },
        { id: 11, attribute: 1, products: [4, 5] },
      ],
    },
    {
      id: 2,
      values: [
        { id: 20, attribute: 2, products: [1, 4] },
        { id: 21, attribute: 2, products: [2, 3, 5] },
      ],
    },
  ];

  it('without choices, each value counts all its products', () => {
    expect(Object.fromEntries(facetCounts(attrs, []))).toEqual({ 10: 3, 11: 2, 20: 2, 21: 3 });
  });

  it("values of the same attribute are not narrowed by their sibling's choice (any-of)", () => {
    const counts = facetCounts(attrs, [10]);
    expect(counts.get(11)).toBe(2);
    // Different attributes intersect: value 20 with value 10 chosen leaves product 1.
    expect(counts.get(20)).toBe(1);
    expect(counts.get(21)).toBe(2);
  });
});
