import { describe, expect, it } from 'vitest';
import { checkoutKey } from './checkout-key.server.ts';

type Line = {
  id: number;
  ref: 'product' | 'bundle';
  product: number | null;
  bundle: number | null;
  quantity: number;
};
const line = (id: number, product: number, quantity: number): Line => ({
  id,
  ref: 'product',
  product,
  bundle: null,
  quantity,
});
const cart = (items: Line[], code: string | null = null, id = 7) =>
  ({
    id,
    items,
    promoCode: code ? { code, discountType: 'fixed', discountValue: 5, fromPrice: null } : null,
  }) as unknown as Parameters<typeof checkoutKey>[0];

describe('checkoutKey: one Idempotency-Key per cart version', () => {
  const base = cart([line(1, 10, 2), line(2, 11, 1)]);

  it('is the same for every render of an unchanged cart, and fits the API header', () => {
    expect(checkoutKey(base)).toBe(checkoutKey(cart([line(1, 10, 2), line(2, 11, 1)])));
    expect(checkoutKey(base)).toMatch(/^[\w-]{8,100}$/);
  });

  it.each([
    ['a quantity changed', cart([line(1, 10, 3), line(2, 11, 1)])],
    ['a line added', cart([line(1, 10, 2), line(2, 11, 1), line(3, 12, 1)])],
    ['a line removed', cart([line(1, 10, 2)])],
    ['a promo code applied', cart([line(1, 10, 2), line(2, 11, 1)], 'FIVEOFF')],
    ['the same items as new lines (ordered again later)', cart([line(5, 10, 2), line(6, 11, 1)])],
    ['another cart', cart([line(1, 10, 2), line(2, 11, 1)], null, 8)],
  ])('changes when %s', (_name, changed) => {
    expect(checkoutKey(changed)).not.toBe(checkoutKey(base));
  });
});
