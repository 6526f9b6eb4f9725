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
    titleKey: cancelled ? 'checkout.paymentCancelled' : 'checkout.paymentSuccess',
    robots: 'noindex',
  });
}

/**
 * Where a payment provider's hosted page returns inside the checkout's iframe: it tells the
 * checkout page (same origin only) how the payment ended, and says so itself.
 */
export default function PaymentFrame() {
  const { t, locale } = useI18n();
  const location = useLocation();
  const cancelled = location.pathname.includes('cancel_frame');
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
        {t(cancelled ? 'checkout.paymentCancelled' : 'checkout.paymentSuccess')}
      </h1>
      <a href={`/${locale}/`} target="_top" className="mt-6 inline-block text-primary underline">
        {t('checkout.backToShop')}
      </a>
    </section>
  );
}
