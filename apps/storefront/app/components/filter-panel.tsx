import { useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import type { PriceRange, ProductSort } from '@shop/contract';
import { Button } from '#app/components/button.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { useChangedBeforeHydration, useHydrated } from '#app/lib/hydrated.ts';
import { listSearch, readListState, withinRange, type ListState } from '#app/lib/catalogue.ts';
import { useMoney } from './price.tsx';

export type FacetAttribute = {
  id: number;
  title: string;
  values: { id: number; title: string; count: number }[];
};

const SORT_LABELS: Record<ProductSort, string> = {
  sorting: 'catalogue.sortDefault',
  price: 'catalogue.sortPriceAsc',
  '-price': 'catalogue.sortPriceDesc',
  title: 'catalogue.sortTitle',
  '-title': 'catalogue.sortTitle',
  created: 'catalogue.sortNewest',
  '-created': 'catalogue.sortNewest',
};
const SORTS: ProductSort[] = ['sorting', 'price', '-price', 'title', '-created'];

/**
 * The values a shopper can still choose: those that would list something, and those already
 * ticked (so they can be unticked). Attributes left with none are not shown.
 */
export function visibleFacets(attributes: FacetAttribute[], chosen: number[]): FacetAttribute[] {
  return attributes
    .map((a) => ({ ...a, values: a.values.filter((v) => v.count > 0 || chosen.includes(v.id)) }))
    .filter((a) => a.values.length > 0);
}

/**
 * The filters as one GET form: the sort order, a price range, checkboxes per attribute value.
 * Without JavaScript the Apply button submits it (the loader then drops the defaults from the
 * URL); with JavaScript every change navigates to the canonical URL itself and Apply is gone.
 * The inputs are controlled and follow the URL, so a chip removed elsewhere unticks its box
 * without remounting the form (focus stays where the shopper is).
 */
export function FilterPanel({
  state,
  attributes,
  range,
  resetPriceHref,
  idPrefix = 'filters',
}: {
  state: ListState;
  attributes: FacetAttribute[];
  range: PriceRange;
  resetPriceHref: string;
  idPrefix?: string;
}) {
  const { t } = useI18n();
  const money = useMoney();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Whole units, outward: a slider at its ends covers the full range (4.90–289.00 → 4–289).
  const low = Math.floor(range.min);
  const high = Math.ceil(range.max);
  const fromUrl = {
    sort: state.sort,
    min: state.priceMin ?? low,
    max: state.priceMax ?? high,
    values: state.values,
  };
  const [seen, setSeen] = useState(listSearch(state));
  const [local, setLocal] = useState(fromUrl);
  // The URL changed (a chip, the back button, a finished load): show what it says.
  if (seen !== listSearch(state)) {
    setSeen(listSearch(state));
    setLocal(fromUrl);
  }

  /** What the form's inputs say now, as a list state on page 1 (defaults dropped). */
  const chosen = (): ListState | undefined => {
    if (!form.current) return undefined;
    const sent = new URLSearchParams();
    for (const [key, value] of new FormData(form.current))
      if (typeof value === 'string') sent.append(key, value);
    return withinRange({ ...readListState(sent), page: 1 }, range);
  };
  const go = (next: ListState) =>
    void navigate(listSearch(next) || '?', { preventScrollReset: true, replace: true });
  const apply = (delay = 0) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const next = chosen();
      if (next) go(next);
    }, delay);
  };

  // A box ticked (or a sort chosen) before the scripts ran: hydration keeps what the shopper did,
  // but the first render after it would set the inputs back to what the URL says. Applied once.
  useChangedBeforeHydration(form, () => {
    const next = chosen();
    if (!next || listSearch({ ...next, page: state.page }) === listSearch(state)) return;
    setLocal({
      sort: next.sort,
      min: next.priceMin ?? low,
      max: next.priceMax ?? high,
      values: next.values,
    });
    go(next);
  });
  const facets = visibleFacets(attributes, local.values);
  const toggle = (id: number, on: boolean) =>
    setLocal((l) => ({ ...l, values: on ? [...l.values, id] : l.values.filter((v) => v !== id) }));

  return (
    <Form
      ref={form}
      method="get"
      onChange={(event) => apply((event.target as { type?: string }).type === 'range' ? 300 : 0)}
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      aria-label={t('filters.title')}
      className="space-y-6"
    >
      {state.query && <input type="hidden" name="query" value={state.query} />}
      <div>
        <label htmlFor={`${idPrefix}-sort`} className="mb-1 block font-bold">
          {t('catalogue.sortBy')}
        </label>
        <select
          id={`${idPrefix}-sort`}
          name="sort"
          value={local.sort}
          onChange={(event) => setLocal((l) => ({ ...l, sort: event.target.value as ProductSort }))}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2"
        >
          {SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_LABELS[sort])}
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className="mb-2 font-bold">{t('filters.price')}</legend>
        <div className="space-y-3">
          <label className="block text-sm">
            <span className="flex justify-between">
              {t('filters.minPrice')} <span>{money(local.min)}</span>
            </span>
            <input
              type="range"
              name="price__gte"
              min={low}
              max={high}
              step={1}
              value={local.min}
              onChange={(event) =>
                setLocal((l) => ({ ...l, min: Math.min(Number(event.target.value), l.max) }))
              }
              className="w-full accent-primary"
            />
          </label>
          <label className="block text-sm">
            <span className="flex justify-between">
              {t('filters.maxPrice')} <span>{money(local.max)}</span>
            </span>
            <input
              type="range"
              name="price__lte"
              min={low}
              max={high}
              step={1}
              value={local.max}
              onChange={(event) =>
                setLocal((l) => ({ ...l, max: Math.max(Number(event.target.value), l.min) }))
              }
              className="w-full accent-primary"
            />
          </label>
          {(state.priceMin !== undefined || state.priceMax !== undefined) && (
            <a href={resetPriceHref} className="inline-block text-sm text-primary underline">
              {t('filters.resetPriceRange')}
            </a>
          )}
        </div>
      </fieldset>

      {facets.map((attribute) => (
        <fieldset key={attribute.id}>
          <legend className="mb-2 font-bold">{attribute.title}</legend>
          <ul className="space-y-1">
            {attribute.values.map((value) => (
              <li key={value.id}>
                <label className="flex items-center gap-2 py-0.5">
                  <input
                    type="checkbox"
                    name="values__id"
                    value={value.id}
                    checked={local.values.includes(value.id)}
                    onChange={(event) => toggle(value.id, event.target.checked)}
                    className="h-4 w-4 accent-primary"
                  />
                  <span className="flex-1">{value.title}</span>
                  <span className="text-sm text-slate-600" aria-hidden="true">
                    {value.count}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}

      {/* Changes apply by themselves once JavaScript runs; without it, this sends the form. */}
      {!hydrated && <Button type="submit">{t('filters.apply')}</Button>}
    </Form>
  );
}
