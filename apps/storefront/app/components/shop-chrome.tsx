import { AppLink as Link } from './app-link.tsx';
import { useLocation } from 'react-router';
import type { Language, MenuItem, OrganizationInfo, Widget } from '@shop/contract';
import { hole, Variants, type PersonalState } from '#app/lib/personal-view.tsx';
import { useWishlist } from './wishlist-heart.tsx';
import { useCartBadge } from './add-to-cart.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { FooterMenus, MenuNav } from './menu-nav.tsx';
import { Icon, ICONS } from './icon.tsx';
import { MiniCart } from './mini-cart.tsx';
import { SearchBox } from './search-box.tsx';
import { SizedImage } from './sized-image.tsx';
import { CsrfInput } from './csrf-input.tsx';
import { HydrateLater } from '#app/lib/lazy-hydrate.tsx';

/** Trusted HTML written by staff in the shop's widgets. */
function WidgetHtml({ widget, className }: { widget: Widget; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: widget.content }} />;
}

/**
 * The shop's name as its mark (the `icon` image) and the title as text, so the name is in the
 * page's language ("Manufakturmarkt" in German): a logo image's wordmark is in one language only
 * (docs/decisions/0032-logo-text-in-the-page-language.md). A shop without an icon shows its
 * `logo`-type image as before, or only the title. On a phone the header shows the title alone:
 * the mark would push the cart and account icons off a 360 px screen.
 */
/** The shop's header logo, a link to its home page (the shop's header and the checkout's). */
export function HomeLogo({ shop }: { shop: OrganizationInfo }) {
  const { locale, t } = useI18n();
  return (
    <Link
      to={`/${locale}/`}
      className="flex min-h-6 shrink-0 items-center"
      aria-label={`${shop.title} – ${t('nav.home')}`}
    >
      <ShopLogo shop={shop} logoType="header_logo" tone="light" />
    </Link>
  );
}

export function ShopLogo({
  shop,
  logoType,
  tone,
}: {
  shop: OrganizationInfo;
  logoType: 'header_logo' | 'footer_logo';
  tone: 'light' | 'dark';
}) {
  const mark = shop.images.find((i) => i.imageType === 'icon');
  const logo =
    shop.images.find((i) => i.imageType === logoType) ??
    shop.images.find((i) => i.imageType === 'logo');
  const text = tone === 'light' ? 'text-primary' : 'text-white';
  if (!mark && logo) {
    return (
      <SizedImage
        image={logo}
        alt={shop.title}
        className={`h-9 w-auto sm:h-11 ${tone === 'dark' ? 'rounded-md bg-white px-2 py-1' : ''}`}
        priority={tone === 'light'}
        sizes="144px"
      />
    );
  }
  return (
    <span className="flex items-center gap-2">
      {mark && (
        <SizedImage
          image={mark}
          alt=""
          className={`h-9 w-9 shrink-0 rounded-lg sm:h-10 sm:w-10 ${tone === 'light' ? 'hidden sm:block' : ''}`}
          priority={tone === 'light'}
          sizes="40px"
        />
      )}
      <span
        data-shop-title=""
        className={`max-w-[8.5rem] text-sm leading-tight font-bold break-words sm:max-w-none sm:text-xl ${text}`}
      >
        {shop.title}
      </span>
    </span>
  );
}

/** The number on an icon link; the link's own label says it in words (a span cannot be labelled). */
function Counter({ count }: { count: number | string }) {
  return (
    <span className="absolute -top-1 -right-1 min-w-5 rounded-full bg-primary px-1 text-center text-xs leading-5 font-bold text-white">
      {count}
    </span>
  );
}

export function TopBar({
  widgets,
  languages,
  personal,
}: {
  widgets: Widget[];
  languages: Language[];
  /** Log out for a signed-in shopper, log in for a visitor (both, as variants, in a template). */
  personal: PersonalState;
}) {
  const location = useLocation();
  const { locale, t } = useI18n();
  const info = widgets.find((w) => w.name === 'HeaderInfoText');
  const logout = (
    <form key="logout" method="post" action={`/${locale}/account/logout/`}>
      <CsrfInput />
      <button type="submit" className="py-0.5 hover:underline">
        {t('header.logout')}
      </button>
    </form>
  );
  const login = (
    <a
      key="login"
      href={`/${locale}/account/login/?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
      className="inline-block py-0.5 hover:underline"
    >
      {t('header.login')}
    </a>
  );
  return (
    <div className="bg-slate-900 text-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-1.5 text-sm">
        {info ? (
          <WidgetHtml
            widget={info}
            className="min-w-0 basis-full sm:basis-auto sm:flex-1 [&_a]:underline"
          />
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center gap-3">
          <LanguageSwitcher languages={languages} />
          {personal.kind === 'template' ? (
            <Variants name="signedIn">{[logout, login]}</Variants>
          ) : personal.user ? (
            logout
          ) : (
            login
          )}
          {/* On phones the main bar's heart icon is the wishlist link. */}
          <a
            href={`/${locale}/account/wishlist/`}
            className="hidden py-0.5 hover:underline sm:inline-block"
          >
            {t('header.wishlist')}
          </a>
        </div>
      </div>
    </div>
  );
}

export function MainBar({
  shop,
  menus,
  personal,
}: {
  shop: OrganizationInfo;
  menus: MenuItem[];
  /** The counters' numbers, or their holes in a template (lib/personal-view.tsx). */
  personal: PersonalState;
}) {
  const { locale, t } = useI18n();
  const wishlistAnimating = useWishlist().animating;
  const cartAnimating = useCartBadge().animating;
  const header = menus.filter((m) => m.location === 'header');
  const template = personal.kind === 'template';
  const wishlistCount = template ? hole('wishlistCount') : personal.counts.wishlistCount;
  const wishlistLabel = template
    ? hole('wishlistLabel')
    : t('wishlist.itemsCount', { count: personal.counts.wishlistCount });
  const cartCount = template ? hole('cartCount') : personal.counts.cartCount;
  const cartLabel = template
    ? hole('cartLabel')
    : t('header.cartWithCount', { count: personal.counts.cartCount });
  // Rendered twice (a row of its own on phones, in the bar from md), so each copy has its own id.
  // The menus and the search boxes hydrate after the page, each on its own (decision 0081): they
  // work as plain links, `<details>` and a GET form until then, and a tap or key inside one
  // hydrates it at once (React's selective hydration).
  const search = (idPrefix: string) => (
    <HydrateLater>
      <SearchBox idPrefix={idPrefix} />
    </HydrateLater>
  );
  return (
    <div className="border-b border-slate-200 bg-white">
      {/* `relative`: the mini-cart hangs under the bar's right end, where the cart icon is. */}
      <div className="relative mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
        <details className="relative lg:hidden">
          <summary
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
            aria-label={t('common.openMenu')}
          >
            {<Icon path={ICONS.menu} />}
          </summary>
          {/* The header sticks: a long menu scrolls inside, its end stays reachable. */}
          <div className="absolute left-0 z-30 mt-2 max-h-[calc(100dvh-6rem)] w-72 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-md border border-slate-200 bg-white p-3 shadow-lg">
            <HydrateLater>
              <MenuNav items={header} label={t('nav.catalogue')} variant="list" />
            </HydrateLater>
          </div>
        </details>
        <HomeLogo shop={shop} />
        <div className="hidden flex-1 lg:block">
          <HydrateLater>
            <MenuNav items={header} label={t('nav.catalogue')} variant="bar" />
          </HydrateLater>
        </div>
        <div className="ml-auto hidden w-64 md:block">{search('header-search')}</div>
        <div className="ml-auto flex items-center gap-1 md:ml-0">
          <a
            href={`/${locale}/account/wishlist/`}
            className={`relative rounded p-2 hover:bg-slate-100 ${wishlistAnimating ? 'animate-cart-added' : ''}`}
            data-animating={wishlistAnimating ? '' : undefined}
            aria-label={`${t('header.wishlist')}, ${wishlistLabel}`}
          >
            {<Icon path={ICONS.heart} />}
            <Counter count={wishlistCount} />
          </a>
          {shop.cart && (
            <a
              href={`/${locale}/checkout/cart/`}
              className={`relative rounded p-2 hover:bg-slate-100 ${cartAnimating ? 'animate-cart-added' : ''}`}
              data-animating={cartAnimating ? '' : undefined}
              aria-label={cartLabel}
            >
              {<Icon path={ICONS.cart} />}
              <Counter count={cartCount} />
            </a>
          )}
          <a
            href={`/${locale}/account/dashboard/`}
            className="rounded p-2 hover:bg-slate-100 md:hidden"
            aria-label={t('header.account')}
          >
            {<Icon path={ICONS.user} />}
          </a>
        </div>
        <MiniCart />
      </div>
      {/* On phones the search is a field of its own under the bar, not hidden in the menu. */}
      <div className="px-4 pb-3 md:hidden">{search('phone-search')}</div>
    </div>
  );
}

export function Footer({
  shop,
  menus,
  widgets,
}: {
  shop: OrganizationInfo;
  menus: MenuItem[];
  widgets: Widget[];
}) {
  const { t } = useI18n();
  const footerWidgets = widgets.filter((w) => w.location === 'footer');
  return (
    <footer className="mt-16 bg-slate-900 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-4">
          <p>
            <ShopLogo shop={shop} logoType="footer_logo" tone="dark" />
          </p>
          {footerWidgets.map((widget) => (
            <section
              key={widget.id}
              aria-label={widget.title || undefined}
              className="text-sm text-slate-300"
            >
              {widget.title && <h2 className="mb-1 font-bold text-white">{widget.title}</h2>}
              <WidgetHtml widget={widget} className="space-y-2 [&_a]:underline" />
            </section>
          ))}
        </div>
        <FooterMenus items={menus.filter((m) => m.location === 'footer')} />
      </div>
      <p className="border-t border-slate-800 px-4 py-4 text-center text-sm text-slate-400">
        {t('footer.copyright', {
          year: new Date().getFullYear(),
          shop: shop.title,
          title: shop.title,
        })}
      </p>
    </footer>
  );
}
