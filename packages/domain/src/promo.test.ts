import { describe, it, expect } from 'vitest';
import {
  applyPromo,
  promoApplies,
  promoState,
  type PromoCode,
  type PromoLine,
  type PromoResult,
} from './promo.ts';

describe('promoApplies — "only when the cart total after discounts is greater than its fromPrice, or when it has no fromPrice"', () => {
  it.each<[string, PromoCode, number, boolean]>([
    ['no fromPrice', { discountType: 'fixed', discountValue: 5 }, 1, true],
    ['null fromPrice', { discountType: 'fixed', discountValue: 5, fromPrice: null }, 0, true],
    [
      'greater than fromPrice',
      { discountType: 'percent', discountValue: 5, fromPrice: 50 },
      50.01,
      true,
    ],
    [
      'equal is not "greater"',
      { discountType: 'percent', discountValue: 5, fromPrice: 50 },
      50,
      false,
    ],
    ['below fromPrice', { discountType: 'percent', discountValue: 5, fromPrice: 50 }, 49.99, false],
    [
      'float-noisy total 0.1 + 0.2 equals 0.3',
      { discountType: 'fixed', discountValue: 1, fromPrice: 0.3 },
      0.1 + 0.2,
      false,
    ],
    [
      'fromPrice 0 with positive total',
      { discountType: 'fixed', discountValue: 1, fromPrice: 0 },
      0.01,
      true,
    ],
  ])('%s', (_name, promo, total, ok) => {
    expect(promoApplies(promo, total)).toBe(ok);
  });
});

describe('applyPromo', () => {
  const lines: PromoLine[] = [
    { price: 19.99, quantity: 3 },
    { price: 0.1, quantity: 1 },
  ];
  it.each<[string, PromoLine[], PromoCode | null, PromoResult]>([
    ['no promo', lines, null, { applied: false, total: 60.07, promoDiscount: 0 }],
    [
      '"a percent promo reduces each item price by that percentage"',
      lines,
      { discountType: 'percent', discountValue: 10 },
      // 19.99 → 17.99 (per unit, half-up), 0.10 → 0.09
      { applied: true, total: 54.06, promoDiscount: 6.01 },
    ],
    [
      'percent 33.33',
      [{ price: 100 }],
      { discountType: 'percent', discountValue: 33.33 },
      { applied: true, total: 66.67, promoDiscount: 33.33 },
    ],
    [
      '"a fixed promo subtracts its value from the total"',
      lines,
      { discountType: 'fixed', discountValue: 10.07 },
      { applied: true, total: 50, promoDiscount: 10.07 },
    ],
    [
      'fixed promo never goes below 0',
      [{ price: 5, quantity: 1 }],
      { discountType: 'fixed', discountValue: 20 },
      { applied: true, total: 0, promoDiscount: 5 },
    ],
    [
      'not applied when total equals fromPrice',
      [{ price: 25, quantity: 2 }],
      { discountType: 'fixed', discountValue: 5, fromPrice: 50 },
      { applied: false, total: 50, promoDiscount: 0 },
    ],
    [
      'applied above fromPrice',
      [{ price: 25.01, quantity: 2 }],
      { discountType: 'fixed', discountValue: 5, fromPrice: 50 },
      { applied: true, total: 45.02, promoDiscount: 5 },
    ],
    [
      'empty cart',
      [],
      { discountType: 'percent', discountValue: 10 },
      { applied: true, total: 0, promoDiscount: 0 },
    ],
    [
      'percent above 100 is capped',
      [{ price: 10 }],
      { discountType: 'percent', discountValue: 150 },
      { applied: true, total: 0, promoDiscount: 10 },
    ],
    [
      'quantity defaults to 1; float-noisy prices',
      [{ price: 0.1 }, { price: 0.2 }],
      { discountType: 'fixed', discountValue: 0.1 },
      { applied: true, total: 0.2, promoDiscount: 0.1 },
    ],
  ])('%s', (_name, input, promo, expected) => {
    expect(applyPromo(input, promo)).toEqual(expected);
  });
});

describe('promoState — valid from its start, no longer at its end', () => {
  const start = new Date('2026-01-01T00:00:00Z');
  const end = new Date('2026-02-01T00:00:00Z');
  const code = { active: true, startsAt: start, endsAt: end };
  it.each<[string, Parameters<typeof promoState>[0], Date, ReturnType<typeof promoState>]>([
    ['no code', null, start, 'unknown'],
    ['switched off', { ...code, active: false }, start, 'unknown'],
    ['before its start', code, new Date('2025-12-31T23:59:59Z'), 'notYet'],
    ['at its start', code, start, 'valid'],
    ['inside', code, new Date('2026-01-15T00:00:00Z'), 'valid'],
    ['at its end', code, end, 'expired'],
    ['after its end', code, new Date('2026-03-01T00:00:00Z'), 'expired'],
    ['no window at all', { active: true, startsAt: null, endsAt: null }, end, 'valid'],
  ])('%s', (_case, promo, now, state) => {
    expect(promoState(promo, now)).toBe(state);
  });
});
