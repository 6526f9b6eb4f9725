import { describe, it, expect } from 'vitest';
import type { SeedDiscount, T } from './types.ts';
import { attributes, bundles, products, vats, vendors } from './catalogue.ts';

const LANGS = ['en', 'de', 'ru', 'it'] as const;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function duplicates(list: string[]): string[] {
  return list.filter((item, index) => list.indexOf(item) !== index);
}

function hasAtMostTwoDecimals(n: number): boolean {
  return Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
}

function expectFullT(t: T, where: string): void {
  for (const lang of LANGS) {
    expect(typeof t[lang], `${where}.${lang}`).toBe('string');
    expect(t[lang].trim().length, `${where}.${lang} is empty`).toBeGreaterThan(0);
  }
}

function expectTranslated(t: T, where: string): void {
  expectFullT(t, where);
  for (const lang of ['de', 'ru', 'it'] as const) {
    expect(t[lang], `${where}.${lang} is a copy of the English text`).not.toBe(t.en);
  }
  expect(t.ru, `${where}.ru has no Cyrillic`).toMatch(/[а-яё]/i);
}

const allValuePairs = new Set(attributes.flatMap((a) => a.values.map((v) => `${a.key}:${v.key}`)));
const productKeys = new Set(products.map((p) => p.key));
const vendorKeys = new Set(vendors.map((v) => v.key));
const vatKeys = new Set(vats.map((v) => v.key));
const allDiscounts: SeedDiscount[] = [
  ...products.flatMap((p) => p.discounts ?? []),
  ...bundles.flatMap((b) => b.discounts ?? []),
];

describe('seed catalogue', () => {
  it('has the expected counts', () => {
    expect(products).toHaveLength(60);
    expect(vendors).toHaveLength(4);
    expect(vendors.length).toBeGreaterThanOrEqual(3);
    expect(attributes.length).toBeGreaterThanOrEqual(6);
    expect(bundles).toHaveLength(5);
    for (const vendor of vendors) {
      expect(
        products.filter((p) => p.vendor === vendor.key).length,
        vendor.key,
      ).toBeGreaterThanOrEqual(10);
    }
  });

  it('defines the three VAT rates', () => {
    expect(vats).toEqual([
      { key: 'standard', percent: 22 },
      { key: 'reduced', percent: 10 },
      { key: 'super-reduced', percent: 4 },
    ]);
  });

  it('names each VAT rate in every language, by its key (the staff product page shows them)', async () => {
    for (const lang of LANGS) {
      const messages = (await import(`@shop/messages/langs/${lang}.json`, {
        with: { type: 'json' },
      })) as { default: { staffCatalogue: { vatRates: Record<string, string> } } };
      for (const vat of vats)
        expect(messages.default.staffCatalogue.vatRates[vat.key], `${lang} ${vat.key}`).toMatch(
          /\S/,
        );
    }
  });

  it('has unique keys and slugs everywhere', () => {
    expect(duplicates(vendors.map((v) => v.key))).toEqual([]);
    expect(duplicates(vendors.map((v) => v.slug))).toEqual([]);
    expect(duplicates(vendors.map((v) => v.color.toLowerCase()))).toEqual([]);
    expect(duplicates(attributes.map((a) => a.key))).toEqual([]);
    expect(duplicates(attributes.map((a) => a.slug))).toEqual([]);
    for (const attribute of attributes) {
      expect(duplicates(attribute.values.map((v) => v.key)), attribute.key).toEqual([]);
      expect(duplicates(attribute.values.map((v) => v.slug)), attribute.key).toEqual([]);
    }
    const itemKeys = [
      ...products.map((p) => p.key),
      ...products.flatMap((p) => (p.variations ?? []).map((v) => v.key)),
      ...bundles.map((b) => b.key),
    ];
    const itemSlugs = [
      ...products.map((p) => p.slug),
      ...products.flatMap((p) => (p.variations ?? []).map((v) => v.slug)),
      ...bundles.map((b) => b.slug),
    ];
    expect(duplicates(itemKeys)).toEqual([]);
    expect(duplicates(itemSlugs)).toEqual([]);
    for (const slug of [
      ...itemSlugs,
      ...vendors.map((v) => v.slug),
      ...attributes.map((a) => a.slug),
    ]) {
      expect(slug, slug).toMatch(KEBAB);
    }
    for (const attribute of attributes) {
      for (const value of attribute.values) expect(value.slug, value.slug).toMatch(KEBAB);
    }
  });

  it('uses product sorting 1..60, shuffled', () => {
    const sorting = products.map((p) => p.sorting);
    expect([...sorting].sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(sorting).not.toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(duplicates(bundles.map((b) => String(b.sorting)))).toEqual([]);
  });

  it('has 3–6 values per attribute and every value is used by several products', () => {
    expect(attributes.length).toBeGreaterThanOrEqual(7);
    for (const attribute of attributes) {
      expect(attribute.values.length, attribute.key).toBeGreaterThanOrEqual(3);
      expect(attribute.values.length, attribute.key).toBeLessThanOrEqual(6);
      for (const value of attribute.values) {
        const pair = `${attribute.key}:${value.key}`;
        const users = products.filter(
          (p) =>
            p.values.includes(pair) || (p.variations ?? []).some((v) => v.values.includes(pair)),
        );
        expect(users.length, pair).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('references only existing vendors, VAT rates, attribute values and products', () => {
    for (const p of products) {
      expect(vendorKeys.has(p.vendor), `${p.key} vendor ${p.vendor}`).toBe(true);
      expect(vatKeys.has(p.vat), `${p.key} vat ${p.vat}`).toBe(true);
      expect(p.values.length, p.key).toBeGreaterThanOrEqual(2);
      expect(p.values.length, p.key).toBeLessThanOrEqual(4);
      expect(
        duplicates(p.values.map((v) => v.split(':')[0] ?? '')),
        `${p.key} repeats an attribute`,
      ).toEqual([]);
      for (const pair of p.values)
        expect(allValuePairs.has(pair), `${p.key} value ${pair}`).toBe(true);
      for (const variation of p.variations ?? []) {
        expect(variation.values.length, variation.key).toBeGreaterThan(0);
        for (const pair of variation.values) {
          expect(allValuePairs.has(pair), `${variation.key} value ${pair}`).toBe(true);
        }
        expect(variation.values, `${variation.key} must differ from its parent`).not.toEqual(
          p.values,
        );
      }
    }
    for (const b of bundles) {
      expect(vendorKeys.has(b.vendor), `${b.key} vendor`).toBe(true);
      expect(vatKeys.has(b.vat), `${b.key} vat`).toBe(true);
      expect(b.items.length, b.key).toBeGreaterThanOrEqual(2);
      expect(b.items.length, b.key).toBeLessThanOrEqual(4);
      for (const item of b.items) {
        expect(productKeys.has(item.product), `${b.key} item ${item.product}`).toBe(true);
        expect(
          products.find((p) => p.key === item.product)?.vendor,
          `${b.key} item ${item.product} vendor`,
        ).toBe(b.vendor);
        expect(Number.isInteger(item.quantity) && item.quantity > 0, `${b.key} quantity`).toBe(
          true,
        );
      }
    }
  });

  it('writes every text in four languages, translated rather than copied', () => {
    for (const v of vendors) {
      expectTranslated(v.title, `vendor ${v.key}.title`);
      expectTranslated(v.description, `vendor ${v.key}.description`);
    }
    for (const a of attributes) {
      expectFullT(a.title, `attribute ${a.key}.title`);
      for (const value of a.values)
        expectFullT(value.title, `attribute ${a.key}:${value.key}.title`);
    }
    for (const p of products) {
      expectTranslated(p.title, `product ${p.key}.title`);
      expectTranslated(p.description, `product ${p.key}.description`);
      for (const lang of LANGS) {
        const words = p.title[lang].split(/\s+/).length;
        expect(words, `product ${p.key}.title.${lang} length`).toBeLessThanOrEqual(6);
      }
    }
    for (const b of bundles) {
      expectTranslated(b.title, `bundle ${b.key}.title`);
      expectTranslated(b.description, `bundle ${b.key}.description`);
    }
  });

  it('has sane prices, profits, stock and colours', () => {
    const HEX = /^#[0-9a-f]{6}$/i;
    for (const p of products) {
      expect(hasAtMostTwoDecimals(p.price), `${p.key} price ${p.price}`).toBe(true);
      expect(hasAtMostTwoDecimals(p.profit), `${p.key} profit ${p.profit}`).toBe(true);
      expect(p.price).toBeGreaterThan(0);
      expect(p.profit).toBeGreaterThan(0);
      expect(p.profit).toBeLessThan(p.price);
      expect(
        p.stock === null || (Number.isInteger(p.stock) && p.stock >= 0),
        `${p.key} stock`,
      ).toBe(true);
      expect(p.color, p.key).toMatch(HEX);
      for (const variation of p.variations ?? []) {
        if (variation.price !== undefined) {
          expect(hasAtMostTwoDecimals(variation.price), `${variation.key} price`).toBe(true);
        }
      }
    }
    for (const v of vendors) expect(v.color, v.key).toMatch(HEX);
    expect(products.filter((p) => p.stock === 0).length).toBe(3);
    expect(products.filter((p) => p.stock === null).length).toBeGreaterThanOrEqual(8);
    expect(
      products.filter((p) => p.stock !== null && p.stock >= 1 && p.stock <= 3).length,
    ).toBeGreaterThanOrEqual(3);
    expect(products.some((p) => p.price === 33.33)).toBe(true);
    expect(products.some((p) => Math.round(p.price * 100) % 100 === 99)).toBe(true);
  });

  it('prices every bundle a bit below the sum of its items', () => {
    for (const b of bundles) {
      expect(hasAtMostTwoDecimals(b.price), `${b.key} price`).toBe(true);
      expect(b.color).toMatch(/^#[0-9a-f]{6}$/i);
      const sum = b.items.reduce((acc, item) => {
        const product = products.find((p) => p.key === item.product);
        return acc + (product?.price ?? 0) * item.quantity;
      }, 0);
      expect(b.price, b.key).toBeLessThan(sum);
      expect(b.price, b.key).toBeGreaterThan(sum * 0.75);
    }
    expect(bundles.filter((b) => (b.discounts ?? []).length > 0)).toHaveLength(1);
  });

  it('covers every kind of discount', () => {
    for (const d of allDiscounts) {
      expect(d.value).toBeGreaterThan(0);
      expect(d.value).toBeLessThan(100);
      if (d.startInDays !== undefined && d.endInDays !== undefined) {
        expect(d.startInDays).toBeLessThan(d.endInDays);
      }
    }
    const general = products.flatMap((p) =>
      (p.discounts ?? []).filter((d) => d.forUser === undefined),
    );
    const active = general.filter((d) => (d.startInDays ?? -1) <= 0 && (d.endInDays ?? 1) > 0);
    expect(active.length).toBeGreaterThanOrEqual(10);
    expect(
      general.filter((d) => d.endInDays !== undefined && d.endInDays < 0).length,
    ).toBeGreaterThanOrEqual(1);
    expect(
      general.filter((d) => d.startInDays !== undefined && d.startInDays > 0).length,
    ).toBeGreaterThanOrEqual(1);

    const personal = products.filter((p) =>
      (p.discounts ?? []).some((d) => d.forUser === 'shopper'),
    );
    expect(personal.length).toBeGreaterThanOrEqual(1);
    for (const p of personal) {
      for (const d of p.discounts ?? []) {
        if (d.forUser === 'shopper') {
          expect(d.value).toBeGreaterThanOrEqual(5);
          expect(d.value).toBeLessThanOrEqual(30);
        }
      }
    }
    // At least one personal discount beats the product's own public discount.
    const userWins = personal.some((p) => {
      const list = p.discounts ?? [];
      const own = Math.max(0, ...list.filter((d) => d.forUser === undefined).map((d) => d.value));
      const mine = Math.max(...list.filter((d) => d.forUser === 'shopper').map((d) => d.value));
      return own > 0 && mine > own;
    });
    expect(userWins).toBe(true);
  });
});
