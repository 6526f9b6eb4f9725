import { describe, it, expect } from 'vitest';
import { groupVariationAttributes, type Variation } from './variations.ts';

const colour = { id: 1, title: 'Colour' };
const size = { id: 2, title: 'Size' };
const red = { id: 11, title: 'Red', attribute: colour };
const blue = { id: 12, title: 'Blue', attribute: colour };
const small = { id: 21, title: 'S', attribute: size };
const medium = { id: 22, title: 'M', attribute: size };

describe('groupVariationAttributes — "grouped by attribute title without duplicate ids"', () => {
  it.each<[string, Variation[], { title: string; ids: number[] }[]]>([
    ['no variations', [], []],
    ['variation without values', [{ id: 1, values: [] }], []],
    [
      'two attributes, duplicates removed, order of first appearance',
      [
        { id: 1, values: [red, small] },
        { id: 2, values: [blue, small] },
        { id: 3, values: [red, medium] },
      ],
      [
        { title: 'Colour', ids: [11, 12] },
        { title: 'Size', ids: [21, 22] },
      ],
    ],
    [
      'size appears first',
      [
        { id: 1, values: [medium, blue] },
        { id: 2, values: [small] },
      ],
      [
        { title: 'Size', ids: [22, 21] },
        { title: 'Colour', ids: [12] },
      ],
    ],
    [
      'same title on different attribute ids is one group',
      [{ id: 1, values: [red, { id: 13, title: 'Green', attribute: { id: 9, title: 'Colour' } }] }],
      [{ title: 'Colour', ids: [11, 13] }],
    ],
    [
      'duplicate inside one variation',
      [{ id: 1, values: [red, red] }],
      [{ title: 'Colour', ids: [11] }],
    ],
  ])('%s', (_name, variations, expected) => {
    const groups = groupVariationAttributes(variations);
    expect(groups.map((g) => ({ title: g.title, ids: g.values.map((v) => v.id) }))).toEqual(
      expected,
    );
  });

  it('keeps the whole value object', () => {
    const [group] = groupVariationAttributes([{ id: 1, values: [{ ...red, price: 5 }] }]);
    expect(group?.values[0]).toEqual({ ...red, price: 5 });
  });
});
