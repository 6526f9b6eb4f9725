import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import type { CartAdded } from '#app/lib/cart-lines.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { AppLink } from './app-link.tsx';
import { buttonVariants } from './button.tsx';
import { Icon, ICONS } from './icon.tsx';
import { useMoney } from './price.tsx';
import { SizedImage } from './sized-image.tsx';

type Shown = { added: CartAdded; returnTo: HTMLElement | null };
type MiniCartApi = {
  shown: Shown | null;
  /** Opens the mini-cart with what an add answered; the focus goes back to `returnTo` after. */
  show: (added: CartAdded, returnTo: HTMLElement | null) => void;
  /** Closes it; `restoreFocus`: back to the element that opened it (Escape, the close button). */
  close: (restoreFocus: boolean) => void;
};

const MiniCartContext = createContext<MiniCartApi>({
  shown: null,
  show: () => {},
  close: () => {},
});
export const useMiniCart = () => useContext(MiniCartContext);

/** The shop layout's mini-cart state, shared by every add-to-cart form and the header. */
export function MiniCartProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const current = useRef<Shown | null>(null);
  const show = useCallback<MiniCartApi['show']>((added, returnTo) => {
    current.current = { added, returnTo };
    setShown(current.current);
  }, []);
  const close = useCallback<MiniCartApi['close']>((restoreFocus) => {
    const was = current.current;
    current.current = null;
    setShown(null);
    // After the panel is gone: the add button may still be disabled in this render.
    if (was && restoreFocus) setTimeout(() => was.returnTo?.focus(), 0);
  }, []);
  const value = useMemo(() => ({ shown, show, close }), [shown, show, close]);
  return <MiniCartContext value={value}>{children}</MiniCartContext>;
}

/**
 * What an add put in the cart, in a small panel under the header's cart icon (the header sticks,
 * so it is in sight wherever the shopper added from): the line, its variation, the subtotal and
 * the ways on. A non-modal dialog, like a shop's cart notification: the focus moves into it when
 * it opens (so it is announced), Escape or its close button close it and give the focus back to
 * the add button; a click elsewhere, the focus leaving it, or another page close it too. Without
 * JavaScript an add goes to the cart page instead (lib/cart-action.server.ts).
 */
export function MiniCart() {
  const { shown, close } = useMiniCart();
  const { locale, t } = useI18n();
  const money = useMoney();
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const { key } = useLocation();

  useEffect(() => {
    if (shown) panel.current?.focus();
  }, [shown]);
  // Another page: what was added is on the cart page now.
  useEffect(() => close(false), [key, close]);
  useEffect(() => {
    if (!shown) return;
    const outside = (event: PointerEvent) => {
      if (!panel.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [shown, close]);

  if (!shown) return null;
  const { line, subtotal } = shown.added;
  return (
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-mini-cart=""
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        close(true);
      }}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) close(false);
      }}
      className="absolute top-full right-4 z-40 mt-1 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-4 text-left shadow-xl outline-none focus-visible:ring-2 focus-visible:ring-primary"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="flex items-center gap-2 font-bold text-green-800">
          <span aria-hidden="true">✓</span>
          {t('cart.addedTitle')}
        </h2>
        <button
          type="button"
          onClick={() => close(true)}
          aria-label={t('common.close')}
          className="-mr-2 flex h-10 w-10 items-center justify-center rounded hover:bg-slate-100"
        >
          <Icon path={ICONS.close} />
        </button>
      </div>
      {line && (
        <div className="mt-2 flex gap-3">
          <div className="h-16 w-16 shrink-0 overflow-hidden rounded-md bg-slate-100">
            {line.image && (
              <SizedImage
                image={{ ...line.image, imageType: 'icon' }}
                alt=""
                className="h-full w-full object-cover"
                sizes="64px"
              />
            )}
          </div>
          <div className="min-w-0 text-sm">
            <p className="font-medium break-words">{line.title}</p>
            {line.variation && <p className="text-slate-700">{line.variation}</p>}
            <p className="text-slate-700">
              {t('cart.quantity')}: {line.quantity} · {money(line.price)}
            </p>
          </div>
        </div>
      )}
      <dl className="mt-3 flex justify-between gap-2 border-t border-slate-200 pt-3">
        <dt>{t('cart.subtotal')}</dt>
        <dd className="font-bold">{money(subtotal)}</dd>
      </dl>
      <div className="mt-3 grid grid-cols-2 gap-2">
        <AppLink
          to={`/${locale}/checkout/cart/`}
          className={buttonVariants({
            variant: 'secondary',
            size: 'compact',
            className: 'text-center',
          })}
        >
          {t('cart.viewCart')}
        </AppLink>
        <AppLink
          to={`/${locale}/checkout/checkout/`}
          className={buttonVariants({ size: 'compact', className: 'text-center' })}
        >
          {t('cart.checkoutShort')}
        </AppLink>
      </div>
    </div>
  );
}
