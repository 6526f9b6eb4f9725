import { fromCents, toCents } from './money.ts';

export type BundlePricing = {
  /** What the shopper pays for the bundle (after its discounts). */
  discountPrice: number;
  items: readonly { quantity: number; product: { discountPrice: number } }[];
};

/**
 * What a bundle saves against buying its items one by one at the prices the shopper sees now:
 * the items' discounted prices times their quantities, minus the bundle's price; 0 when the
 * bundle is not cheaper. Computed on integer cents; `separately` is the items' sum.
 */
export function bundleSaving(bundle: BundlePricing): { separately: number; saving: number } {
  const separately = bundle.items.reduce(
    (sum, item) => sum + toCents(item.product.discountPrice) * item.quantity,
    0,
  );
  const saving = Math.max(0, separately - toCents(bundle.discountPrice));
  return { separately: fromCents(separately), saving: fromCents(saving) };
}
