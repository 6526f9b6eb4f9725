import { discountPrice, totalVat } from './discounts.ts';
import { fromCents, multiplyMoney, toCents } from './money.ts';

export type CartRef = 'product' | 'bundle';

/**
 * The most of one product or bundle a cart line may hold: the cart's quantity fields, the
 * add-to-cart form and the API's cart calls all take this one limit.
 */
export const MAX_LINE_QUANTITY = 99;

/**
 * The most one cart line may hold, and what sets it: the stock when it is below the per-order
 * rule, else the rule (MAX_LINE_QUANTITY), which also caps a product with unlimited stock (null).
 * The shopper is told which: "Only 3 left in stock." or "At most 99 per order."
 */
export function lineLimit(stock: number | null): { max: number; by: 'stock' | 'rule' } {
  return stock !== null && stock < MAX_LINE_QUANTITY
    ? { max: Math.max(stock, 0), by: 'stock' }
    : { max: MAX_LINE_QUANTITY, by: 'rule' };
}

/**
 * What a line holds when `added` more come into one that held `had` (a login's cart merge, "order
 * again"): as much as the line's limit allows, never less than it held (a merge takes nothing away).
 */
export function mergedQuantity(had: number, added: number, stock: number | null): number {
  return Math.max(had, Math.min(had + added, lineLimit(stock).max));
}

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
