import type { Language, OrganizationInfo } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { AppLink as Link } from './app-link.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { HomeLogo } from './shop-chrome.tsx';

/**
 * The checkout's header in place of the shop's (issue 23): the logo (home), a "secure checkout"
 * note, the way back to the cart and the languages; no menus, search or badges to lead the shopper away.
 */
export function CheckoutHeader({
  shop,
  languages,
}: {
  shop: OrganizationInfo;
  languages: Language[];
}) {
  const { locale, t } = useI18n();
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
        <HomeLogo shop={shop} />
        <p className="flex items-center gap-1 text-sm text-slate-700">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
            <path d="M12 1a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-9a2 2 0 0 0-2-2h-1V6a5 5 0 0 0-5-5Zm-3 8V6a3 3 0 1 1 6 0v3H9Z" />
          </svg>
          {t('payment.secureCheckout')}
        </p>
        <Link
          to={`/${locale}/checkout/cart/`}
          className="ml-auto py-0.5 text-sm font-medium text-primary underline"
        >
          ← {t('payment.backToCart')}
        </Link>
        {/* The shopper may switch language mid-checkout: the form is the same page in another. */}
        <div className="rounded bg-slate-900 text-white">
          <LanguageSwitcher languages={languages} />
        </div>
      </div>
    </div>
  );
}
