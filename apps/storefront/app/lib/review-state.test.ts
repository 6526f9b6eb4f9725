import { describe, expect, it } from 'vitest';
import { readDeleteParam, readReviewState, reviewStateQuery } from './review-state.ts';

const read = (query: string, prefix?: string) =>
  readReviewState(new URLSearchParams(query), prefix);

describe('a list of reviews in the URL', () => {
  it('defaults to page 1 and the spec’s sorting (creation_date)', () => {
    expect(read('')).toEqual({ page: 1, sorting: 'creation_date' });
  });

  it('drops a malformed page or sorting to its default instead of failing', () => {
    expect(read('page=0&sorting=stars')).toEqual({ page: 1, sorting: 'creation_date' });
    expect(read('page=2.5&sorting=-rating')).toEqual({ page: 1, sorting: '-rating' });
    expect(read('page=3&sorting=rating')).toEqual({ page: 3, sorting: 'rating' });
  });

  it('reads its own parameters under a prefix (the product page)', () => {
    expect(read('page=4&reviews_page=2&reviews_sorting=-creation_date', 'reviews_')).toEqual({
      page: 2,
      sorting: '-creation_date',
    });
  });

  it('writes the query without defaults (page 1 is dropped, as for every list)', () => {
    expect(reviewStateQuery({ page: 1, sorting: 'creation_date' })).toBe('?');
    expect(reviewStateQuery({ page: 2, sorting: '-rating' }, 'reviews_')).toBe(
      '?reviews_sorting=-rating&reviews_page=2',
    );
  });
});

describe('the delete confirmation parameter', () => {
  it.each([
    ['product-12', { kind: 'product', id: 12 }],
    ['shop-3', { kind: 'shop', id: 3 }],
    ['shop-0', null],
    ['order-3', null],
    ['product-99999999999', null],
    ['product-1<script>', null],
    [null, null],
  ])('reads %s', (value, expected) => {
    expect(readDeleteParam(value)).toEqual(expected);
  });
});
