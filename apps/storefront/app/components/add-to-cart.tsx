import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useFetcher } from 'react-router';
import { CART_ANIMATION_MS, MAX_LINE_QUANTITY } from '@shop/domain';
import { Button } from '#app/components/button.tsx';
import type { CartAdded } from '#app/lib/cart-lines.ts';
import { useHydrated } from '#app/lib/hydrated.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { useTimedFlag } from '#app/lib/timed-flag.ts';
import { useToast } from './toasts.tsx';
import { CsrfInput } from './csrf-input.tsx';
import { useMiniCart } from './mini-cart.tsx';

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
  ({ ok: true } & CartAdded) | { ok: false; message: string; cartChanged?: true };

/** Whether an action's answer is an add's (a product page's action also answers its reviews). */
export const isAddToCartResult = (value: unknown): value is AddToCartResult =>
  typeof value === 'object' && value !== null && 'ok' in value;

/**
 * A plain form post: without JavaScript the shop answers with the cart page (a refusal comes back
 * to this page, `answer`, with its message). With JavaScript it stays on the page, opens the
 * header's mini-cart with what was added and animates the cart badge for 500 ms; a refusal is a
 * toast (spec section 8).
 */
export function AddToCartForm({
  itemId,
  refKind,
  available,
  compact = false,
  formId,
  answer,
}: {
  itemId: number;
  refKind: 'product' | 'bundle';
  available: boolean;
  compact?: boolean;
  formId?: string;
  /** The answer to this form posted without JavaScript (the route's action data). */
  answer?: AddToCartResult | undefined;
}) {
  const { t } = useI18n();
  const cartOn = useLocaleData()?.shop.cart ?? true;
  const { toast } = useToast();
  const { added } = useCartBadge();
  const miniCart = useMiniCart();
  const hydrated = useHydrated();
  const fetcher = useFetcher<AddToCartResult>();
  const form = useRef<HTMLFormElement>(null);
  const last = useRef<AddToCartResult | undefined>(undefined);

  useEffect(() => {
    const result = fetcher.data;
    if (!result || result === last.current || fetcher.state !== 'idle') return;
    last.current = result;
    if (!result.ok) return toast(result.message, 'error');
    // Under the header's cart icon, which the sticky header keeps in sight; the focus comes back
    // to this form's button when it closes.
    miniCart.show(
      { line: result.line ?? null, count: result.count, subtotal: result.subtotal },
      form.current?.querySelector<HTMLElement>('button[type="submit"]') ?? null,
    );
    added();
  }, [fetcher.data, fetcher.state, toast, miniCart, added]);
  // The cart animation (500 ms, spec section 4) plays once per successful add.
  const animating = fetcher.state === 'idle' && fetcher.data?.ok === true;

  if (!available) {
    return (
      <button
        type="button"
        disabled
        className="w-full cursor-not-allowed rounded-md bg-slate-300 px-5 py-3 font-bold text-slate-700"
      >
        {/* With the cart off (staff's shop switch) nothing is sold out: the shop takes no orders. */}
        {t(cartOn ? 'product.soldOut' : 'product.ordersPaused')}
      </button>
    );
  }
  return (
    <fetcher.Form
      ref={form}
      method="post"
      id={formId}
      className={`flex gap-2 ${compact ? '' : 'flex-wrap'}`}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="add-to-cart" />
      {/* Posted as a page (no scripts yet, or none at all): the answer is the cart page. */}
      {!hydrated && <input type="hidden" name="then" value="cart" />}
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
      {answer && !answer.ok && (
        <p role="alert" className="basis-full rounded-md bg-red-50 p-3 text-red-800">
          {answer.message}
        </p>
      )}
    </fetcher.Form>
  );
}
