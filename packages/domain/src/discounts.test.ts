import { describe, it, expect } from 'vitest';
import {
  discountAmount,
  discountPercent,
  discountPrice,
  isDiscountValid,
  priceProduct,
  priceWithoutProfit,
  totalVat,
  type Discount,
} from './discounts.ts';

const now = new Date('2024-06-15T12:00:00Z');

describe('isDiscountValid — "applies only when now is after its start (if given) and before its end (if given)"', () => {
  it.each<[string, Discount, boolean]>([
    ['no dates', { value: 10 }, true],
    ['null dates', { value: 10, start: null, end: null }, true],
    ['empty-string dates count as not given', { value: 10, start: '', end: '' }, true],
    ['started yesterday, no end', { value: 10, start: '2024-06-14T12:00:00Z' }, true],
    ['starts tomorrow', { value: 10, start: '2024-06-16T12:00:00Z' }, false],
    ['ended yesterday', { value: 10, end: '2024-06-14T12:00:00Z' }, false],
    ['ends tomorrow', { value: 10, end: '2024-06-16T12:00:00Z' }, true],
    ['inside window', { value: 10, start: '2024-06-01', end: '2024-07-01' }, true],
    ['start exactly now (window is [start, end))', { value: 10, start: now }, true],
    ['end exactly now', { value: 10, end: new Date(now.getTime()) }, false],
    [
      'Date objects',
      { value: 10, start: new Date('2024-01-01'), end: new Date('2025-01-01') },
      true,
    ],
    ['unparseable start', { value: 10, start: 'not a date' }, false],
    ['unparseable end', { value: 10, end: 'soon' }, false],
  ])('%s → %s', (_name, d, valid) => {
    expect(isDiscountValid(d, now)).toBe(valid);
  });
});

describe('discountPercent — "the biggest currently valid discount value, 0 when none"', () => {
  it.each<[string, Discount[], Discount[], number]>([
    ['none', [], [], 0],
    ['one product discount', [{ value: 15 }], [], 15],
    ['highest value wins', [{ value: 5 }, { value: 20 }, { value: 10 }], [], 20],
    ['expired bigger one ignored', [{ value: 50, end: '2024-01-01' }, { value: 10 }], [], 10],
    ['future bigger one ignored', [{ value: 50, start: '2025-01-01' }], [], 0],
    ["logged-in user's own discount wins", [{ value: 10 }], [{ value: 25, user: true }], 25],
    ['product discount beats user discount', [{ value: 30 }], [{ value: 25, user: true }], 30],
    ['2-decimal percent', [{ value: 33.33 }], [], 33.33],
    ['negative ignored', [{ value: -5 }], [], 0],
    ['capped at 100', [{ value: 150 }], [], 100],
  ])('%s', (_name, product, user, pct) => {
    expect(discountPercent(product, user, now)).toBe(pct);
  });

  it('accepts missing lists', () => {
    expect(discountPercent(null, undefined, now)).toBe(0);
  });
});

describe('discountAmount — "percent times price divided by 100"', () => {
  it.each([
    [100, 10, 10],
    [19.99, 15, 3],
    [19.99, 33.33, 6.66],
    [0.1 + 0.2, 50, 0.15],
    [9.99, 0, 0],
    [10, 100, 10],
  ])('discountAmount(%s, %s) === %s', (price, pct, r) => {
    expect(discountAmount(price, pct)).toBe(r);
  });
});

describe('discountPrice — "price minus discount, 2 decimals"', () => {
  it.each([
    [100, 10, 90],
    [19.99, 15, 16.99],
    [19.99, 33.33, 13.33],
    [0.1 + 0.2, 50, 0.15],
    [9.99, 0, 9.99],
    [10, 100, 0],
    [1.005, 0, 1.01],
  ])('discountPrice(%s, %s) === %s', (price, pct, r) => {
    expect(discountPrice(price, pct)).toBe(r);
  });
});

describe('priceWithoutProfit — "price plus profit, 2 decimals"', () => {
  it.each<[number, number | null, number]>([
    [10, 2.5, 12.5],
    [0.1, 0.2, 0.3],
    [19.99, 0, 19.99],
    [19.99, null, 19.99],
    [4.35, 0.005, 4.36],
  ])('priceWithoutProfit(%s, %s) === %s', (price, profit, r) => {
    expect(priceWithoutProfit(price, profit)).toBe(r);
  });
});

describe('totalVat — "price times percent divided by 100 plus percent, 2 decimals"', () => {
  it.each<[number, number | null, number]>([
    [119, 19, 19],
    [100, 20, 16.67],
    [16.99, 19, 2.71],
    [133.33, 33.33, 33.33],
    [10, 33.33, 2.5],
    [107, 7, 7],
    [100, 0, 0],
    [100, null, 0],
    [0, 19, 0],
    [0.1 + 0.2, 19, 0.05],
  ])('totalVat(%s, %s) === %s', (price, vat, r) => {
    expect(totalVat(price, vat)).toBe(r);
  });
});

describe('priceProduct — derived values of spec section 3', () => {
  it.each<[string, Parameters<typeof priceProduct>[0], ReturnType<typeof priceProduct>]>([
    [
      'no discount',
      { price: 119, profit: 20, vatPercent: 19, discounts: [], now },
      {
        price: 119,
        discountPercent: 0,
        discount: 0,
        discountPrice: 119,
        priceWithoutProfit: 139,
        totalVat: 19,
      },
    ],
    [
      'valid product discount and user discount, highest wins',
      {
        price: 19.99,
        profit: 1.01,
        vatPercent: 19,
        discounts: [{ value: 10 }, { value: 40, end: '2020-01-01' }],
        userDiscounts: [{ value: 15, user: true }],
        now,
      },
      {
        price: 19.99,
        discountPercent: 15,
        discount: 3,
        discountPrice: 16.99,
        priceWithoutProfit: 21,
        totalVat: 2.71,
      },
    ],
    [
      'missing profit and VAT',
      { price: 0.1 + 0.2, discounts: [{ value: 50 }], now },
      {
        price: 0.3,
        discountPercent: 50,
        discount: 0.15,
        discountPrice: 0.15,
        priceWithoutProfit: 0.3,
        totalVat: 0,
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(priceProduct(input)).toEqual(expected);
  });
});
