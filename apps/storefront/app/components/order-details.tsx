import type { ReactNode } from 'react';
import type { Order } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';

/**
 * Where an order goes, as one block: for a pickup (decision 0049) the pickup point it is
 * collected from, otherwise the address it is shipped to. `children` follow the lines (staff add
 * the shopper's mail and phone). Its heading's words are `destinationKey(order)`.
 */
export function OrderAddress({ order, children }: { order: Order; children?: ReactNode }) {
  const place = [order.postcode, order.city].filter(Boolean).join(' ');
  const lines = (
    order.delivery.pickup
      ? [`${order.firstName} ${order.lastName}`, order.delivery.pickupPoint ?? '']
      : [
          `${order.firstName} ${order.lastName}`,
          order.address,
          place,
          [order.region?.title, order.country?.title].filter(Boolean).join(', '),
        ]
  ).filter((line) => line.trim() !== '');
  return (
    <address className="break-words not-italic">
      {lines.map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
      {children}
    </address>
  );
}

/** The heading over an order's `OrderAddress`: the pickup point, or the address. */
export const destinationKey = (order: Pick<Order, 'delivery'>) =>
  order.delivery.pickup ? 'checkout.pickupPoint' : 'checkout.address';

/**
 * Where an order goes, how it is delivered and paid, and its tracking: the record beside the
 * lines and totals (OrderSummary), on the order page and in "My orders".
 */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useI18n();
  const term = 'text-sm font-semibold text-slate-600';
  return (
    <dl className="grid gap-4 sm:grid-flow-col sm:grid-cols-2 sm:grid-rows-3">
      <div className="sm:row-span-3">
        <dt className={term}>{t(destinationKey(order))}</dt>
        <dd>
          <OrderAddress order={order} />
        </dd>
      </div>
      <div>
        <dt className={term}>{t('checkout.delivery')}</dt>
        <dd>{order.delivery.title}</dd>
      </div>
      <div>
        <dt className={term}>{t('checkout.payment')}</dt>
        <dd>{order.payment.title}</dd>
      </div>
      <div>
        <dt className={term}>{t('orders.tracking')}</dt>
        <dd className="break-words">
          {order.trackingNumber || (
            <span className="text-slate-600">{t('orders.trackingNone')}</span>
          )}
        </dd>
      </div>
    </dl>
  );
}
