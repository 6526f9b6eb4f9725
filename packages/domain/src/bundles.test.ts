import { describe, expect, it } from 'vitest';
import { bundleSaving } from './bundles.ts';

const item = (discountPrice: number, quantity = 1) => ({ quantity, product: { discountPrice } });

describe('bundleSaving — what the bundle saves against buying the items one by one', () => {
  it('sums the items at their shown prices times their quantities, minus the bundle price', () => {
    expect(bundleSaving({ discountPrice: 50, items: [item(19.99), item(17.5, 2)] })).toEqual({
      separately: 54.99,
      saving: 4.99,
    });
  });

  it('counts in cents, so float noise never shows (0.1 + 0.2)', () => {
    expect(bundleSaving({ discountPrice: 0.2, items: [item(0.1), item(0.2)] })).toEqual({
      separately: 0.3,
      saving: 0.1,
    });
    expect(bundleSaving({ discountPrice: 10, items: [item(4.35, 3)] }).saving).toBe(3.05);
  });

  it('is 0 when the bundle costs as much or more than its items', () => {
    expect(bundleSaving({ discountPrice: 30, items: [item(10), item(20)] }).saving).toBe(0);
    expect(bundleSaving({ discountPrice: 35, items: [item(10), item(20)] }).saving).toBe(0);
    expect(bundleSaving({ discountPrice: 35, items: [] })).toEqual({ separately: 0, saving: 0 });
  });
});
