import { data, redirect } from 'react-router';
import { pageAfterOrder } from '@shop/domain';
import { destinationKey, OrderAddress } from '#app/components/order-details.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { OrderSummary } from '#app/components/order-summary.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/order-success';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const id = Number(new URL(request.url).searchParams.get('order'));
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  // Only the shopper who placed it (user or session) can read it: anyone else gets the 404.
  const order = await shop.api.sales.order({ params: { id } });
  // The thanks come after the payment (issue 23): a card still unpaid is paid in the checkout.
  if (pageAfterOrder({ status: order.status, kind: order.payment.kind }) === 'pay') {
    throw redirect(`/${shop.locale}/checkout/checkout/?pay=${order.id}`);
  }
  return { order };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'checkout.orderSuccess', robots: 'noindex' });
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { order } = loaderData;
  return (
    <div className="mx-auto w-full max-w-2xl">
      <h1 className="mb-2 text-2xl font-bold">{t('checkout.orderSuccess')}</h1>
      <p className="mb-6">
        {t('checkout.orderSuccessText', { number: order.number, email: order.email })}
      </p>
      <p className="mb-4">
        {t('orders.status')}: <strong>{t(`orders.statuses.${order.status}`)}</strong>
      </p>
      {order.paymentInstructions && order.status === 'pending' && (
        <p className="mb-6 rounded-md border border-blue-200 bg-blue-50 p-4 break-words">
          <strong>{order.payment.title}:</strong> {order.paymentInstructions}
        </p>
      )}
      <section className="mb-6">
        <h2 className="mb-2 text-lg font-bold">{t(destinationKey(order))}</h2>
        <OrderAddress order={order} />
      </section>
      <h2 className="mb-2 text-lg font-bold">{t('checkout.summary')}</h2>
      <OrderSummary order={order} />
      <AppLink to={`/${locale}/`} className="mt-6 inline-block text-primary underline">
        {t('checkout.backToShop')}
      </AppLink>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
