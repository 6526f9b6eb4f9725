import {
  ORDER_STATUSES,
  STAFF_ORDER_PAGE_SIZE,
  staffOrdersQuerySchema,
  type Paginated,
  type StaffOrderRow,
} from '@shop/contract';
import { AWAITING } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { Pagination } from '#app/components/pagination.tsx';
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
import type { Route } from './+types/staff-orders';

const PAYMENT_KINDS = ['bank_transfer', 'cod', 'test_card'] as const;
const FILTERS = ['awaiting', 'status', 'payment', 'from', 'to', 'q'] as const;

/**
 * The filters are a GET form: the address holds them, so a filtered list can be bookmarked,
 * reloaded and paged without JavaScript. They are checked with the contract's schema here, in the
 * page's language, before the API is asked.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const { filters, submission } = parseFilters(
    new URL(request.url),
    FILTERS,
    staffOrdersQuerySchema,
    await shopTranslator(shop),
  );
  if (submission.status !== 'success') {
    return { filters, errors: submission.error ?? {}, list: null, page: 1 };
  }
  const list: Paginated<StaffOrderRow> = await shop.api.staff.orders({ query: submission.value });
  return { filters, errors: {}, list, page: submission.value.page };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staff.orders.title', robots: 'noindex' });
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { filters, errors, list, page } = loaderData;
  const base = `/${locale}/staff/orders/`;
  const pages = list ? Math.max(1, Math.ceil(list.count / STAFF_ORDER_PAGE_SIZE)) : 1;
  const href = (p: number) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
    if (p > 1) query.set('page', String(p));
    const search = query.toString();
    return `${base}${search ? `?${search}` : ''}`;
  };
  const field = (name: string) => filterField(name, errors);
  return (
    <>
      <StaffHeading title={t('staff.orders.title')}>
        {list && <p className="text-slate-600">{t('staff.orders.count', { count: list.count })}</p>}
      </StaffHeading>
      <FilterForm
        action={base}
        label={t('staff.orders.filters')}
        columns={6}
        apply={t('staff.orders.apply')}
        reset={t('staff.orders.reset')}
      >
        {/* The dashboard's "awaiting payment / shipping" figures link here: the orders they count. */}
        <FilterSelect
          field={field('awaiting')}
          label={t('staff.orders.awaiting')}
          value={filters.awaiting ?? ''}
          all={t('staff.orders.all')}
          options={AWAITING.map((a) => ({ value: a, label: t(`staff.orders.awaitingKinds.${a}`) }))}
        />
        <FilterSelect
          field={field('status')}
          label={t('staff.orders.status')}
          value={filters.status ?? ''}
          all={t('staff.orders.all')}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))}
        />
        <FilterSelect
          field={field('payment')}
          label={t('staff.orders.payment')}
          value={filters.payment ?? ''}
          all={t('staff.orders.all')}
          options={PAYMENT_KINDS.map((k) => ({ value: k, label: t(`staff.orders.kinds.${k}`) }))}
        />
        {(['from', 'to'] as const).map((name) => (
          <StaffField
            key={name}
            field={field(name)}
            label={t(`staff.orders.${name}`)}
            type="date"
            defaultValue={filters[name] ?? ''}
          />
        ))}
        <StaffField
          field={field('q')}
          label={t('staff.orders.search')}
          type="search"
          defaultValue={filters.q ?? ''}
        />
      </FilterForm>
      {list && list.results.length === 0 && <p>{t('staff.orders.none')}</p>}
      {list && list.results.length > 0 && <OrderTable orders={list.results} />}
      <Pagination page={page} total={pages} href={href} />
    </>
  );
}

function OrderTable({ orders }: { orders: StaffOrderRow[] }) {
  const { locale, t } = useI18n();
  const money = useMoney();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const cell = staffCell;
  return (
    <StaffTable
      label={t('staff.orders.title')}
      columns={[
        { label: t('staff.orders.number') },
        { label: t('staff.orders.date') },
        { label: t('staff.orders.customer') },
        { label: t('staff.orders.payment') },
        { label: t('staff.orders.status') },
        { label: t('staff.orders.total'), figure: true },
      ]}
    >
      {orders.map((order) => (
        <tr key={order.id}>
          <th scope="row" className={cell}>
            <AppLink
              to={`/${locale}/staff/orders/${order.id}/`}
              className="font-medium text-primary underline"
            >
              {order.number}
            </AppLink>
          </th>
          <td className={cell}>{date.format(new Date(order.createdAt))}</td>
          <td className={cell}>
            <span className="block">{order.name}</span>
            <span className="block break-all text-slate-600">{order.email}</span>
          </td>
          <td className={cell}>
            {order.payment.kind ? t(`staff.orders.kinds.${order.payment.kind}`) : '—'}
          </td>
          <td className={cell}>{t(`orders.statuses.${order.status}`)}</td>
          <td className={`${cell} text-right whitespace-nowrap`}>{money(order.orderTotal)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
