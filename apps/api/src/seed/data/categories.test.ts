import { describe, expect, it } from 'vitest';
import { products } from './catalogue.ts';
import { categoryAttribute, productCategory } from './categories.ts';

describe('demo categories', () => {
  it('puts every product in exactly one known category, and names no other product', () => {
    const known = new Set(categoryAttribute.values.map((v) => `category:${v.key}`));
    expect(products.filter((p) => !productCategory.has(p.key)).map((p) => p.key)).toEqual([]);
    expect([...productCategory.values()].every((v) => known.has(v))).toBe(true);
    expect(productCategory.size).toBe(products.length);
  });

  it('leaves no category empty', () => {
    const used = new Set(productCategory.values());
    expect(categoryAttribute.values.filter((v) => !used.has(`category:${v.key}`))).toEqual([]);
  });
});
