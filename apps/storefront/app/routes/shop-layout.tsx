import { useRef } from 'react';
import { Outlet, redirect, useMatches } from 'react-router';
import { isShopOpen } from '@shop/domain';
import type { MenuItem, Widget } from '@shop/contract';
import { Analytics, CookieConsent } from '#app/components/cookie-consent.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { CartBadgeProvider } from '#app/components/add-to-cart.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { CheckoutHeader } from '#app/components/checkout-header.tsx';
import { GoToTop } from '#app/components/go-to-top.tsx';
import { MiniCartProvider } from '#app/components/mini-cart.tsx';
import { ModalHost } from '#app/components/modal-host.tsx';
import { OnlineStatus } from '#app/components/online-status.tsx';
import { Footer, MainBar, TopBar } from '#app/components/shop-chrome.tsx';
import { ToastHost } from '#app/components/toasts.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { HydrateLater } from '#app/lib/lazy-hydrate.tsx';
import { comingSoonPath, optional } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { isLoginPath } from '#app/lib/account.server.ts';
import { wantsCheckoutChrome } from '#app/lib/route-handle.ts';
import { WishlistProvider } from '#app/components/wishlist-heart.tsx';
import { savedProducts, templateModeContext, usePersonalView } from '#app/lib/personal-view.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { useStickyHeader } from '#app/lib/sticky-header.ts';
import type { Route } from './+types/shop-layout';
import { revalidateLayout } from '#app/lib/cart-revalidate.ts';

/**
 * The default layout. Its guard: shop closed (or missing) and the visitor not staff → coming-soon,
 * except on the login page, where staff log in to see the closed shop (it then shows the bare
 * frame: menus, widgets and the cart are the open shop's).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  if (!isShopOpen(shop.shop, shop.user)) {
    if (!isLoginPath(new URL(request.url).pathname)) throw redirect(comingSoonPath(shop.locale));
    return {
      menus: [],
      widgets: [],
      cartCount: 0,
      wishlistCount: 0,
      wishlist: null,
      cartNotice: null,
      notice: null,
    };
  }
  // The menus, widgets and the badges are secondary: a failure leaves them out. The badges are
  // counts read unpriced (`sales.badges`, issue 25): the priced cart is the cart page's.
  const [menus, widgets, badges] = await Promise.all([
    optional<MenuItem[]>(shop.api.content.menus(), []),
    optional<Widget[]>(shop.api.content.widgets(), []),
    optional(shop.api.sales.badges(), null),
  ]);
  return {
    menus,
    widgets,
    cartCount: shop.shop.cart ? (badges?.cartQuantity ?? 0) : 0,
    wishlistCount: shop.user ? (badges?.wishlistCount ?? 0) : 0,
    // Which products are saved (the hearts): the newest BADGE_SAVED_MAX cover any page's cards.
    wishlist: savedProducts(badges?.saved ?? []),
    cartNotice: shop.cartNotice,
    // A form's confirmation (logged out, order again, saved): toasted once, by this answer's id.
    notice: shop.notice ? { name: shop.notice, id: crypto.randomUUID() } : null,
    // A template render (decision 0067): the counts and hearts are holes, filled per shopper.
    ...(context.get(templateModeContext) ? { templated: true } : {}),
  };
}

export default function ShopLayout({ loaderData }: Route.ComponentProps) {
  const locale = useLocaleData();
  const { t } = useI18n();
  // The checkout has its own short header and no go-to-top button over its fields.
  const checkout = wantsCheckoutChrome(useMatches().map((match) => match.handle));
  const header = useRef<HTMLElement>(null);
  const topBar = useRef<HTMLDivElement>(null);
  useStickyHeader(header, topBar);
  const personal = usePersonalView(locale?.user ?? null, locale?.shop.cart ?? false);
  if (!locale) return null;
  const notice = loaderData.notice
    ? { id: loaderData.notice.id, text: t(`common.notices.${loaderData.notice.name}`) }
    : null;
  return (
    <ToastHost notice={notice}>
      <WishlistProvider
        saved={personal.kind === 'template' ? 'template' : personal.user ? personal.saved : null}
      >
        <CartBadgeProvider>
          <MiniCartProvider>
            <ModalHost>
              <a
                href="#main"
                className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
              >
                {t('common.skipToContent')}
              </a>
              <div className="flex min-h-screen flex-col">
                {/* The shop's header sticks with the top bar scrolled away (lib/sticky-header.ts): the
                    cart count stays. The checkout has its own short header. */}
                {checkout ? (
                  <header>
                    <CheckoutHeader shop={locale.shop} languages={locale.languages} />
                    <OnlineStatus />
                  </header>
                ) : (
                  <header
                    ref={header}
                    className="sticky top-[calc(-1*var(--top-bar-height,0px))] z-30"
                  >
                    {/* The top bar, the footer and the consent banner hydrate after the page, each
                        on its own (decision 0081): links and forms until then. */}
                    <div ref={topBar}>
                      <HydrateLater>
                        <TopBar
                          widgets={loaderData.widgets}
                          languages={locale.languages}
                          personal={personal}
                        />
                      </HydrateLater>
                    </div>
                    <MainBar shop={locale.shop} menus={loaderData.menus} personal={personal} />
                    <OnlineStatus />
                  </header>
                )}
                <main
                  id="main"
                  tabIndex={-1}
                  className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none sm:py-8"
                >
                  {loaderData.cartNotice && (
                    <p
                      role="status"
                      className="mb-6 rounded-md border border-blue-200 bg-blue-50 p-4 break-words"
                    >
                      {t('cart.mergedNotice', { count: loaderData.cartNotice.added })}
                      {loaderData.cartNotice.capped > 0 && <> {t('cart.mergedCapped')}</>}{' '}
                      <AppLink
                        to={`/${locale.locale}/checkout/cart/`}
                        className="font-medium text-primary underline"
                      >
                        {t('cart.viewCart')}
                      </AppLink>
                    </p>
                  )}
                  <Outlet />
                </main>
                <HydrateLater>
                  <Footer
                    shop={locale.shop}
                    menus={loaderData.menus}
                    widgets={loaderData.widgets}
                  />
                </HydrateLater>
              </div>
              {!checkout && <GoToTop />}
              <HydrateLater>
                <CookieConsent
                  consent={locale.consent}
                  privacyHref={`/${locale.locale}/pages/privacy-policy/`}
                />
              </HydrateLater>
              <Analytics gTag={locale.shop.gTag} consent={locale.consent} />
            </ModalHost>
          </MiniCartProvider>
        </CartBadgeProvider>
      </WishlistProvider>
    </ToastHost>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}

/**
 * Shop info, menus and the badges reload after an action (a refused cart quantity included: it
 * still changed the cart) or a language change, not on a filter, sort or page of the list
 * (lib/cart-revalidate.ts).
 */
export const shouldRevalidate = revalidateLayout;
