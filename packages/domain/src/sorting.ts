import { discountPrice } from './discounts.ts';

/** What a price sort needs of a listed item: its id and the price the shopper is shown. */
export type PricedItem = { id: number; discountPrice: number };

/**
 * "Price: low to high" orders by the price the shopper sees on the card — the current price after
 * the biggest valid discount, the shopper's own included — not by the list price: a €19.99 item
 * at 10 % off (€17.99) comes before one at €18.50. Equal prices keep a stable order by id
 * (ascending for low-to-high, descending for high-to-low, as the API pages them).
 */
export function compareByShownPrice(direction: 'asc' | 'desc') {
  const sign = direction === 'asc' ? 1 : -1;
  return (a: PricedItem, b: PricedItem): number =>
    sign * (a.discountPrice - b.discountPrice || a.id - b.id);
}

/** The shown price a sort compares: the list price less the caller's current discount percent. */
export function shownPrice(price: number, currentDiscountPercent: number): number {
  return discountPrice(price, currentDiscountPercent);
}
