import { describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP, searchCount } from './search.ts';

describe('searchCount — a search counts up to a cap ("1,000+")', () => {
  it('caps at 1,000', () => {
    expect(SEARCH_COUNT_CAP).toBe(1000);
  });

  it.each([0, 1, 12, 999, 1000])('answers %i matches exactly', (seen) => {
    expect(searchCount(seen)).toEqual({ count: seen, countCapped: false });
  });

  it.each([1001, 8426, 100_000])('answers %i matches as the cap, flagged', (seen) => {
    expect(searchCount(seen)).toEqual({ count: 1000, countCapped: true });
  });
});
