import {
  STOCK_STATES,
  staffCatalogueQuerySchema,
  type StaffCataloguePage,
  type StaffCatalogueRow,
} from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { buttonVariants } from '#app/components/button.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { useMoney } from '#app/components/price.tsx';
import {
  FilterForm,
  FilterSelect,
  filterField,
  StaffField,
  StaffHeading,
  staffCell,
  StaffTable,
} from '#app/components/staff-parts.tsx';
import { parseFilters } from '#app/lib/forms.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-catalogue';

/*
 * The back office's product and bundle lists (issue 24, decision 0056), one module for both
 * (routes `staff-products` and `staff-bundles`). The filters are a GET form, so a filtered list
 * can be bookmarked and paged without JavaScript; the pages are walked by id (`after`, `before`),
 * never by number, so the 5,000th page costs what the first does.
 */

const FILTERS = ['q', 'vendor', 'stock'] as const;
type Kind = 'products' | 'bundles';

const kindOf = (pathname: string): Kind =>
  /\/staff\/bundles\/?$/.test(pathname) ? 'bundles' : 'products';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const url = new URL(request.url);
  const kind = kindOf(url.pathname);
  const { filters, submission } = parseFilters(
    url,
    FILTERS,
    staffCatalogueQuerySchema,
    await shopTranslator(shop),
  );
  if (submission.status !== 'success') {
    return { kind, filters, errors: submission.error ?? {}, list: null };
  }
  const list: StaffCataloguePage =
    kind === 'bundles'
      ? await shop.api.staffCatalogue.bundles({ query: submission.value })
      : await shop.api.staffCatalogue.products({ query: submission.value });
  return { kind, filters, errors: {}, list };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    titleKey:
      kindOf(location.pathname) === 'bundles'
        ? 'staffCatalogue.bundles'
        : 'staffCatalogue.products',
    robots: 'noindex',
  });
}

export default function StaffCatalogue({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { kind, filters, errors, list } = loaderData;
  const base = `/${locale}/staff/${kind}/`;
  const title = t(`staffCatalogue.${kind}`);
  const href = (cursor: { after?: number; before?: number }) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
    if (cursor.after) query.set('after', String(cursor.after));
    if (cursor.before) query.set('before', String(cursor.before));
    return `${base}?${query.toString()}`;
  };
  const field = (name: string) => filterField(name, errors);
  return (
    <>
      <StaffHeading title={title}>
        {list && (
          <p className="text-slate-600">
            {list.countCapped
              ? t('staffCatalogue.countCapped', { count: list.count })
              : t('staffCatalogue.count', { count: list.count })}
          </p>
        )}
      </StaffHeading>
      <FilterForm
        action={base}
        label={t('staffCatalogue.filters')}
        columns={4}
        apply={t('staffCatalogue.apply')}
        reset={t('staffCatalogue.reset')}
      >
        <StaffField
          field={field('q')}
          label={t('staffCatalogue.search')}
          className="sm:col-span-2"
          type="search"
          defaultValue={filters.q ?? ''}
        />
        <FilterSelect
          field={field('vendor')}
          label={t('staffCatalogue.vendor')}
          value={filters.vendor ?? ''}
          all={t('staffCatalogue.all')}
          options={(list?.vendors ?? []).map((v) => ({ value: String(v.id), label: v.title }))}
        />
        <FilterSelect
          field={field('stock')}
          label={t('staffCatalogue.stock')}
          value={filters.stock ?? ''}
          all={t('staffCatalogue.all')}
          options={STOCK_STATES.map((s) => ({
            value: s,
            label: t(`staffCatalogue.stockStates.${s}`),
          }))}
        />
      </FilterForm>
      {list && list.results.length === 0 && <p>{t('staffCatalogue.none')}</p>}
      {list && list.results.length > 0 && (
        <CatalogueTable kind={kind} rows={list.results} title={title} />
      )}
      {list && (list.before || list.after) && (
        <nav aria-label={t('staffCatalogue.paging')} className="mt-4 flex justify-between gap-3">
          {list.before ? (
            <AppLink
              to={href({ before: list.before })}
              rel="prev"
              className={buttonVariants({ variant: 'secondary' })}
            >
              {t('staffCatalogue.previous')}
            </AppLink>
          ) : (
            <span />
          )}
          {list.after && (
            <AppLink
              to={href({ after: list.after })}
              rel="next"
              className={buttonVariants({ variant: 'secondary' })}
            >
              {t('staffCatalogue.next')}
            </AppLink>
          )}
        </nav>
      )}
    </>
  );
}

function CatalogueTable({
  kind,
  rows,
  title,
}: {
  kind: Kind;
  rows: StaffCatalogueRow[];
  title: string;
}) {
  const { locale, t } = useI18n();
  const money = useMoney();
  const cell = staffCell;
  return (
    <StaffTable
      label={title}
      columns={[
        { label: t('staffCatalogue.id') },
        { label: t('staffCatalogue.title') },
        { label: t('staffCatalogue.vendor') },
        { label: t('staffCatalogue.price'), figure: true },
        { label: t('staffCatalogue.stock'), figure: true },
        { label: t('staffCatalogue.state') },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td className={cell}>{row.id}</td>
          <th scope="row" className={cell}>
            <AppLink
              to={`/${locale}/staff/${kind}/${row.id}/`}
              className="font-medium break-words text-primary underline"
            >
              {row.title || `#${row.id}`}
            </AppLink>
            {row.parentId && (
              <span className="block text-slate-600">
                {t('staffCatalogue.variationOf', { id: row.parentId })}
              </span>
            )}
          </th>
          <td className={cell}>{row.vendor}</td>
          <td className={`${cell} text-right whitespace-nowrap`}>{money(row.price)}</td>
          <td className={`${cell} text-right`}>
            {row.stock === null ? t('staffCatalogue.unlimited') : row.stock}
          </td>
          <td className={cell}>
            {row.active ? t('staffCatalogue.onSale') : t('staffCatalogue.offSale')}
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
