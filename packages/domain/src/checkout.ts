import {
  cartLine,
  cartTotals,
  type CartLine,
  type CartLineInput,
  type CartTotals,
} from './cart.ts';
import { totalVat } from './discounts.ts';
import { fromCents, percentOf, toCents } from './money.ts';
import { applyPromo, type PromoCode } from './promo.ts';

/*
 * What a cart costs and what an order charges, from the same lines: product discounts first, then
 * the promo code, then delivery. VAT is the VAT part of what is paid, after every discount, per
 * line and in total; an order's total VAT adds the delivery's (`deliveryVat`, decision 0047).
 */

/** A cart line once the promo code is applied. */
export type PaidLine = CartLine & {
  /** What the promo code took off this line. */
  promoDiscount: number;
  /** What the shopper pays for the line: discountPrice − promoDiscount. */
  paid: number;
  /** The VAT part of `paid` (not of the price before the promo). */
  totalVat: number;
};

export type CartSummary = CartTotals & {
  promoApplied: boolean;
  promoDiscount: number;
  /** What the lines cost after every discount: the sum of the lines' `paid`. */
  grandTotal: number;
  lines: PaidLine[];
};

/**
 * Splits `cents` over `weights` in proportion, in whole cents, so that the parts add up exactly:
 * each part is rounded down, and the cents left go to the largest remainders (earlier lines win
 * ties).
 */
export function splitCents(cents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || cents <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (cents * w) / sum);
  const parts = exact.map(Math.floor);
  let left = cents - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left--;
  }
  return parts;
}

/**
 * The cart priced: each line with its product discount (rounded per unit), then the promo code.
 * A percent code cuts each unit price by its percentage (rounded per unit, as the promo rule
 * says); a fixed code is shared over the lines in proportion to their price, in whole cents.
 */
export function priceCart(inputs: readonly CartLineInput[], promo?: PromoCode | null): CartSummary {
  const lines = inputs.map(cartLine);
  const totals = cartTotals(lines);
  const result = applyPromo(
    lines.map((l) => ({ price: l.unitDiscountPrice, quantity: l.quantity })),
    promo,
  );
  const before = lines.map((l) => toCents(l.discountPrice));
  let cuts: number[];
  if (!result.applied || !promo) cuts = lines.map(() => 0);
  else if (promo.discountType === 'percent') {
    const percent = Math.min(Math.max(promo.discountValue, 0), 100);
    cuts = lines.map((l) => toCents(percentOf(l.unitDiscountPrice, percent)) * l.quantity);
  } else cuts = splitCents(toCents(result.promoDiscount), before);

  const paidLines = lines.map((line, i): PaidLine => {
    const paid = (before[i] ?? 0) - (cuts[i] ?? 0);
    return {
      ...line,
      promoDiscount: fromCents(cuts[i] ?? 0),
      paid: fromCents(paid),
      totalVat: totalVat(fromCents(paid), inputs[i]?.vatPercent),
    };
  });
  const grand = paidLines.reduce((sum, l) => sum + toCents(l.paid), 0);
  return {
    ...totals,
    totalVat: fromCents(paidLines.reduce((sum, l) => sum + toCents(l.totalVat), 0)),
    promoApplied: result.applied,
    promoDiscount: fromCents(before.reduce((a, b) => a + b, 0) - grand),
    grandTotal: fromCents(grand),
    lines: paidLines,
  };
}

export type DeliveryOption = { price: number; freeFrom?: number | null };

/** A delivery costs its price, or nothing once the cart's grand total reaches its free-from threshold. */
export function deliveryPrice(delivery: DeliveryOption, grandTotal: number): number {
  if (delivery.freeFrom !== null && delivery.freeFrom !== undefined) {
    if (toCents(grandTotal) >= toCents(delivery.freeFrom)) return 0;
  }
  return fromCents(Math.max(toCents(delivery.price), 0));
}

/** The delivery's price for this grand total, and what the order then costs. */
export function withDelivery(
  grandTotal: number,
  delivery: DeliveryOption,
): { delivery: number; orderTotal: number } {
  const shipping = deliveryPrice(delivery, grandTotal);
  return { delivery: shipping, orderTotal: fromCents(toCents(grandTotal) + toCents(shipping)) };
}

/**
 * The VAT part of the delivery's price. A delivery is no supply of its own but part of the goods
 * it carries (EU VAT practice: an ancillary service shares the principal supply's rate), so its
 * price is split over the lines in proportion to what is paid for each (whole cents, as
 * `splitCents` does) and each part carries the VAT of its line's rate, rounded to the cent
 * (spec §9: VAT has 2 decimals). Goods that cost nothing after the promo share it equally.
 */
export function deliveryVat(
  delivery: number,
  lines: readonly { paid: number; vatPercent?: number | null | undefined }[],
): number {
  const cents = toCents(delivery);
  if (cents <= 0 || lines.length === 0) return 0;
  const paid = lines.map((l) => Math.max(toCents(l.paid), 0));
  const weights = paid.some((p) => p > 0) ? paid : lines.map(() => 1);
  const parts = splitCents(cents, weights);
  return fromCents(
    parts.reduce(
      (sum, part, i) => sum + toCents(totalVat(fromCents(part), lines[i]?.vatPercent)),
      0,
    ),
  );
}

export type DeliveryTotals = {
  delivery: number;
  /** The VAT part of the delivery (`deliveryVat`); `totalVat` includes it. */
  deliveryVat: number;
  orderTotal: number;
  /** The VAT of all the order charges: the goods' and the delivery's. */
  totalVat: number;
};

/**
 * A priced cart with its delivery: what the order charges and the VAT of it all. The checkout's
 * summary and the placed order both take their figures from here, so the VAT the shopper reads
 * before paying is the VAT the order states.
 */
export function withDeliveryVat(
  cart: {
    grandTotal: number;
    totalVat: number;
    lines: readonly { paid: number; vatPercent?: number | null | undefined }[];
  },
  delivery: DeliveryOption,
): DeliveryTotals {
  const shipping = withDelivery(cart.grandTotal, delivery);
  const shippingVat = deliveryVat(shipping.delivery, cart.lines);
  return {
    ...shipping,
    deliveryVat: shippingVat,
    totalVat: fromCents(toCents(cart.totalVat) + toCents(shippingVat)),
  };
}

export type OrderTotals = CartSummary & DeliveryTotals;

/**
 * What an order charges: the priced cart plus its delivery. Its `totalVat` is the VAT of all it
 * charges, the goods' and the delivery's: the order's VAT line and mail say "VAT included" under a
 * total that includes the delivery.
 */
export function orderTotals(
  inputs: readonly CartLineInput[],
  promo: PromoCode | null | undefined,
  delivery: DeliveryOption,
): OrderTotals {
  const cart = priceCart(inputs, promo);
  const lines = cart.lines.map((line, i) => ({
    paid: line.paid,
    vatPercent: inputs[i]?.vatPercent,
  }));
  return { ...cart, ...withDeliveryVat({ ...cart, lines }, delivery) };
}
