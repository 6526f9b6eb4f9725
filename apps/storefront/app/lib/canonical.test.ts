import { describe, expect, it } from 'vitest';
import { canonicalSearch, PAGED, PRODUCT_LIST } from './canonical.ts';

describe('canonicalSearch — "Each page generates … a canonical link"; "page dropped when it equals 1"', () => {
  it.each<[string, string]>([
    ['', ''],
    ['?page=1', ''],
    ['?page=2', '?page=2'],
    ['?page=abc', ''],
    ['?page=-3', ''],
    ['?page=0', ''],
    ['?page=2.5', ''],
    ['?page=2&page=3', '?page=2'],
    ['?utm_source=mail&page=4&_=123', '?page=4'],
    ['?sort=-price&page=2', '?page=2'],
  ])('a paged list: %j → %j', (search, out) => {
    expect(canonicalSearch(search, PAGED)).toBe(out);
  });

  it.each<[string, string]>([
    [
      '?page=2&sort=-price&values__id=5&values__id=2',
      '?values__id=2&values__id=5&sort=-price&page=2',
    ],
    ['?values__id=5,2&sort=-price', '?values__id=2&values__id=5&sort=-price'],
    ['?sort=sorting&page=1', ''],
    ['?sort=cheapest&values__id=x&price__gte=abc', ''],
    ['?price__lte=80&price__gte=10&fbclid=1', '?price__gte=10&price__lte=80'],
    ['?query=+linen+&page=1', '?query=linen'],
  ])('the product list: %j → %j', (search, out) => {
    expect(canonicalSearch(search, PRODUCT_LIST)).toBe(out);
  });

  it('keeps nothing on a page that reads no parameters', () => {
    expect(canonicalSearch('?page=2&sort=-price&values__id=3', [])).toBe('');
  });

  it('gives one canonical to every spelling of the same list', () => {
    const spellings = [
      '?sort=-price&values__id=2&values__id=5',
      '?values__id=5&sort=-price&values__id=2&page=1',
      '?values__id=5,2&sort=-price&ref=newsletter',
    ];
    expect(new Set(spellings.map((s) => canonicalSearch(s, PRODUCT_LIST))).size).toBe(1);
  });
});
