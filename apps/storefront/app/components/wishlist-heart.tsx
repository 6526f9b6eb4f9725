import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { WISHLIST_ANIMATION_MS } from '@shop/domain';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { hole, Variants, type SavedProducts } from '#app/lib/personal-view.tsx';
import { useTimedFlag } from '#app/lib/timed-flag.ts';
import { CsrfInput } from './csrf-input.tsx';
import { ICONS } from './icon.tsx';
import { useToast } from './toasts.tsx';

export { savedProducts, type SavedProducts } from '#app/lib/personal-view.tsx';

/** The hearts' state: `'template'` in a template render, where each heart is its variants. */
export type SavedState = SavedProducts | null | 'template';

type WishlistState = {
  /** Null for anonymous visitors: their hearts ask them to log in. */
  saved: SavedState;
  /** On for WISHLIST_ANIMATION_MS after a product was added (spec section 4). */
  animating: boolean;
  added: () => void;
};

const WishlistContext = createContext<WishlistState>({
  saved: null,
  animating: false,
  added: () => {},
});
export const useWishlist = () => useContext(WishlistContext);

/** The shop layout's wishlist: which products are saved, and the header's 500 ms animation. */
export function WishlistProvider({ saved, children }: { saved: SavedState; children: ReactNode }) {
  const [animating, added] = useTimedFlag(WISHLIST_ANIMATION_MS);
  const value = useMemo(() => ({ saved, animating, added }), [saved, animating, added]);
  return <WishlistContext value={value}>{children}</WishlistContext>;
}

export type WishlistActionResult = { ok: true; saved: boolean } | { ok: false; message: string };

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={ICONS.heart} />
    </svg>
  );
}

/**
 * The heart of a product card or page: saves the product to the wishlist or removes it. A plain
 * form post to the wishlist page (it comes back here without JavaScript); with JavaScript it stays
 * on the page, fills at once and toasts. Anonymous shoppers get a link to log in that comes back.
 */
export function WishlistHeart({
  productId,
  title,
  className = '',
}: {
  productId: number;
  title: string;
  className?: string;
}) {
  const { locale, t } = useI18n();
  const { toast } = useToast();
  const { saved, added } = useWishlist();
  const location = useLocation();
  const fetcher = useFetcher<WishlistActionResult>();
  const handled = useRef<WishlistActionResult | undefined>(undefined);
  const here = `${location.pathname}${location.search}`;
  const hydrated = useHydrated();

  useEffect(() => {
    const result = fetcher.data;
    if (!result || result === handled.current || fetcher.state !== 'idle') return;
    handled.current = result;
    if (!result.ok) return toast(result.message, 'error');
    toast(t(result.saved ? 'wishlist.added' : 'wishlist.removed', { title }));
    if (result.saved) added();
  }, [fetcher.data, fetcher.state, toast, t, title, added]);

  const button = `relative z-10 inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-rose-600 shadow-sm hover:bg-white ${className}`;
  const login = (
    <a
      key="login"
      href={`/${locale}/account/login/?redirectTo=${encodeURIComponent(here)}`}
      className={button}
      aria-label={`${t('wishlist.add')}: ${title} (${t('wishlist.loginRequired')})`}
      title={t('wishlist.loginRequired')}
    >
      <HeartIcon filled={false} />
    </a>
  );
  // The form of a signed-in shopper's heart; `itemId`: the saved item (a hole in a template).
  const form = (itemId: number | string | undefined) => {
    // Shown as it will be while the form is on its way.
    const pending = fetcher.formData?.get('intent');
    const isSaved = pending ? pending === 'add' : itemId !== undefined;
    return (
      <fetcher.Form
        key={isSaved ? 'saved' : 'unsaved'}
        method="post"
        action={`/${locale}/account/wishlist/`}
        className="contents"
      >
        <CsrfInput />
        <input type="hidden" name="intent" value={isSaved ? 'remove' : 'add'} />
        <input type="hidden" name="product" value={productId} />
        {itemId !== undefined && <input type="hidden" name="item" value={itemId} />}
        <input type="hidden" name="redirectTo" value={here} />
        {/* With JavaScript the answer comes back to this heart; without, the page comes back. */}
        {hydrated && <input type="hidden" name="fetch" value="1" />}
        <button
          type="submit"
          className={button}
          aria-pressed={isSaved}
          aria-label={`${t('wishlist.add')}: ${title}`}
        >
          <HeartIcon filled={isSaved} />
        </button>
      </fetcher.Form>
    );
  };
  // A template render: the visitor's, the unsaved and the saved heart (fillPersonal chooses).
  if (saved === 'template') {
    return (
      <Variants name={`heart:${productId}`}>
        {[login, form(undefined), form(hole(`item:${productId}`))]}
      </Variants>
    );
  }
  if (saved === null) return login;
  return form(saved[productId]);
}
