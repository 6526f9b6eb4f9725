import type { ProductSort } from '@shop/contract';
import { PRODUCT_SORTS } from '@shop/domain';

/**
 * The product list's state lives in the URL (shareable, bookmarkable, crawlable, works without
 * JavaScript). Anything malformed in a URL is dropped rather than turned into an error page.
 */
export type ListState = {
  sort: ProductSort;
  page: number;
  priceMin: number | undefined;
  priceMax: number | undefined;
  values: number[];
  query: string;
};

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const price = (value: string | null) => {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
};

export function readListState(search: URLSearchParams): ListState {
  const sort = search.get('sort');
  const values = search
    .getAll('values__id')
    .flatMap((v) => v.split(','))
    .map((v) => positiveInt(v))
    .filter((v): v is number => v !== undefined);
  return {
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? '')
      ? (sort as ProductSort)
      : 'sorting',
    page: positiveInt(search.get('page')) ?? 1,
    priceMin: price(search.get('price__gte')),
    priceMax: price(search.get('price__lte')),
    values: [...new Set(values)],
    query: (search.get('query') ?? '').trim().slice(0, 200),
  };
}

/** The canonical query string of a state: defaults (sorting, page 1, no filters) are left out. */
export function listSearch(state: ListState, change: Partial<ListState> = {}): string {
  const next = { ...state, ...change };
  const params = new URLSearchParams();
  if (next.query) params.set('query', next.query);
  for (const value of [...next.values].sort((a, b) => a - b))
    params.append('values__id', String(value));
  if (next.priceMin !== undefined) params.set('price__gte', String(next.priceMin));
  if (next.priceMax !== undefined) params.set('price__lte', String(next.priceMax));
  if (next.sort !== 'sorting') params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The API query for a state (the contract's names). */
export function apiQuery(state: ListState) {
  return {
    sort: state.sort,
    page: state.page,
    ...(state.priceMin !== undefined ? { price__gte: state.priceMin } : {}),
    ...(state.priceMax !== undefined ? { price__lte: state.priceMax } : {}),
    ...(state.values.length ? { values__id: state.values } : {}),
  };
}

/** A price bound at (or beyond) the end of the full range is no filter: the URL stays canonical. */
export function withinRange(state: ListState, range: { min: number; max: number }): ListState {
  const { priceMin, priceMax } = state;
  return {
    ...state,
    priceMin: priceMin !== undefined && priceMin > Math.floor(range.min) ? priceMin : undefined,
    priceMax: priceMax !== undefined && priceMax < Math.ceil(range.max) ? priceMax : undefined,
  };
}

/** How many filters are applied: each ticked value, and the price range as one. */
export function appliedFilterCount(state: ListState): number {
  const price = state.priceMin !== undefined || state.priceMax !== undefined;
  return state.values.length + (price ? 1 : 0);
}

const LIST_PARAMS = new Set(['query', 'values__id', 'price__gte', 'price__lte', 'sort', 'page']);

/**
 * The canonical search of a list URL: the state's (defaults left out, so a form sent without
 * JavaScript does not leave `sort=sorting&price__gte=…` behind) and any other parameter as it was.
 */
export function canonicalSearch(search: URLSearchParams, state: ListState): string {
  const params = new URLSearchParams(listSearch(state));
  for (const [key, value] of search) if (!LIST_PARAMS.has(key)) params.append(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
