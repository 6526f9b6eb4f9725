import { Form, redirect } from 'react-router';
import { ORDER_PAGE_SIZE, repeatOrderBodySchema } from '@shop/contract';
import { Button } from '#app/components/button.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { DashboardSection } from '#app/components/dashboard-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors } from '#app/components/form-messages.tsx';
import { OrderDetails } from '#app/components/order-details.tsx';
import { OrderSummary } from '#app/components/order-summary.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { useMoney } from '#app/components/price.tsx';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { setNotice } from '#app/lib/cookies.ts';
import type { Route } from './+types/dashboard-orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const raw = Number(new URL(request.url).searchParams.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const list = await shop.api.sales.orders({ query: { page, page_size: ORDER_PAGE_SIZE } });
  const pages = Math.max(1, Math.ceil(list.count / ORDER_PAGE_SIZE));
  if (page > pages) throw redirect(`/${shop.locale}/account/dashboard/my-orders/`);
  return { orders: list.results, count: list.count, page, pages, cart: shop.shop.cart };
}

/** "Order again": the order's items go into the cart, then the cart shows what came back. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(await readForm(request, repeatOrderBodySchema, t), t, async (body) => {
    await shop.api.sales.repeatOrder({ body });
    return redirect(`/${shop.locale}/checkout/cart/`, {
      headers: { 'Set-Cookie': setNotice('orderAgain', request) },
    });
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.myOrders', robots: 'noindex' });
}

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const money = useMoney();
  const { orders, page, pages, cart } = loaderData;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const errors = actionData?.result.error?.[''] ?? [];
  return (
    <DashboardSection id="my-orders" title={t('account.myOrders')}>
      <FormErrors form={{ errorId: 'orders-errors', errors }} />
      {orders.length === 0 ? (
        <>
          <p>{t('account.noOrders')}</p>
          <AppLink to={`/${locale}/products/`} className="mt-4 inline-block text-primary underline">
            {t('cart.continueShopping')}
          </AppLink>
        </>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => (
            <li key={order.id} className="rounded-lg border border-slate-200">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center justify-between gap-x-4 gap-y-1 p-4">
                  <span className="font-medium">
                    {t('account.orderNumber', { number: order.number })}
                  </span>
                  <span className="text-sm text-slate-600">
                    {t('account.orderDate', { date: date.format(new Date(order.createdAt)) })}
                  </span>
                  <span className="text-sm">{t(`orders.statuses.${order.status}`)}</span>
                  <span className="font-bold">{money(order.totals.orderTotal)}</span>
                </summary>
                <div className="space-y-4 border-t border-slate-200 p-4">
                  <OrderSummary order={order} />
                  <OrderDetails order={order} />
                  <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
                    {cart && <RepeatOrder order={order.id} />}
                    <AppLink
                      to={`/${locale}/account/orders/${order.id}/`}
                      className="text-primary underline"
                      aria-label={`${t('checkout.viewOrder')}: ${t('account.orderNumber', { number: order.number })}`}
                    >
                      {t('checkout.viewOrder')}
                    </AppLink>
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        total={pages}
        href={(p) => `/${locale}/account/dashboard/my-orders/${p > 1 ? `?page=${p}` : ''}`}
      />
    </DashboardSection>
  );
}

/** "Order again" of one order: only its own button waits while it is sent. */
function RepeatOrder({ order }: { order: number }) {
  const { t } = useI18n();
  const pending = useIsPending({ fields: { order: String(order) } });
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name="order" value={order} />
      <Button type="submit" disabled={pending}>
        {t('account.repeatOrder')}
      </Button>
    </Form>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
