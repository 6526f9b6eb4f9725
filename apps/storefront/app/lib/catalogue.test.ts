import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  appliedFilterCount,
  canonicalSearch,
  listSearch,
  readListState,
  withinRange,
} from './catalogue.ts';

const read = (query: string) => readListState(new URLSearchParams(query));

describe('product list state in the URL', () => {
  it('defaults to sorting by the products’ own order, page 1, no filters', () => {
    expect(read('')).toEqual({
      sort: 'sorting',
      page: 1,
      priceMin: undefined,
      priceMax: undefined,
      values: [],
      query: '',
    });
  });

  it('reads repeated and comma-separated values, deduplicated', () => {
    expect(read('values__id=3&values__id=1,3').values).toEqual([3, 1]);
  });

  it('drops malformed parts instead of failing', () => {
    expect(read('sort=bogus&page=0&price__gte=abc&price__lte=-5&values__id=x,2')).toMatchObject({
      sort: 'sorting',
      page: 1,
      priceMin: undefined,
      priceMax: undefined,
      values: [2],
    });
  });

  it('writes a canonical query: defaults left out, page 1 dropped, values sorted', () => {
    const state = read('values__id=5&values__id=2&sort=-price&page=3&price__gte=10');
    expect(listSearch(state)).toBe('?values__id=2&values__id=5&price__gte=10&sort=-price&page=3');
    expect(listSearch(state, { page: 1 })).toBe(
      '?values__id=2&values__id=5&price__gte=10&sort=-price',
    );
    expect(listSearch(read(''))).toBe('');
  });

  it('maps to the API query names', () => {
    expect(apiQuery(read('values__id=1,2&price__lte=50&sort=price&page=2'))).toEqual({
      sort: 'price',
      page: 2,
      price__lte: 50,
      values__id: [1, 2],
    });
  });
});

describe('canonical list URLs', () => {
  const range = { min: 4.9, max: 289 };

  it('drops price bounds at the ends of the full range (whole units, outward)', () => {
    expect(withinRange(read('price__gte=4&price__lte=289'), range)).toMatchObject({
      priceMin: undefined,
      priceMax: undefined,
    });
    expect(withinRange(read('price__gte=5&price__lte=288'), range)).toMatchObject({
      priceMin: 5,
      priceMax: 288,
    });
  });

  it('leaves defaults out of what a form without JavaScript sent, and keeps other parameters', () => {
    const sent = new URLSearchParams('sort=sorting&price__gte=4&price__lte=289&utm_source=mail');
    expect(canonicalSearch(sent, withinRange(readListState(sent), range))).toBe('?utm_source=mail');
    const chosen = new URLSearchParams('values__id=7&values__id=3&sort=price&page=1');
    expect(canonicalSearch(chosen, readListState(chosen))).toBe(
      '?values__id=3&values__id=7&sort=price',
    );
    expect(canonicalSearch(new URLSearchParams(''), read(''))).toBe('');
  });

  it('counts each ticked value and the price range as one filter', () => {
    expect(appliedFilterCount(read(''))).toBe(0);
    expect(appliedFilterCount(read('values__id=1,2&price__gte=10&price__lte=20'))).toBe(3);
  });
});
