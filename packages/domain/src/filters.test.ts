import { describe, it, expect } from 'vitest';
import { facetCounts, productIdsMatching, type FilterAttribute } from './filters.ts';

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
