import { AppLink } from '#app/components/app-link.tsx';
import { DashboardSection } from '#app/components/dashboard-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { requireShopper } from '#app/lib/account.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/dashboard-reviews';

export function loader({ request, context }: Route.LoaderArgs) {
  requireShopper(getShopRequest(context), request);
  return null;
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.myReviews', robots: 'noindex' });
}

/** The shopper's reviews: written from product pages once reviews can be written. */
export default function MyReviews() {
  const { locale, t } = useI18n();
  return (
    <DashboardSection id="my-reviews" title={t('account.myReviews')}>
      <p>{t('account.noReviews')}</p>
      <AppLink to={`/${locale}/products/`} className="mt-4 inline-block text-primary underline">
        {t('cart.continueShopping')}
      </AppLink>
    </DashboardSection>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
