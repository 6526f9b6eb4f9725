import { describe, expect, it } from 'vitest';
import {
  deliveryPrice,
  deliveryVat,
  orderTotals,
  withDeliveryVat,
  priceCart,
  splitCents,
  withDelivery,
} from './checkout.ts';

describe('splitCents: shares that add up exactly', () => {
  it.each<[number, number[], number[]]>([
    [100, [1, 1], [50, 50]],
    [100, [1, 1, 1], [34, 33, 33]],
    [5, [300, 100], [4, 1]],
    [0, [1, 2], [0, 0]],
    [7, [0, 0], [0, 0]],
    [1, [1, 1], [1, 0]],
  ])('%s over %j → %j', (cents, weights, parts) => {
    expect(splitCents(cents, weights)).toEqual(parts);
    if (weights.some((w) => w > 0)) expect(parts.reduce((a, b) => a + b, 0)).toBe(cents);
  });
});

describe('priceCart — "VAT is the VAT part of what is paid, after every discount, per line and in total"', () => {
  // The case: 22 % VAT, €611.27 of goods, a 10 % code leaves €550.14; VAT €99.21, not €110.23.
  it('takes VAT on the total after a percent promo code', () => {
    const cart = priceCart(
      [
        { price: 500, vatPercent: 22, quantity: 1 },
        { price: 111.27, vatPercent: 22, quantity: 1 },
      ],
      { discountType: 'percent', discountValue: 10 },
    );
    expect(cart.discountPrice).toBe(611.27);
    expect(cart.grandTotal).toBe(550.14);
    expect(cart.promoDiscount).toBe(61.13);
    expect(cart.lines.map((l) => l.paid)).toEqual([450, 100.14]);
    expect(cart.lines.map((l) => l.totalVat)).toEqual([81.15, 18.06]);
    expect(cart.totalVat).toBe(99.21);
  });

  it('shares a fixed code over the lines by price and takes VAT per line on what is left', () => {
    const cart = priceCart(
      [
        { price: 30, vatPercent: 20, quantity: 1 },
        { price: 10, vatPercent: 0, quantity: 1 },
      ],
      { discountType: 'fixed', discountValue: 4 },
    );
    expect(cart.lines.map((l) => l.promoDiscount)).toEqual([3, 1]);
    expect(cart.lines.map((l) => l.paid)).toEqual([27, 9]);
    expect(cart.lines.map((l) => l.totalVat)).toEqual([4.5, 0]);
    expect(cart.totalVat).toBe(4.5);
    expect(cart.grandTotal).toBe(36);
  });

  it('applies product discounts first (rounded per unit), then the code, per unit', () => {
    const cart = priceCart([{ price: 19.99, vatPercent: 19, discountPercent: 15, quantity: 3 }], {
      discountType: 'percent',
      discountValue: 10,
    });
    // 19.99 − 15 % = 16.99 a unit; − 10 % (1.70) = 15.29 a unit; × 3 = 45.87.
    expect(cart.lines[0]).toMatchObject({ unitDiscountPrice: 16.99, paid: 45.87 });
    expect(cart.grandTotal).toBe(45.87);
    expect(cart.totalVat).toBe(7.32);
  });

  it('never lets a fixed code take the total below 0, and VAT goes to 0 with it', () => {
    const cart = priceCart([{ price: 2.5, vatPercent: 22, quantity: 1 }], {
      discountType: 'fixed',
      discountValue: 5,
    });
    expect(cart.grandTotal).toBe(0);
    expect(cart.promoDiscount).toBe(2.5);
    expect(cart.totalVat).toBe(0);
  });

  it('without a code (or below its fromPrice) is the plain cart', () => {
    const lines = [{ price: 40, vatPercent: 22, quantity: 1 }];
    const plain = priceCart(lines, null);
    const below = priceCart(lines, { discountType: 'fixed', discountValue: 5, fromPrice: 50 });
    for (const cart of [plain, below]) {
      expect(cart).toMatchObject({ promoApplied: false, promoDiscount: 0, grandTotal: 40 });
      expect(cart.totalVat).toBe(7.21);
    }
  });
});

describe('deliveryPrice — free from its threshold', () => {
  it.each<[number, number | null, number, number]>([
    [4.9, 50, 49.99, 4.9],
    [4.9, 50, 50, 0],
    [4.9, 50, 120, 0],
    [4.9, null, 1000, 4.9],
    [0, null, 10, 0],
  ])('price %s, free from %s, cart %s → %s', (price, freeFrom, total, expected) => {
    expect(deliveryPrice({ price, freeFrom }, total)).toBe(expected);
  });
});

describe('orderTotals', () => {
  it('adds the delivery to the grand total after the promo code', () => {
    const totals = orderTotals(
      [{ price: 30, vatPercent: 22, quantity: 1 }],
      { discountType: 'fixed', discountValue: 5 },
      { price: 4.9, freeFrom: 50 },
    );
    expect(totals).toMatchObject({ grandTotal: 25, delivery: 4.9, orderTotal: 29.9 });
  });

  it('decides free delivery on what is paid after the promo, not before', () => {
    const totals = orderTotals(
      [{ price: 52, vatPercent: 22, quantity: 1 }],
      { discountType: 'fixed', discountValue: 5 },
      { price: 4.9, freeFrom: 50 },
    );
    expect(totals).toMatchObject({ grandTotal: 47, delivery: 4.9, orderTotal: 51.9 });
  });
});

describe('deliveryVat', () => {
  // VAT included in a gross amount: amount × percent / (100 + percent), to the cent (spec §3, §9).
  it.each([
    // One rate: the delivery carries that rate. 4.90 × 22 / 122 = 0.8836 → 0.88.
    [4.9, [{ paid: 30, vatPercent: 22 }], 0.88],
    // 10.00 × 19 / 119 = 1.5966 → 1.60.
    [10, [{ paid: 5, vatPercent: 19 }], 1.6],
    // Mixed rates: split by what is paid per line (30 : 10 → 7.50 and 2.50), each at its rate:
    // 7.50 × 22 / 122 = 1.352 → 1.35; 2.50 × 10 / 110 = 0.227 → 0.23.
    [
      10,
      [
        { paid: 30, vatPercent: 22 },
        { paid: 10, vatPercent: 10 },
      ],
      1.58,
    ],
    // A VAT-free line takes its share without VAT: 5.00 at 0 %, 5.00 × 22 / 122 = 0.90.
    [
      10,
      [
        { paid: 20, vatPercent: 0 },
        { paid: 20, vatPercent: 22 },
      ],
      0.9,
    ],
    // Free delivery, or no rate: no VAT.
    [0, [{ paid: 30, vatPercent: 22 }], 0],
    [4.9, [{ paid: 30, vatPercent: null }], 0],
    [4.9, [], 0],
    // Goods made free by the promo share the delivery equally: 2.00 each.
    [
      4,
      [
        { paid: 0, vatPercent: 22 },
        { paid: 0, vatPercent: 0 },
      ],
      0.36,
    ],
  ])('delivery %s over %j → %s', (delivery, lines, expected) => {
    expect(deliveryVat(delivery, lines)).toBe(expected);
  });
});

describe('orderTotals VAT', () => {
  it("includes the delivery's VAT in the order's total VAT", () => {
    const totals = orderTotals([{ price: 30, vatPercent: 22, quantity: 1 }], null, {
      price: 4.9,
      freeFrom: 50,
    });
    // Goods: 30 × 22 / 122 = 5.409 → 5.41; delivery 0.88.
    expect(totals).toMatchObject({ delivery: 4.9, deliveryVat: 0.88, totalVat: 6.29 });
    expect(priceCart([{ price: 30, vatPercent: 22, quantity: 1 }]).totalVat).toBe(5.41);
  });

  it('adds no VAT for a delivery that is free from its threshold', () => {
    const totals = orderTotals([{ price: 60, vatPercent: 22, quantity: 1 }], null, {
      price: 4.9,
      freeFrom: 50,
    });
    expect(totals).toMatchObject({ delivery: 0, deliveryVat: 0, totalVat: 10.82 });
  });
});

describe('withDeliveryVat', () => {
  it("gives a priced cart's lines the order's figures: the checkout's summary states the order's VAT", () => {
    // Two rates and a fixed promo: the delivery's VAT follows what is paid per line.
    const inputs = [
      { price: 30, vatPercent: 22, quantity: 1 },
      { price: 10, vatPercent: 10, quantity: 2 },
    ];
    const promo = { discountType: 'fixed', discountValue: 5 } as const;
    const cart = priceCart(inputs, promo);
    const lines = cart.lines.map((line, i) => ({
      paid: line.paid,
      vatPercent: inputs[i]!.vatPercent,
    }));
    const summary = withDeliveryVat({ ...cart, lines }, { price: 4.9 });
    const order = orderTotals(inputs, promo, { price: 4.9 });
    expect(summary).toEqual({
      delivery: order.delivery,
      deliveryVat: order.deliveryVat,
      orderTotal: order.orderTotal,
      totalVat: order.totalVat,
    });
    // Not the goods' VAT alone: the delivery's share is in it.
    expect(summary.totalVat).toBeGreaterThan(cart.totalVat);
    expect(summary.deliveryVat).toBeGreaterThan(0);
  });
});

describe('withDelivery', () => {
  it('adds the delivery in cents, free from its threshold', () => {
    expect(withDelivery(45.1, { price: 4.9, freeFrom: 50 })).toEqual({
      delivery: 4.9,
      orderTotal: 50,
    });
    expect(withDelivery(50, { price: 4.9, freeFrom: 50 })).toEqual({ delivery: 0, orderTotal: 50 });
    expect(withDelivery(0.1, { price: 0.2 })).toEqual({ delivery: 0.2, orderTotal: 0.3 });
  });
});
