import { useRef, useState } from 'react';
import { Form, useSubmit } from 'react-router';
import type { PriceRange, ProductSort } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import type { ListState } from '#app/lib/catalogue.ts';
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
 * The filters as one GET form: checkboxes per attribute value, a price range, the sort order.
 * Without JavaScript the Apply button submits it; with JavaScript every change does, so the URL
 * (and the server's answer) always says what is shown.
 */
export function FilterPanel({
  state,
  attributes,
  range,
  resetPriceHref,
}: {
  state: ListState;
  attributes: FacetAttribute[];
  range: PriceRange;
  resetPriceHref: string;
}) {
  const { t } = useI18n();
  const money = useMoney();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [min, setMin] = useState(state.priceMin ?? Math.floor(range.min));
  const [max, setMax] = useState(state.priceMax ?? Math.ceil(range.max));

  const apply = (delay = 0) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (form.current) void submit(form.current, { preventScrollReset: true, replace: true });
    }, delay);
  };
  // Whole units, outward: a slider at its ends covers the full range (4.90–289.00 → 4–289).
  const low = Math.floor(range.min);
  const high = Math.ceil(range.max);

  return (
    <Form
      ref={form}
      method="get"
      onChange={() => apply(250)}
      aria-label={t('filters.title')}
      className="space-y-6"
    >
      {state.query && <input type="hidden" name="query" value={state.query} />}
      <div>
        <label htmlFor="sort" className="mb-1 block font-bold">
          {t('catalogue.sortBy')}
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={state.sort}
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
              {t('filters.minPrice')} <span>{money(min)}</span>
            </span>
            <input
              type="range"
              name="price__gte"
              min={low}
              max={high}
              step={1}
              value={min}
              onChange={(event) => setMin(Math.min(Number(event.target.value), max))}
              className="w-full accent-primary"
            />
          </label>
          <label className="block text-sm">
            <span className="flex justify-between">
              {t('filters.maxPrice')} <span>{money(max)}</span>
            </span>
            <input
              type="range"
              name="price__lte"
              min={low}
              max={high}
              step={1}
              value={max}
              onChange={(event) => setMax(Math.max(Number(event.target.value), min))}
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

      {attributes.map((attribute) => (
        <fieldset key={attribute.id}>
          <legend className="mb-2 font-bold">{attribute.title}</legend>
          <ul className="space-y-1">
            {attribute.values.map((value) => {
              const checked = state.values.includes(value.id);
              return (
                <li key={value.id}>
                  <label
                    className={`flex items-center gap-2 ${value.count === 0 && !checked ? 'text-slate-500' : ''}`}
                  >
                    <input
                      type="checkbox"
                      name="values__id"
                      value={value.id}
                      defaultChecked={checked}
                      className="h-4 w-4 accent-primary"
                    />
                    <span className="flex-1">{value.title}</span>
                    <span className="text-sm text-slate-600" aria-hidden="true">
                      {value.count}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}

      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="rounded-md bg-primary px-4 py-2 font-bold text-white hover:bg-blue-800"
        >
          {t('filters.apply')}
        </button>
        <a
          href="?"
          className="rounded-md border border-slate-300 px-4 py-2 font-bold hover:bg-slate-100"
        >
          {t('filters.resetAll')}
        </a>
      </div>
    </Form>
  );
}
