import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paymentFailureOf, type PaymentFailure } from '@shop/domain';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/payment-frame';

/**
 * Why the payment ended unpaid, by the provider's `reason` (the card's outcome, the shopper's
 * cancel, or `error` when none is given): "Payment cancelled." is never the declined text.
 */
const failureOf = (search: string): PaymentFailure =>
  paymentFailureOf(new URLSearchParams(search).get('reason')) ?? 'error';

export function meta({ matches, location }: Route.MetaArgs) {
  const cancelled = location.pathname.includes('cancel_frame');
  return pageMeta({
    matches,
    location,
    titleKey: cancelled ? `payment.failed.${failureOf(location.search)}` : 'payment.paid',
    robots: 'noindex',
  });
}

/**
 * Where a payment provider's hosted page returns, inside the checkout's payment frame (or on its
 * own, after a mail's pay-again link): it tells the checkout (same origin only) how the payment
 * ended, and links the whole window on: to the thanks once paid, back to the payment step with the
 * reason otherwise (without JavaScript the shopper follows the link).
 */
export default function PaymentFrame() {
  const { t, locale } = useI18n();
  const location = useLocation();
  const cancelled = location.pathname.includes('cancel_frame');
  const failure = cancelled ? failureOf(location.search) : null;
  const order = new URLSearchParams(location.search).get('order')?.match(/^\d+$/)?.[0];
  useEffect(() => {
    if (window.parent !== window) {
      window.parent.postMessage(
        { type: 'payment', status: failure ? 'failed' : 'success', reason: failure },
        window.location.origin,
      );
    }
  }, [failure]);
  const next = !order
    ? `/${locale}/`
    : failure
      ? `/${locale}/checkout/checkout/?pay=${order}&reason=${failure}`
      : `/${locale}/checkout/order-success/?order=${order}`;
  return (
    <section className="max-w-md text-center">
      <h1 className="text-2xl font-bold">
        {t(failure ? `payment.failed.${failure}` : 'payment.paid')}
      </h1>
      {failure && <p className="mt-2">{t('payment.failedHint')}</p>}
      <a href={next} target="_top" className="mt-6 inline-block text-primary underline">
        {!order
          ? t('checkout.backToShop')
          : failure
            ? t('payment.tryAgain')
            : t('payment.continue')}
      </a>
    </section>
  );
}
