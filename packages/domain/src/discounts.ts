import { divideRoundHalfUp, fromCents, percentOf, toCents, toHundredths } from './money.ts';

export type Discount = {
  value: number;
  start?: string | Date | null;
  end?: string | Date | null;
  user?: boolean;
};

export type ProductPricingInput = {
  price: number;
  profit?: number | null;
  vatPercent?: number | null;
  discounts?: readonly Discount[] | null;
  userDiscounts?: readonly Discount[] | null;
  now: Date;
};

export type ProductPricing = {
  price: number;
  discountPercent: number;
  discount: number;
  discountPrice: number;
  priceWithoutProfit: number;
  totalVat: number;
};

// null = bound not given; NaN = given but unparseable (treated as "never matches").
function boundTime(bound: string | Date | null | undefined): number | null {
  if (bound === null || bound === undefined || bound === '') return null;
  return bound instanceof Date ? bound.getTime() : new Date(bound).getTime();
}

/**
 * "a discount applies only when now is after its start (if given) and before its end (if given)".
 * The window is half-open [start, end) so back-to-back discounts neither overlap nor leave a gap;
 * an unparseable bound makes the discount invalid rather than silently unbounded.
 */
export function isDiscountValid(d: Discount, now: Date): boolean {
  const t = now.getTime();
  const start = boundTime(d.start);
  const end = boundTime(d.end);
  if (start !== null && !(t >= start)) return false;
  if (end !== null && !(t < end)) return false;
  return true;
}

/** Highest currently valid value among product and user discounts; 0 when none, capped at 100 so a price never goes negative. */
export function discountPercent(
  productDiscounts: readonly Discount[] | null | undefined,
  userDiscounts: readonly Discount[] | null | undefined,
  now: Date,
): number {
  let best = 0;
  for (const d of [...(productDiscounts ?? []), ...(userDiscounts ?? [])]) {
    if (Number.isFinite(d.value) && d.value > best && isDiscountValid(d, now)) best = d.value;
  }
  return Math.min(best, 100);
}

/** "percent times price divided by 100", 2 decimals. */
export function discountAmount(price: number, percent: number): number {
  return percentOf(price, percent);
}

/** "price minus discount, 2 decimals". */
export function discountPrice(price: number, percent: number): number {
  return fromCents(toCents(price) - toCents(discountAmount(price, percent)));
}

/** "price plus profit, 2 decimals" — the spec's name is kept even though the sum includes the profit. */
export function priceWithoutProfit(price: number, profit: number | null | undefined): number {
  return fromCents(toCents(price) + toCents(profit ?? 0));
}

/** VAT included in a gross price: price × percent / (100 + percent), 2 decimals. */
export function totalVat(discountedPrice: number, vatPercent: number | null | undefined): number {
  const vat = toHundredths(vatPercent ?? 0);
  if (vat === 0) return 0;
  return fromCents(divideRoundHalfUp(toCents(discountedPrice) * vat, 100 * 100 + vat));
}

export function priceProduct(input: ProductPricingInput): ProductPricing {
  const percent = discountPercent(input.discounts, input.userDiscounts, input.now);
  const reduced = discountPrice(input.price, percent);
  return {
    price: fromCents(toCents(input.price)),
    discountPercent: percent,
    discount: discountAmount(input.price, percent),
    discountPrice: reduced,
    priceWithoutProfit: priceWithoutProfit(input.price, input.profit),
    totalVat: totalVat(reduced, input.vatPercent),
  };
}
