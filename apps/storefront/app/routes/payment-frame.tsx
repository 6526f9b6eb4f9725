import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/payment-frame';

export function meta({ matches, location }: Route.MetaArgs) {
  const cancelled = location.pathname.includes('cancel_frame');
  return pageMeta({
    matches,
    location,
    titleKey: cancelled ? failureKey(location.search) : 'checkout.paymentSuccess',
    robots: 'noindex',
  });
}

/**
 * What the frame says when the payment did not end paid, by the provider's `reason`: the shopper
 * cancelled, the card was declined, or anything else (an error, no reason given).
 */
function failureKey(search: string) {
  const reason = new URLSearchParams(search).get('reason');
  if (reason === 'declined') return 'checkout.paymentDeclined';
  if (reason === 'cancelled') return 'checkout.paymentAborted';
  return 'checkout.paymentCancelled';
}

/**
 * Where a payment provider's hosted page returns inside the checkout's iframe: it tells the
 * checkout page (same origin only) how the payment ended, and says so itself.
 */
export default function PaymentFrame() {
  const { t, locale } = useI18n();
  const location = useLocation();
  const cancelled = location.pathname.includes('cancel_frame');
  const order = new URLSearchParams(location.search).get('order')?.match(/^\d+$/)?.[0];
  useEffect(() => {
    if (window.parent !== window) {
      window.parent.postMessage(
        { type: 'payment', status: cancelled ? 'cancelled' : 'success' },
        window.location.origin,
      );
    }
  }, [cancelled]);
  return (
    <section className="max-w-md text-center">
      <h1 className="text-2xl font-bold">
        {t(cancelled ? failureKey(location.search) : 'checkout.paymentSuccess')}
      </h1>
      <a
        href={order ? `/${locale}/checkout/order-success/?order=${order}` : `/${locale}/`}
        target="_top"
        className="mt-6 inline-block text-primary underline"
      >
        {order ? t('checkout.viewOrder') : t('checkout.backToShop')}
      </a>
    </section>
  );
}
