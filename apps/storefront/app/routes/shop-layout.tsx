import { Outlet, redirect } from 'react-router';
import { isShopOpen } from '@shop/domain';
import { isApiError, type MenuItem, type Widget } from '@shop/contract';
import { Analytics, CookieConsent } from '#app/components/cookie-consent.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { GoToTop } from '#app/components/go-to-top.tsx';
import { ModalHost } from '#app/components/modal-host.tsx';
import { OnlineStatus } from '#app/components/online-status.tsx';
import { Footer, MainBar, TopBar } from '#app/components/shop-chrome.tsx';
import { ToastHost } from '#app/components/toasts.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { comingSoonPath, getShopRequest, rethrowApiError } from '#app/lib/shop.server.ts';
import { useLocaleData } from './locale.tsx';
import type { Route } from './+types/shop-layout';

/** A list the layout can live without: a closed shop still redirects, anything else is an empty list. */
async function optional<T>(
  load: Promise<T[]>,
  locale: Parameters<typeof rethrowApiError>[1],
): Promise<T[]> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error, 434)) rethrowApiError(error, locale);
    return [];
  }
}

/** The default layout. Its guard: shop closed (or missing) and the visitor not staff → coming-soon. */
export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!isShopOpen(shop.shop, shop.user)) throw redirect(comingSoonPath(shop.locale));
  const [menus, widgets, cart, wishlist] = await Promise.all([
    optional<MenuItem>(shop.api.content.menus(), shop.locale),
    optional<Widget>(shop.api.content.widgets(), shop.locale),
    shop.shop.cart ? shop.api.sales.cart().catch(() => null) : Promise.resolve(null),
    shop.user ? shop.api.wishlist.list().catch(() => null) : Promise.resolve(null),
  ]);
  return {
    menus,
    widgets,
    cartCount: cart?.totals.quantity ?? 0,
    wishlistCount: wishlist?.count ?? 0,
  };
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const locale = useLocaleData();
  const { t } = useI18n();
  if (!locale) return null;
  return (
    <ToastHost>
      <ModalHost>
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('common.skipToContent')}
        </a>
        <div className="flex min-h-screen flex-col">
          <header>
            <TopBar
              widgets={loaderData.widgets}
              languages={locale.languages}
              user={locale.user}
              csrfToken={locale.csrfToken}
            />
            <MainBar
              shop={locale.shop}
              menus={loaderData.menus}
              cartCount={loaderData.cartCount}
              wishlistCount={loaderData.wishlistCount}
            />
            <OnlineStatus />
          </header>
          <main
            id="main"
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:py-8"
          >
            <Outlet />
          </main>
          <Footer shop={locale.shop} menus={loaderData.menus} widgets={loaderData.widgets} />
        </div>
        <GoToTop />
        <CookieConsent
          consent={locale.consent}
          csrfToken={locale.csrfToken}
          privacyHref={`/${locale.locale}/pages/privacy-policy/`}
        />
        <Analytics gTag={locale.shop.gTag} consent={locale.consent} />
      </ModalHost>
    </ToastHost>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
