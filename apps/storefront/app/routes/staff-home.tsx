import type { ReactNode } from 'react';
import { moneyFormatter } from '@shop/domain';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { OrdersChart } from '#app/components/orders-chart.tsx';
import { staffBox, StaffHeading, StaffSection } from '#app/components/staff-parts.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-home';

/**
 * The back office's home (issue 24, decision 0059): orders and revenue today, this week and this
 * month (UTC; revenue of paid, processing, shipped and delivered orders, the domain's rule), what
 * waits for payment or shipping, the products out of stock, and orders per day over 30 days.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { dashboard: await getShopRequest(context).api.staffSettings.dashboard() };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({
    matches,
    location,
    titleKey: 'staffSettings.dashboard.title',
    robots: 'noindex',
  });
}

/** One figure of what waits (a count, `data-figure` for tests) and the link to those it counts. */
function WaitingFigure({
  label,
  name,
  value,
  children,
}: {
  label: string;
  name: string;
  value: number;
  children: ReactNode;
}) {
  return (
    <div className={staffBox}>
      <dt className="font-medium text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-figure={name}>
        {value}
      </dd>
      <dd>{children}</dd>
    </div>
  );
}

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { dashboard } = loaderData;
  const money = moneyFormatter(locale, dashboard.currency);
  const periods = [
    ['today', dashboard.today],
    ['week', dashboard.week],
    ['month', dashboard.month],
  ] as const;
  const orders = `/${locale}/staff/orders/`;
  return (
    <>
      <StaffHeading title={t('staffSettings.dashboard.title')} />
      <StaffSection
        headingId="sales-heading"
        title={t('staffSettings.dashboard.sales')}
        className="mb-6"
      >
        <ul className="grid gap-3 sm:grid-cols-3">
          {periods.map(([period, figures]) => (
            <li key={period} className={staffBox} data-period={period}>
              <h3 className="font-medium text-slate-700">
                {t(`staffSettings.dashboard.${period}`)}
              </h3>
              <p className="text-2xl font-bold tabular-nums" data-figure="revenue">
                {money(figures.revenue)}
              </p>
              <p data-figure="orders">
                {t('staffSettings.dashboard.orders', { count: figures.orders })}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-600">{t('staffSettings.dashboard.revenueRule')}</p>
      </StaffSection>
      <StaffSection
        headingId="waiting-heading"
        title={t('staffSettings.dashboard.waiting')}
        className="mb-6"
      >
        <dl className="grid gap-3 sm:grid-cols-3">
          <WaitingFigure
            label={t('staffSettings.dashboard.awaitingPayment')}
            name="awaiting-payment"
            value={dashboard.awaitingPayment}
          >
            <AppLink to={`${orders}?awaiting=payment`} className="text-primary underline">
              {t('staffSettings.dashboard.awaitingPaymentOrders')}
            </AppLink>
          </WaitingFigure>
          <WaitingFigure
            label={t('staffSettings.dashboard.awaitingShipping')}
            name="awaiting-shipping"
            value={dashboard.awaitingShipping}
          >
            <AppLink to={`${orders}?awaiting=shipping`} className="text-primary underline">
              {t('staffSettings.dashboard.awaitingShippingOrders')}
            </AppLink>
          </WaitingFigure>
          <WaitingFigure
            label={t('staffSettings.dashboard.outOfStock')}
            name="out-of-stock"
            value={dashboard.outOfStock}
          >
            <a href="#out-of-stock" className="text-primary underline">
              {t('staffSettings.dashboard.showOutOfStock')}
            </a>
          </WaitingFigure>
        </dl>
      </StaffSection>
      <StaffSection
        headingId="chart-heading"
        title={t('staffSettings.dashboard.chartTitle')}
        className={`${staffBox} mb-6`}
      >
        <OrdersChart points={dashboard.perDay} />
      </StaffSection>
      <StaffSection
        id="out-of-stock"
        headingId="stock-heading"
        title={t('staffSettings.dashboard.outOfStockList')}
      >
        {dashboard.outOfStockProducts.length === 0 ? (
          <p>{t('staffSettings.dashboard.noneOutOfStock')}</p>
        ) : (
          <>
            <ul className="list-disc space-y-1 pl-5">
              {dashboard.outOfStockProducts.map((p) => (
                <li key={p.id} className="break-words">
                  {/* To its edit page, where the stock is set again. */}
                  <AppLink
                    to={`/${locale}/staff/products/${p.id}/`}
                    className="text-primary underline"
                  >
                    {p.title || p.slug}
                  </AppLink>
                </li>
              ))}
            </ul>
            {dashboard.outOfStock > dashboard.outOfStockProducts.length && (
              <p className="mt-2 text-sm text-slate-600">
                {t('staffSettings.dashboard.moreOutOfStock', {
                  count: dashboard.outOfStock - dashboard.outOfStockProducts.length,
                })}{' '}
                <AppLink
                  to={`/${locale}/staff/products/?stock=out`}
                  className="text-primary underline"
                >
                  {t('staffCatalogue.products')}
                </AppLink>
              </p>
            )}
          </>
        )}
      </StaffSection>
    </>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
