import { Form, redirect } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { AccountPage } from '#app/components/account-page.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { readVerifiedForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { setNotice } from '#app/lib/cookies.ts';
import type { Route } from './+types/logout';

/** A form post only (a link could be followed by a crawler or a prefetch). */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  await readVerifiedForm(request, await shopTranslator(shop));
  await shop.api.accounts.logout().catch(() => undefined);
  return redirect(`/${shop.locale}/`, {
    headers: { 'Set-Cookie': setNotice('loggedOut', request) },
  });
}

/** Opened as a page (a bookmark, a typed address): asks, with one button, instead of a 405. */
export function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!shop.user) throw redirect(`/${shop.locale}/`);
  return null;
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.logout', robots: 'noindex' });
}

export default function Logout() {
  const { t } = useI18n();
  return (
    <AccountPage title={t('auth.logout')}>
      <p className="mb-6">{t('auth.logoutQuestion')}</p>
      <Form method="post">
        <CsrfInput />
        <Button type="submit" size="lg" block>
          {t('auth.logout')}
        </Button>
      </Form>
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
