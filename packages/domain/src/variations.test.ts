import { describe, it, expect } from 'vitest';
import {
  distinguishingValues,
  groupVariationAttributes,
  orderOptionValues,
  sizeRank,
  titleWithVariation,
  variationChoices,
  type Variation,
} from './variations.ts';

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

describe('distinguishingValues and titleWithVariation — a cart line names its size or colour', () => {
  const material = { id: 2, title: 'Material' };
  const value = (id: number, title: string, attribute: { id: number; title: string }) => ({
    id,
    title,
    attribute,
  });
  const linen = value(20, 'Linen', material);
  const family = [
    { id: 100, values: [linen, value(10, 'Natural', colour)] },
    { id: 101, values: [linen, value(11, 'Sage', colour)] },
    { id: 102, values: [linen, value(12, 'Indigo', colour)] },
  ];

  it('keeps only the attributes the family differs in', () => {
    expect(distinguishingValues(family, 101).map((v) => v.title)).toEqual(['Sage']);
  });

  it('is empty for a product alone, or one not in the family', () => {
    expect(distinguishingValues([family[0]!], 100)).toEqual([]);
    expect(distinguishingValues(family, 999)).toEqual([]);
  });

  it('puts the values after the title', () => {
    expect(titleWithVariation('Duvet cover', distinguishingValues(family, 102))).toBe(
      'Duvet cover (Colour: Indigo)',
    );
    expect(titleWithVariation('Duvet cover', [])).toBe('Duvet cover');
  });
});

describe('orderOptionValues — sizes and numbers in natural order', () => {
  const titles = (list: string[]) =>
    orderOptionValues(list.map((title) => ({ title }))).map((v) => v.title);

  it.each<[string, string[], string[]]>([
    ['clothing sizes by size, not as met', ['M', 'S', 'L', 'XL'], ['S', 'M', 'L', 'XL']],
    [
      'the whole ladder, any case, 2XL = XXL',
      ['xxl', 'XS', 'L', '3XL', 'XXS', 'm', 'S', 'XL'],
      ['XXS', 'XS', 'S', 'm', 'L', 'XL', 'xxl', '3XL'],
    ],
    [
      'sizes with words after them (the demo shop’s values)',
      ['M – Medium', 'S – Small', 'XL – Extra large', 'L – Large'],
      ['S – Small', 'M – Medium', 'L – Large', 'XL – Extra large'],
    ],
    ['numbers by number, not as text', ['42', '100', '38', '40.5'], ['38', '40.5', '42', '100']],
    [
      'numbers with units and a decimal comma',
      ['10,5 cm', '9 cm', '12 cm'],
      ['9 cm', '10,5 cm', '12 cm'],
    ],
    ['words keep their order', ['Sage', 'Natural', 'Indigo'], ['Sage', 'Natural', 'Indigo']],
    ['a mixed group keeps its order', ['M', 'One size', 'S'], ['M', 'One size', 'S']],
    ['no values', [], []],
  ])('%s', (_name, input, expected) => {
    expect(titles(input)).toEqual(expected);
  });

  it('ranks sizes: S below M below L; words that only start like a size are not sizes', () => {
    expect(sizeRank('S')).toBeLessThan(sizeRank('M') ?? NaN);
    expect(sizeRank('XL')).toBeGreaterThan(sizeRank('L') ?? NaN);
    expect(sizeRank('2XS')).toBe(sizeRank('XXS'));
    expect(sizeRank('Small')).toBeNull();
    expect(sizeRank('XM')).toBeNull();
    expect(sizeRank('Linen')).toBeNull();
  });
});

describe('variationChoices — the choices a product page offers', () => {
  const large = { id: 23, title: 'L', attribute: size };
  it('keeps only attributes the family differs in, with values in natural order', () => {
    const family: Variation[] = [
      { id: 1, values: [red, medium] },
      { id: 2, values: [red, large] },
      { id: 3, values: [red, small] },
    ];
    expect(variationChoices(family)).toEqual([{ title: 'Size', values: [small, medium, large] }]);
  });
});
