import { describe, it, expect } from 'vitest';
import {
  cartLine,
  cartTotals,
  isAvailable,
  lineLimit,
  mergedQuantity,
  type AvailabilityInput,
  type CartLine,
  type CartLineInput,
} from './cart.ts';

describe('cartLine — "Cart totals per item: discountPrice, discount, totalVat"', () => {
  it.each<[string, CartLineInput, CartLine]>([
    [
      'no discount, no VAT',
      { price: 10, quantity: 2 },
      {
        unitPrice: 10,
        unitDiscountPrice: 10,
        discount: 0,
        discountPrice: 20,
        totalVat: 0,
        quantity: 2,
      },
    ],
    [
      '19.99 × 3 with 10 %',
      { price: 19.99, discountPercent: 10, vatPercent: 19, quantity: 3 },
      {
        unitPrice: 19.99,
        unitDiscountPrice: 17.99,
        discount: 6,
        discountPrice: 53.97,
        totalVat: 8.62,
        quantity: 3,
      },
    ],
    [
      '33.33 % VAT',
      { price: 133.33, vatPercent: 33.33, quantity: 1 },
      {
        unitPrice: 133.33,
        unitDiscountPrice: 133.33,
        discount: 0,
        discountPrice: 133.33,
        totalVat: 33.33,
        quantity: 1,
      },
    ],
    [
      'float-noisy price 0.1 + 0.2',
      { price: 0.1 + 0.2, discountPercent: 50, quantity: 3 },
      {
        unitPrice: 0.3,
        unitDiscountPrice: 0.15,
        discount: 0.45,
        discountPrice: 0.45,
        totalVat: 0,
        quantity: 3,
      },
    ],
    [
      'quantity 0',
      { price: 5, quantity: 0 },
      {
        unitPrice: 5,
        unitDiscountPrice: 5,
        discount: 0,
        discountPrice: 0,
        totalVat: 0,
        quantity: 0,
      },
    ],
  ])('%s', (_name, input, expected) => {
    expect(cartLine(input)).toEqual(expected);
  });
});

describe('cartTotals', () => {
  it.each<[string, CartLineInput[], ReturnType<typeof cartTotals>]>([
    ['empty cart', [], { quantity: 0, total: 0, discount: 0, discountPrice: 0, totalVat: 0 }],
    [
      'two lines',
      [
        { price: 19.99, discountPercent: 10, vatPercent: 19, quantity: 3 },
        { price: 0.1, vatPercent: 19, quantity: 3 },
      ],
      { quantity: 6, total: 60.27, discount: 6, discountPrice: 54.27, totalVat: 8.67 },
    ],
    [
      'many small amounts do not drift',
      Array.from({ length: 10 }, () => ({ price: 0.1, quantity: 1 })),
      { quantity: 10, total: 1, discount: 0, discountPrice: 1, totalVat: 0 },
    ],
  ])('%s', (_name, inputs, expected) => {
    expect(cartTotals(inputs.map(cartLine))).toEqual(expected);
  });
});

describe('isAvailable — "if the shop has cart enabled, an item with null stock quantity is always available"', () => {
  it.each<[string, AvailabilityInput, boolean]>([
    [
      'cart enabled, null stock',
      { cartEnabled: true, stock: null, existingQuantity: 999, addedQuantity: 1 },
      true,
    ],
    [
      'cart disabled, null stock',
      { cartEnabled: false, stock: null, existingQuantity: 0, addedQuantity: 1 },
      false,
    ],
    [
      '"must not exceed": exactly the stock',
      { cartEnabled: true, stock: 5, existingQuantity: 3, addedQuantity: 2 },
      true,
    ],
    [
      'exceeds the stock by one',
      { cartEnabled: true, stock: 5, existingQuantity: 3, addedQuantity: 3 },
      false,
    ],
    [
      'cart disabled still checks stock',
      { cartEnabled: false, stock: 5, existingQuantity: 0, addedQuantity: 1 },
      true,
    ],
    ['stock 0', { cartEnabled: true, stock: 0, existingQuantity: 0, addedQuantity: 1 }, false],
    ['existing quantity omitted', { cartEnabled: true, stock: 1, addedQuantity: 1 }, true],
    [
      'undefined stock behaves as null',
      { cartEnabled: true, stock: undefined, addedQuantity: 100 },
      true,
    ],
  ])('%s → %s', (_name, input, ok) => {
    expect(isAvailable(input)).toBe(ok);
  });
});

describe('lineLimit — the most a cart line holds, and what sets it', () => {
  it.each([
    [null, { max: 99, by: 'rule' }],
    [0, { max: 0, by: 'stock' }],
    [3, { max: 3, by: 'stock' }],
    [98, { max: 98, by: 'stock' }],
    [99, { max: 99, by: 'rule' }],
    [500, { max: 99, by: 'rule' }],
    [-2, { max: 0, by: 'stock' }],
  ])('stock %s → %o', (stock, limit) => {
    expect(lineLimit(stock)).toEqual(limit);
  });
});

describe('mergedQuantity — a merge fills the line up to its limit and takes nothing away', () => {
  it.each([
    [1, 2, null, 3],
    [98, 5, null, 99],
    [2, 2, 3, 3],
    [5, 2, 3, 5],
    [0, 4, 0, 0],
    [50, 60, 500, 99],
    [0, 3, 10, 3],
  ])('had %i, adding %i, stock %s → %i', (had, added, stock, quantity) => {
    expect(mergedQuantity(had, added, stock)).toBe(quantity);
  });
});
