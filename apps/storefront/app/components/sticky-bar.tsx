import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { ProductCard } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { AddToCartForm } from './add-to-cart.tsx';
import { useMoney } from './price.tsx';

/**
 * The product page's sticky add-to-cart bar: it slides in once the main buy box has scrolled out
 * of view, so the button is always one tap away.
 */
export function StickyBar({
  watch,
  children,
  label,
}: {
  watch: RefObject<HTMLElement | null>;
  children: ReactNode;
  label: string;
}) {
  const [visible, setVisible] = useState(false);
  const bar = useRef<HTMLElement>(null);
  // While the bar shows, its height is published as --sticky-bar-height, so that the "Go to top"
  // button (and anything else fixed at the bottom) sits above it instead of covering it.
  useEffect(() => {
    const root = document.documentElement.style;
    if (!visible || !bar.current) return;
    root.setProperty('--sticky-bar-height', `${bar.current.offsetHeight}px`);
    return () => {
      root.removeProperty('--sticky-bar-height');
    };
  }, [visible]);
  useEffect(() => {
    const target = watch.current;
    if (!target) return;
    // A scroll listener, not an IntersectionObserver: a fast fling can jump the box from below
    // the fold to above it without ever intersecting, and the observer would never fire.
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(target.getBoundingClientRect().bottom < 0);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [watch]);
  return (
    <section
      ref={bar}
      aria-label={label}
      aria-hidden={!visible}
      inert={!visible}
      className={`fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur transition-transform duration-300 ${
        visible ? 'translate-y-0' : 'translate-y-full'
      }`}
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">{children}</div>
    </section>
  );
}

/**
 * The sticky bar of a product or bundle page: its title, price and a one-tap add to cart (the
 * mini-cart then names the chosen variation, from the cart's answer).
 */
export function StickyBuyBar({
  item,
  watch,
  available,
}: {
  item: Pick<ProductCard, 'id' | 'ref' | 'title' | 'discountPrice'>;
  watch: RefObject<HTMLElement | null>;
  available: boolean;
}) {
  const { t } = useI18n();
  const money = useMoney();
  return (
    <StickyBar watch={watch} label={t('product.addToCart')}>
      {/* The price never gives way to a long title: only the title is cut. */}
      <p className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:gap-2">
        <span className="truncate font-medium">{item.title}</span>
        <span className="shrink-0 font-bold" data-sticky-price="">
          {money(item.discountPrice)}
        </span>
      </p>
      <div className="w-40 sm:w-56">
        <AddToCartForm itemId={item.id} refKind={item.ref} available={available} compact />
      </div>
    </StickyBar>
  );
}
