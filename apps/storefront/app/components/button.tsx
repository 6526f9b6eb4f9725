import type { ComponentProps } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';

/*
 * The shop's one button look (after the Epic Stack's components/ui/button.tsx). `buttonVariants`
 * also dresses links that act as buttons ("Continue shopping", "Checkout"). Callers add layout
 * only (margins, width, flex); colours, padding and type size come from a variant, so the
 * buttons of a screen keep one look.
 */
export const buttonVariants = cva('rounded-md disabled:opacity-70', {
  variants: {
    variant: {
      /** The screen's main action. */
      primary: 'bg-primary font-bold text-white hover:bg-blue-800',
      /** Every other action: outlined. */
      secondary: 'border border-slate-300 hover:bg-slate-100',
      /** Deletes something. */
      danger: 'border border-red-300 text-red-800 hover:bg-red-50',
    },
    size: {
      /** Beside a small field (a cart line's quantity). */
      xs: 'px-3 py-1.5 text-sm',
      /** Actions of a list item (a wishlist line, an address's "use this address"). */
      sm: 'px-3 py-2 text-sm',
      /** Beside a field of normal size (a promo code), or in a row of equal buttons. */
      compact: 'px-3 py-2',
      md: 'px-4 py-2',
      /** A form's submit button. */
      lg: 'px-4 py-3',
      /** A call to action that stands alone (empty cart, error screen, home banner). */
      xl: 'px-5 py-3',
    },
    /** As wide as its column (a form's submit button on a phone). */
    block: { true: 'w-full' },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = VariantProps<typeof buttonVariants>;

type ButtonProps = ComponentProps<'button'> & ButtonVariants;

/** A `<button>` of the shop's look; `type` is "submit" unless said otherwise, as in HTML. */
export function Button({ variant, size, block, className, ...props }: ButtonProps) {
  return <button {...props} className={buttonVariants({ variant, size, block, className })} />;
}
