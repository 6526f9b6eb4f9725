import { useI18n } from '#app/lib/i18n.tsx';
import { useMoney } from './price.tsx';

/**
 * The totals of a cart, a checkout or an order, in one order everywhere: subtotal, discounts,
 * promo code, delivery, total, VAT included. Rows without an amount are left out.
 */
export function TotalsList({
  subtotal,
  discount = 0,
  promo,
  delivery,
  total,
  vat,
  className = '',
}: {
  subtotal?: number;
  discount?: number;
  promo?: { code: string | undefined; amount: number };
  delivery?: { title: string; price: number };
  total: number;
  vat: number;
  className?: string;
}) {
  const { t } = useI18n();
  const money = useMoney();
  const row = 'flex justify-between gap-2';
  return (
    <dl className={`space-y-2 ${className}`}>
      {subtotal !== undefined && (
        <div className={row}>
          <dt>{t('cart.subtotal')}</dt>
          <dd>{money(subtotal)}</dd>
        </div>
      )}
      {discount > 0 && (
        <div className={`${row} text-red-700`}>
          <dt>{t('cart.discount')}</dt>
          <dd>−{money(discount)}</dd>
        </div>
      )}
      {promo && promo.amount > 0 && (
        <div className={`${row} text-red-700`}>
          <dt>
            {t('cart.promoCode')} {promo.code}
          </dt>
          <dd>−{money(promo.amount)}</dd>
        </div>
      )}
      {delivery && (
        <div className={row}>
          <dt className="min-w-0">
            {t('cart.delivery')} ({delivery.title})
          </dt>
          <dd className="shrink-0">
            {delivery.price === 0 ? t('checkout.free') : money(delivery.price)}
          </dd>
        </div>
      )}
      <div className={`${row} border-t border-slate-200 pt-2 text-lg font-bold`}>
        <dt>{t('cart.total')}</dt>
        <dd>{money(total)}</dd>
      </div>
      <div className={`${row} text-sm text-slate-600`}>
        <dt>{t('cart.vatIncluded')}</dt>
        <dd>{money(vat)}</dd>
      </div>
    </dl>
  );
}
