import type { Order } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';

/**
 * Where an order goes, how it is delivered and paid, and its tracking: the record beside the
 * lines and totals (OrderSummary), on the order page and in "My orders".
 */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useI18n();
  const place = [order.postcode, order.city].filter(Boolean).join(' ');
  // A pickup goes to its pickup point, not to an address (decision 0049).
  const address = (
    order.delivery.pickup
      ? [order.delivery.pickupPoint]
      : [
          `${order.firstName} ${order.lastName}`,
          order.address,
          place,
          [order.region?.title, order.country?.title].filter(Boolean).join(', '),
        ]
  ).filter((line) => line.trim() !== '');
  const term = 'text-sm font-semibold text-slate-600';
  return (
    <dl className="grid gap-4 sm:grid-flow-col sm:grid-cols-2 sm:grid-rows-3">
      <div className="sm:row-span-3">
        <dt className={term}>
          {t(order.delivery.pickup ? 'checkout.pickupPoint' : 'checkout.address')}
        </dt>
        <dd className="break-words">
          {address.map((line, i) => (
            <span key={i} className="block">
              {line}
            </span>
          ))}
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
