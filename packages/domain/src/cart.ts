import { discountPrice, totalVat } from './discounts.ts';
import { fromCents, multiplyMoney, toCents } from './money.ts';

export type CartRef = 'product' | 'bundle';

/**
 * The most of one product or bundle a cart line may hold: the cart's quantity fields, the
 * add-to-cart form and the API's cart calls all take this one limit.
 */
export const MAX_LINE_QUANTITY = 99;

/** What identifies a cart entry: the same product id can be in the cart once as a product and once as a bundle. */
export type CartItemKey = { product: number; ref?: CartRef | null };

export type CartItemInput = CartItemKey & { quantity: number };

export type CartLineInput = {
  price: number;
  vatPercent?: number | null;
  discountPercent?: number | null;
  quantity: number;
};

export type CartLine = {
  unitPrice: number;
  unitDiscountPrice: number;
  discount: number;
  discountPrice: number;
  totalVat: number;
  quantity: number;
};

export type CartTotals = {
  quantity: number;
  total: number;
  discount: number;
  discountPrice: number;
  totalVat: number;
};

export type AvailabilityInput = {
  cartEnabled: boolean;
  stock: number | null | undefined;
  existingQuantity?: number | null;
  addedQuantity: number;
};

/**
 * Per-unit prices are rounded first (they are what the shopper sees), line amounts are unit × quantity;
 * VAT is taken once on the line total so rounding is not multiplied by the quantity.
 */
export function cartLine(input: CartLineInput): CartLine {
  const unitPrice = fromCents(toCents(input.price));
  const unitDiscountPrice = discountPrice(unitPrice, input.discountPercent ?? 0);
  const lineTotal = multiplyMoney(unitPrice, input.quantity);
  const lineDiscountPrice = multiplyMoney(unitDiscountPrice, input.quantity);
  return {
    unitPrice,
    unitDiscountPrice,
    discount: fromCents(toCents(lineTotal) - toCents(lineDiscountPrice)),
    discountPrice: lineDiscountPrice,
    totalVat: totalVat(lineDiscountPrice, input.vatPercent),
    quantity: input.quantity,
  };
}

/** total is before discounts, discountPrice after; discountPrice === total − discount always holds. */
export function cartTotals(lines: readonly CartLine[]): CartTotals {
  let quantity = 0;
  let total = 0;
  let discount = 0;
  let reduced = 0;
  let vat = 0;
  for (const line of lines) {
    quantity += line.quantity;
    total += toCents(line.unitPrice) * line.quantity;
    discount += toCents(line.discount);
    reduced += toCents(line.discountPrice);
    vat += toCents(line.totalVat);
  }
  return {
    quantity,
    total: fromCents(total),
    discount: fromCents(discount),
    discountPrice: fromCents(reduced),
    totalVat: fromCents(vat),
  };
}

// Items stored without a ref are products; only bundles need to say so.
function refKind(ref: CartItemKey['ref']): string {
  return ref ?? 'product';
}

export function sameCartItem(a: CartItemKey, b: CartItemKey): boolean {
  return a.product === b.product && refKind(a.ref) === refKind(b.ref);
}

/**
 * "merged by product id; a quantity change replaces the old quantity": the matching item is replaced
 * in place (keeping its position), a new one is appended, and a quantity ≤ 0 removes it.
 */
export function mergeCartItem<T extends CartItemInput>(items: readonly T[], change: T): T[] {
  if (!(change.quantity > 0)) return removeCartItem(items, change);
  let found = false;
  const merged = items.map((item) => {
    if (!sameCartItem(item, change)) return item;
    found = true;
    return { ...item, ...change };
  });
  return found ? merged : [...merged, change];
}

/** "removal deletes the item". */
export function removeCartItem<T extends CartItemKey>(items: readonly T[], key: CartItemKey): T[] {
  return items.filter((item) => !sameCartItem(item, key));
}

/**
 * "if the shop has cart enabled, an item with null stock quantity is always available; otherwise
 * existing cart quantity plus the added amount must not exceed the available quantity".
 * Unknown stock with the cart disabled cannot be checked, so it is not available.
 */
export function isAvailable(input: AvailabilityInput): boolean {
  const stock = input.stock ?? null;
  if (stock === null) return input.cartEnabled;
  return (input.existingQuantity ?? 0) + input.addedQuantity <= stock;
}
