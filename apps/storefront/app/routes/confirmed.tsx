import { buttonVariants } from '#app/components/button.tsx';
import { AccountPage, Done } from '#app/components/account-page.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/confirmed';

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.confirmEmailTitle', robots: 'noindex' });
}

export default function Confirmed() {
  const { locale, t } = useI18n();
  return (
    <AccountPage title={t('auth.confirmEmailTitle')}>
      <Done>{t('auth.emailConfirmed')}</Done>
      {/* Opening the link signed the shopper in (issue 23): on to the account. */}
      <AppLink
        to={`/${locale}/account/dashboard/`}
        className={buttonVariants({ size: 'lg', block: true, className: 'mt-6 block text-center' })}
      >
        {t('auth.continue')}
      </AppLink>
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
