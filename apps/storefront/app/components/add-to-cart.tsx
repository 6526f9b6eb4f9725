import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { CART_ANIMATION_MS, MAX_LINE_QUANTITY } from '@shop/domain';
import { Button } from '#app/components/button.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { useTimedFlag } from '#app/lib/timed-flag.ts';
import { useToast } from './toasts.tsx';
import { CsrfInput } from './csrf-input.tsx';

type CartBadge = {
  /** On for CART_ANIMATION_MS after something was added (spec section 4): the header's badge. */
  animating: boolean;
  added: () => void;
};
const CartBadgeContext = createContext<CartBadge>({ animating: false, added: () => {} });
export const useCartBadge = () => useContext(CartBadgeContext);

/** The shop layout's cart animation flag, shared by every add-to-cart form and the header. */
export function CartBadgeProvider({ children }: { children: ReactNode }) {
  const [animating, added] = useTimedFlag(CART_ANIMATION_MS);
  const value = useMemo(() => ({ animating, added }), [animating, added]);
  return <CartBadgeContext value={value}>{children}</CartBadgeContext>;
}

export type AddToCartResult =
  { ok: true; quantity: number } | { ok: false; message: string; cartChanged?: true };

/**
 * A plain form post (works without JavaScript); with JavaScript it stays on the page, toasts the
 * answer with a "View cart" link and animates the header's cart badge for 500 ms.
 */
export function AddToCartForm({
  itemId,
  title,
  refKind,
  available,
  compact = false,
  formId,
}: {
  itemId: number;
  title: string;
  refKind: 'product' | 'bundle';
  available: boolean;
  compact?: boolean;
  formId?: string;
}) {
  const { locale, t } = useI18n();
  const { toast } = useToast();
  const { added } = useCartBadge();
  const fetcher = useFetcher<AddToCartResult>();
  const last = useRef<AddToCartResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (!result || result === last.current || fetcher.state !== 'idle') return;
    last.current = result;
    if (!result.ok) return toast(result.message, 'error');
    // Names the product and its variation, with the way to the cart; top-left, so the header's
    // cart badge (top-right) stays in sight while it animates.
    toast(t('product.addedToCart', { title }), 'info', {
      href: `/${locale}/checkout/cart/`,
      label: t('cart.viewCart'),
    });
    added();
  }, [fetcher.data, fetcher.state, t, toast, title, locale, added]);
  // The cart animation (500 ms, spec section 4) plays once per successful add.
  const animating = fetcher.state === 'idle' && fetcher.data?.ok === true;

  if (!available) {
    return (
      <button
        type="button"
        disabled
        className="w-full cursor-not-allowed rounded-md bg-slate-300 px-5 py-3 font-bold text-slate-700"
      >
        {t('product.soldOut')}
      </button>
    );
  }
  return (
    <fetcher.Form method="post" id={formId} className={`flex gap-2 ${compact ? '' : 'flex-wrap'}`}>
      <CsrfInput />
      <input type="hidden" name="intent" value="add-to-cart" />
      <input type="hidden" name="ref" value={refKind} />
      <input type="hidden" name="item" value={itemId} />
      {!compact && (
        <label className="flex items-center gap-2">
          <span className="sr-only">{t('product.quantity')}</span>
          <input
            type="number"
            name="quantity"
            min={1}
            max={MAX_LINE_QUANTITY}
            defaultValue={1}
            required
            className="w-20 rounded-md border border-slate-300 px-3 py-3"
          />
        </label>
      )}
      {compact && <input type="hidden" name="quantity" value="1" />}
      <Button
        type="submit"
        disabled={fetcher.state !== 'idle'}
        size="xl"
        className={`flex-1 ${animating ? 'animate-cart-added' : ''}`}
      >
        {t('product.addToCart')}
      </Button>
    </fetcher.Form>
  );
}
