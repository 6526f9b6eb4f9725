import type { Cart, CartRef, Image } from '@shop/contract';

/** A cart line's variation as the shopper reads it: "Colour: Sage green, Size: M". */
export function variationText(variation: Cart['items'][number]['variation']): string {
  return variation.map((v) => `${v.attribute.title}: ${v.title}`).join(', ');
}

/** What the mini-cart shows of the line an add changed. */
export type AddedLine = {
  title: string;
  variation: string;
  /** What the line holds now (the add included). */
  quantity: number;
  /** The line's price, discounts applied, as the server computed it. */
  price: number;
  image: Image | null;
  /** The item's path after the language prefix. */
  slugUri: string;
};

/** The cart after an add, as the mini-cart shows it: the line, the count and the subtotal. */
export type CartAdded = { line: AddedLine | null; count: number; subtotal: number };

/**
 * The mini-cart's view of the cart the API answered to an add. The subtotal is the cart page's
 * "Subtotal" row (`totals.total`), so the two never disagree. `line` is null only if the line is
 * not in the answer (it cannot be after a successful add; the mini-cart then shows the totals).
 */
export function cartAdded(cart: Cart, added: { item: number; ref: CartRef }): CartAdded {
  const line = cart.items.find(
    (l) => l.ref === added.ref && (l.ref === 'bundle' ? l.bundle : l.product) === added.item,
  );
  return {
    count: cart.totals.quantity,
    subtotal: cart.totals.total,
    line: line
      ? {
          title: line.item.title,
          variation: variationText(line.variation),
          quantity: line.quantity,
          price: line.discountPrice,
          image: line.item.images[0] ?? null,
          slugUri: line.item.slugUri,
        }
      : null,
  };
}
