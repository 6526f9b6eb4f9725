import { data } from 'react-router';
import { linkTokenSchema } from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { OrderDetails } from '#app/components/order-details.tsx';
import { OrderSummary } from '#app/components/order-summary.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/order';

/**
 * One order: for its owner (the account, or the session that placed it), and for whoever opens
 * the order mail's signed link, in any browser (decision 0050). Anyone else gets the 404, a
 * changed link too. Under `/account/`, so no cache keeps it (decision 0021).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  // A token of the wrong shape is no link of ours: asked without one, the order is the 404.
  const token = linkTokenSchema.safeParse(new URL(request.url).searchParams.get('token'));
  const order = await shop.api.sales.order({
    params: { id },
    query: token.success ? { token: token.data } : {},
  });
  return { order, user: shop.user !== null };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'checkout.viewOrder', robots: 'noindex' });
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { order, user } = loaderData;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold">
        {t('account.orderNumber', { number: order.number })}
      </h1>
      <p className="mb-6 flex flex-wrap gap-x-4 gap-y-1 text-slate-600">
        <span>{t('account.orderDate', { date: date.format(new Date(order.createdAt)) })}</span>
        <span>
          {t('orders.status')}:{' '}
          <strong className="text-slate-900">{t(`orders.statuses.${order.status}`)}</strong>
        </span>
      </p>
      {order.paymentInstructions && order.status === 'pending' && (
        <p className="mb-6 rounded-md border border-blue-200 bg-blue-50 p-4 break-words">
          <strong>{order.payment.title}:</strong> {order.paymentInstructions}
        </p>
      )}
      <section aria-labelledby="order-lines" className="mb-6">
        <h2 id="order-lines" className="mb-2 text-lg font-bold">
          {t('checkout.summary')}
        </h2>
        <OrderSummary order={order} />
      </section>
      <section aria-labelledby="order-record" className="mb-6">
        <h2 id="order-record" className="mb-2 text-lg font-bold">
          {t('checkout.delivery')}
        </h2>
        <OrderDetails order={order} />
      </section>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        {user && (
          <AppLink
            to={`/${locale}/account/dashboard/my-orders/`}
            className="text-primary underline"
          >
            {t('checkout.viewOrders')}
          </AppLink>
        )}
        <AppLink to={`/${locale}/`} className="text-primary underline">
          {t('checkout.backToShop')}
        </AppLink>
      </p>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
