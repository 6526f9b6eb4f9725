import { describe, expect, it } from 'vitest';
import { compareByShownPrice, shownPrice } from './sorting.ts';

describe('sorting by price', () => {
  // Issue 13: "sorts by the list price, not the price the shopper sees (€18.50 before €17.99)".
  const towels = { id: 1, price: 19.99, discountPrice: shownPrice(19.99, 10) };
  const mug = { id: 2, price: 18.5, discountPrice: shownPrice(18.5, 0) };
  const plate = { id: 3, price: 25, discountPrice: shownPrice(25, 30) };

  it('the shown price is the list price less the current discount', () => {
    expect(towels.discountPrice).toBe(17.99);
    expect(mug.discountPrice).toBe(18.5);
    expect(plate.discountPrice).toBe(17.5);
  });

  it.each([
    ['asc', [plate, towels, mug]],
    ['desc', [mug, towels, plate]],
  ] as const)('%s orders by the shown price, not the list price', (direction, expected) => {
    expect([mug, towels, plate].sort(compareByShownPrice(direction))).toEqual(expected);
  });

  it('equal shown prices keep the order of their ids (reversed when descending)', () => {
    const a = { id: 7, discountPrice: 10 };
    const b = { id: 4, discountPrice: 10 };
    expect([a, b].sort(compareByShownPrice('asc')).map((i) => i.id)).toEqual([4, 7]);
    expect([b, a].sort(compareByShownPrice('desc')).map((i) => i.id)).toEqual([7, 4]);
  });
});
