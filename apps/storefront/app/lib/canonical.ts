import { listSearch, readListState } from './catalogue.ts';

/** The query parameters a page may keep in its canonical link, in the order they are written. */
export const CANONICAL_PARAMS = [
  'query',
  'values__id',
  'price__gte',
  'price__lte',
  'sort',
  'page',
] as const;
export type CanonicalParam = (typeof CANONICAL_PARAMS)[number];

/** What a list that only pages keeps: `?page=n` from page 2 on. */
export const PAGED: readonly CanonicalParam[] = ['page'];
/** What a sorted, paged list keeps (bundles, an attribute's or a value's products). */
export const SORTED_PAGES: readonly CanonicalParam[] = ['sort', 'page'];
/** What the product list keeps: search, filters, sorting and paging. */
export const PRODUCT_LIST: readonly CanonicalParam[] = CANONICAL_PARAMS;

/**
 * The query of a page's canonical link (and of its language alternates): one URL per content.
 * Only the parameters the page reads (`keep`) survive, each read as the page reads it, so an
 * invalid value (`page=abc`, `page=-3`) counts as absent; defaults (page 1, the default sorting)
 * are dropped; the order is fixed and filter values are sorted. '' when nothing is left.
 */
export function canonicalSearch(search: string, keep: readonly CanonicalParam[]): string {
  const state = readListState(new URLSearchParams(search));
  const kept = new Set(keep);
  return listSearch({
    query: kept.has('query') ? state.query : '',
    values: kept.has('values__id') ? state.values : [],
    priceMin: kept.has('price__gte') ? state.priceMin : undefined,
    priceMax: kept.has('price__lte') ? state.priceMax : undefined,
    sort: kept.has('sort') ? state.sort : 'sorting',
    page: kept.has('page') ? state.page : 1,
  });
}
