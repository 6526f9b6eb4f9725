import { Link, useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.tsx';
import { listSearch, type ListState } from '#app/lib/catalogue.ts';
import type { FacetAttribute } from './filter-panel.tsx';
import { Icon, ICONS } from './icon.tsx';
import { useMoney } from './price.tsx';

/**
 * The applied filters above the list, each a link that removes it, and "Clear all": plain
 * links, so they work without JavaScript too. Nothing when no filter is applied.
 */
export function FilterChips({
  state,
  attributes,
}: {
  state: ListState;
  attributes: FacetAttribute[];
}) {
  const { t } = useI18n();
  const money = useMoney();
  const { pathname } = useLocation();
  const to = (change: Partial<ListState>) =>
    `${pathname}${listSearch(state, { ...change, page: 1 })}`;
  const values = new Map(
    attributes.flatMap((a) =>
      a.values.map((v): [number, string] => [v.id, `${a.title}: ${v.title}`]),
    ),
  );
  const chips = state.values.flatMap((id) => {
    const name = values.get(id);
    return name
      ? [{ key: `v${id}`, name, to: to({ values: state.values.filter((v) => v !== id) }) }]
      : [];
  });
  if (state.priceMin !== undefined || state.priceMax !== undefined) {
    const { priceMin: min, priceMax: max } = state;
    const range =
      min !== undefined && max !== undefined
        ? `${money(min)} – ${money(max)}`
        : min !== undefined
          ? t('common.priceFrom', { price: money(min) })
          : t('filters.priceUpTo', { price: money(max ?? 0) });
    chips.push({
      key: 'price',
      name: t('filters.priceChip', { range }),
      to: to({ priceMin: undefined, priceMax: undefined }),
    });
  }
  if (chips.length === 0) return null;
  return (
    <section aria-label={t('filters.activeFilters')} className="mb-4">
      <ul className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <Link
              to={chip.to}
              replace
              preventScrollReset
              aria-label={t('filters.remove', { name: chip.name })}
              className="flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-1 pr-2 pl-3 text-sm hover:bg-slate-100"
            >
              {chip.name}
              <span className="[&_svg]:h-4 [&_svg]:w-4">
                <Icon path={ICONS.close} />
              </span>
            </Link>
          </li>
        ))}
        <li>
          <Link
            to={to({ values: [], priceMin: undefined, priceMax: undefined })}
            replace
            preventScrollReset
            className="px-2 text-sm font-bold text-primary underline"
          >
            {t('filters.clearAll')}
          </Link>
        </li>
      </ul>
    </section>
  );
}
