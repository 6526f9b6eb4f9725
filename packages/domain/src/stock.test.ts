import { describe, expect, it } from 'vitest';
import { firstShortLine, type StockLine } from './stock.ts';

const P = 1; // a pillow
const Q = 2; // a duvet
const R = 3; // a sheet

const product = (id: number, quantity: number): StockLine<string> => ({
  key: `product:${id}`,
  quantity,
  uses: new Map([[id, 1]]),
});
const bundle = (name: string, quantity: number, items: [number, number][]): StockLine<string> => ({
  key: `bundle:${name}`,
  quantity,
  uses: new Map(items),
});
const stock = (entries: [number, number | null][]) => new Map(entries);

describe('firstShortLine: which line an order names when stock runs short', () => {
  it.each<[string, StockLine<string>[], Map<number, number | null>, unknown]>([
    [
      'everything fits',
      [product(P, 2), product(Q, 1)],
      stock([
        [P, 2],
        [Q, 5],
      ]),
      null,
    ],
    ['untracked stock is never short', [product(P, 99)], stock([[P, null]]), null],
    [
      'a product line past its stock: how many are left',
      [product(P, 3)],
      stock([[P, 2]]),
      { key: 'product:1', available: 2 },
    ],
    [
      'a sold-out product: none',
      [product(P, 1)],
      stock([[P, 0]]),
      { key: 'product:1', available: 0 },
    ],
    [
      'the bundle that holds the short product, not the first bundle of the cart',
      [
        bundle('sheets', 1, [[R, 1]]),
        bundle('pillows', 2, [
          [P, 2],
          [Q, 1],
        ]),
      ],
      stock([
        [P, 3],
        [Q, 9],
        [R, 9],
      ]),
      { key: 'bundle:pillows', available: 1 },
    ],
    [
      'a product shared by its own line and a bundle: the line that comes second is named',
      [product(P, 2), bundle('pillows', 1, [[P, 2]])],
      stock([[P, 3]]),
      { key: 'bundle:pillows', available: 0 },
    ],
    [
      'the same, the bundle first: the product line gets what the bundle left',
      [bundle('pillows', 1, [[P, 2]]), product(P, 2)],
      stock([[P, 3]]),
      { key: 'product:1', available: 1 },
    ],
    [
      'two bundles sharing a product: the second gets what the first left, in whole bundles',
      [
        bundle('a', 1, [[P, 1]]),
        bundle('b', 3, [
          [P, 2],
          [Q, 1],
        ]),
      ],
      stock([
        [P, 6],
        [Q, 9],
      ]),
      { key: 'bundle:b', available: 2 },
    ],
    [
      'a bundle whose item is gone (no stock row) is sold out',
      [bundle('gone', 1, [[P, 1]])],
      stock([]),
      { key: 'bundle:gone', available: 0 },
    ],
  ])('%s', (_name, lines, left, expected) => {
    expect(firstShortLine(lines, left)).toEqual(expected);
  });
});
