import { fromCents, percentOf, toCents } from './money.ts';

export type PromoCode = {
  discountType: 'percent' | 'fixed';
  discountValue: number;
  fromPrice?: number | null;
};

/** One cart position for promo purposes: price is the unit price after product discounts. */
export type PromoLine = { price: number; quantity?: number };

export type PromoResult = { applied: boolean; total: number; promoDiscount: number };

export type PromoState = 'valid' | 'unknown' | 'expired' | 'notYet';

/** What decides whether a code may be used now: switched on, and inside its validity window. */
export type PromoWindow = { active: boolean; startsAt: Date | null; endsAt: Date | null };

/**
 * Whether a code can be used at `now`: an unknown or switched-off code is 'unknown'; the window
 * is half-open like a discount's (valid from its start, no longer at its end).
 */
export function promoState(promo: PromoWindow | null | undefined, now: Date): PromoState {
  if (!promo || !promo.active) return 'unknown';
  if (promo.startsAt && now < promo.startsAt) return 'notYet';
  if (promo.endsAt && now >= promo.endsAt) return 'expired';
  return 'valid';
}

/** "applies only when the cart total after discounts is greater than its fromPrice, or when it has no fromPrice". */
export function promoApplies(promo: PromoCode, totalAfterDiscounts: number): boolean {
  if (promo.fromPrice === null || promo.fromPrice === undefined) return true;
  return toCents(totalAfterDiscounts) > toCents(promo.fromPrice);
}

function linesTotalCents(lines: readonly PromoLine[]): number {
  let cents = 0;
  for (const line of lines) cents += toCents(line.price) * (line.quantity ?? 1);
  return cents;
}

/** applyPromo(cart lines with discounted unit prices, promo) → cart total after the promo and what the promo saved. */
export function applyPromo(
  lines: readonly PromoLine[],
  promo: PromoCode | null | undefined,
): PromoResult {
  const before = linesTotalCents(lines);
  if (!promo || !promoApplies(promo, fromCents(before))) {
    return { applied: false, total: fromCents(before), promoDiscount: 0 };
  }
  let after: number;
  if (promo.discountType === 'percent') {
    // "reduces each item price by that percentage": rounding happens per unit price, like product discounts.
    const percent = Math.min(Math.max(promo.discountValue, 0), 100);
    after = 0;
    for (const line of lines) {
      const unit = toCents(line.price) - toCents(percentOf(line.price, percent));
      after += unit * (line.quantity ?? 1);
    }
  } else {
    // "subtracts its value from the total" — but a total never goes below 0.
    after = Math.max(before - Math.max(toCents(promo.discountValue), 0), 0);
  }
  return { applied: true, total: fromCents(after), promoDiscount: fromCents(before - after) };
}
