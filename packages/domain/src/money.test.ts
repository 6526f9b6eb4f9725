import { describe, it, expect } from 'vitest';
import {
  divideRoundHalfUp,
  fromCents,
  multiplyMoney,
  percentOf,
  toCents,
  toHundredths,
} from './money.ts';

describe('toCents', () => {
  it.each([
    [19.99, 1999],
    [0, 0],
    [-0, 0],
    [0.1 + 0.2, 30],
    [4.35, 435],
    [(4.35 * 100) / 100, 435],
    [1.005, 101],
    [1.015, 102],
    [0.07, 7],
    [1.1, 110],
    [8.675, 868],
    [-19.99, -1999],
    [-1.005, -101],
    [123456789.12, 12345678912],
    [0.004, 0],
    [0.005, 1],
  ])('toCents(%s) === %s', (n, cents) => {
    expect(toCents(n)).toBe(cents);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])(
    'rejects non-finite %s',
    (n) => {
      expect(() => toCents(n)).toThrow(RangeError);
    },
  );
});

describe('fromCents', () => {
  it.each([
    [1999, 19.99],
    [30, 0.3],
    [435, 4.35],
    [0, 0],
    [-0, 0],
    [-101, -1.01],
    [100.5, 1.01],
    [5997, 59.97],
  ])('fromCents(%s) === %s', (c, n) => {
    expect(Object.is(fromCents(c), n)).toBe(true);
  });

  it.each([[0.01], [19.99], [0.3], [4.35], [1234.56], [-7.77]])('round-trips %s', (n) => {
    expect(fromCents(toCents(n))).toBe(n);
  });
});

describe('multiplyMoney', () => {
  it.each([
    [19.99, 3, 59.97],
    [0.1, 3, 0.3],
    [4.35, 100, 435],
    [1.15, 7, 8.05],
    [9.99, 0, 0],
    [0.01, 1000000, 10000],
    [2.5, 0.5, 1.25],
    [0.05, 0.5, 0.03],
  ])('multiplyMoney(%s, %s) === %s', (price, qty, total) => {
    expect(multiplyMoney(price, qty)).toBe(total);
  });
});

describe('percentOf — 2 decimals', () => {
  it.each([
    [100, 33.33, 33.33],
    [19.99, 20, 4],
    [10, 33.33, 3.33],
    [0.5, 1, 0.01],
    [0.49, 1, 0],
    [200, 0.5, 1],
    [59.97, 19, 11.39],
    [1, 100, 1],
    [0, 50, 0],
    [10.05, 10, 1.01],
  ])('percentOf(%s, %s) === %s', (amount, percent, r) => {
    expect(percentOf(amount, percent)).toBe(r);
  });
});

describe('integer helpers', () => {
  it.each([
    [33.33, 3333],
    [7.7, 770],
    [19, 1900],
  ])('toHundredths(%s) === %s', (p, h) => {
    expect(toHundredths(p)).toBe(h);
  });

  it.each([
    [5, 2, 3],
    [4, 2, 2],
    [7, 3, 2],
    [-5, 2, -3],
    [5, -2, -3],
    [1, 3, 0],
    [0, 7, 0],
  ])('divideRoundHalfUp(%s, %s) === %s', (a, b, q) => {
    expect(divideRoundHalfUp(a, b)).toBe(q);
  });

  it.each([
    [1.5, 2],
    [1, 0],
  ])('divideRoundHalfUp(%s, %s) rejects non-integers and zero', (a, b) => {
    expect(() => divideRoundHalfUp(a, b)).toThrow(RangeError);
  });
});
