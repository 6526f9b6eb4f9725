import fs from 'node:fs';
import { describe, it, expect } from 'vitest';
import * as content from './content.ts';
import type { SeedMenu, T } from './types.ts';
import { DEMO_PAGE_SLUGS } from '../../../test/demo-shop.ts';

const LANGS = ['en', 'de', 'ru', 'it'] as const;
type Lang = (typeof LANGS)[number];
type Messages = { [key: string]: string | Messages };

const messages: Record<Lang, Messages> = {
  en: readLang('en'),
  de: readLang('de'),
  ru: readLang('ru'),
  it: readLang('it'),
};

function readLang(lang: Lang): Messages {
  const raw = fs.readFileSync(
    new URL(import.meta.resolve(`@shop/messages/langs/${lang}.json`)),
    'utf8',
  );
  return JSON.parse(raw) as Messages;
}

/** Flattens nested messages to dotted keys; non-string leaves are reported as such. */
function flatten(
  obj: Messages,
  prefix = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

const flat = Object.fromEntries(LANGS.map((l) => [l, flatten(messages[l])])) as Record<
  Lang,
  Map<string, unknown>
>;

type Icu = { args: string[]; plurals: { arg: string; categories: string[] }[] };

/**
 * A small ICU MessageFormat reader: simple `{name}` arguments and `{name, plural|select, ...}`
 * with nested sub-messages. Throws on unbalanced braces.
 */
function parseIcu(message: string): Icu {
  const result: Icu = { args: [], plurals: [] };
  const end = readText(message, 0, false, result);
  if (end !== message.length) throw new Error(`Unexpected '}' at ${end} in: ${message}`);
  result.args = [...new Set(result.args)].sort();
  return result;
}

function readText(s: string, start: number, nested: boolean, out: Icu): number {
  let i = start;
  while (i < s.length) {
    const ch = s[i];
    if (ch === '}') return i;
    if (ch === '{') i = readArgument(s, i + 1, out);
    else i += 1;
  }
  if (nested) throw new Error(`Unclosed sub-message in: ${s}`);
  return i;
}

function readArgument(s: string, start: number, out: Icu): number {
  const match = /^\s*([A-Za-z_][\w]*)\s*([,}])/.exec(s.slice(start));
  if (!match) throw new Error(`Invalid argument at ${start} in: ${s}`);
  const name = match[1] ?? '';
  out.args.push(name);
  let i = start + match[0].length;
  if (match[2] === '}') return i;
  const typeMatch = /^\s*(\w+)\s*([,}])/.exec(s.slice(i));
  if (!typeMatch) throw new Error(`Invalid argument type in: ${s}`);
  const type = typeMatch[1] ?? '';
  i += typeMatch[0].length;
  if (typeMatch[2] === '}') return i;
  if (!['plural', 'select', 'selectordinal'].includes(type)) {
    const close = s.indexOf('}', i);
    if (close < 0) throw new Error(`Unclosed argument in: ${s}`);
    return close + 1;
  }
  const categories: string[] = [];
  for (;;) {
    while (i < s.length && /\s/.test(s[i] ?? '')) i += 1;
    if (s[i] === '}') break;
    const open = s.indexOf('{', i);
    if (open < 0) throw new Error(`Missing option body in: ${s}`);
    categories.push(s.slice(i, open).trim());
    const close = readText(s, open + 1, true, out);
    i = close + 1;
  }
  if (type === 'plural' || type === 'selectordinal') out.plurals.push({ arg: name, categories });
  return i + 1;
}

/** Every `T` reachable from a value, with a readable path. */
function collectTexts(value: unknown, path: string, out: { path: string; text: T }[] = []) {
  if (Array.isArray(value)) {
    value.forEach((item, i) => collectTexts(item, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    if (keys.join(',') === 'de,en,it,ru') {
      out.push({ path, text: record as unknown as T });
      return out;
    }
    for (const [key, child] of Object.entries(record)) collectTexts(child, `${path}.${key}`, out);
  }
  return out;
}

const exportsWithTexts = {
  shop: content.shop,
  pages: content.pages,
  blogs: content.blogs,
  faqCategories: content.faqCategories,
  menus: content.menus,
  widgets: content.widgets,
  deliveries: content.deliveries,
  payments: content.payments,
};
const texts = collectTexts(exportsWithTexts, 'content');
// Place names are proper nouns: Bergamo is Bergamo in every language, so only Russian must differ.
const geoTexts = collectTexts(content.countries, 'countries');

describe('storefront messages', () => {
  const enKeys = [...flat.en.keys()].sort();

  it('has a complete catalogue of messages', () => {
    expect(enKeys.length).toBeGreaterThanOrEqual(150);
    for (const area of ['common', 'cart', 'checkout', 'account', 'errors', 'forms', 'cookies']) {
      expect(messages.en[area], area).toBeTypeOf('object');
    }
  });

  it.each(['de', 'ru', 'it'] as const)('%s has exactly the English key set', (lang) => {
    expect([...flat[lang].keys()].sort()).toEqual(enKeys);
  });

  it.each(LANGS)('%s has only non-empty strings', (lang) => {
    for (const [key, value] of flat[lang]) {
      expect(typeof value, `${lang}:${key}`).toBe('string');
      expect(String(value).trim(), `${lang}:${key}`).not.toBe('');
    }
  });

  it.each(LANGS)('%s parses as ICU with the right plural categories', (lang) => {
    const expected = lang === 'ru' ? ['few', 'many', 'one', 'other'] : ['one', 'other'];
    for (const [key, value] of flat[lang]) {
      const text = String(value);
      const icu = parseIcu(text);
      for (const plural of icu.plurals) {
        expect([...plural.categories].sort(), `${lang}:${key}`).toEqual(expected);
      }
      // An apostrophe before a brace or '#' would start an ICU quoted literal.
      expect(/'[{}#']/.test(text), `${lang}:${key}`).toBe(false);
    }
  });

  it('uses the same placeholders in every language', () => {
    for (const key of enKeys) {
      const en = parseIcu(String(flat.en.get(key)));
      for (const lang of ['de', 'ru', 'it'] as const) {
        const other = parseIcu(String(flat[lang].get(key)));
        expect(other.args, `${lang}:${key}`).toEqual(en.args);
        expect(other.plurals.map((p) => p.arg).sort(), `${lang}:${key}`).toEqual(
          en.plurals.map((p) => p.arg).sort(),
        );
      }
    }
  });

  it('contains the required English strings', () => {
    const required: Record<string, string> = {
      'forms.required': 'This field is required',
      'forms.email': 'Please enter a valid email',
      'forms.regex': 'The "{field}" field format is invalid',
      'forms.alpha': 'The "{field}" field may only contain alphabetic characters',
      'forms.confirmed': 'The values of the "{field}" fields do not match',
      'errors.notFoundTitle': 'Oops! This Page Could Not Be Found',
      'errors.notFoundText':
        'Sorry but the page you are looking for does not exist, have been removed, changed or is temporarily unavailable.',
      'errors.backToHomepage': 'Back to homepage',
      'errors.pageNotFound': 'This page could not be found',
      'errors.errorPageFailed': 'An error occurred while showing the error page',
      'errors.productNotAvailable': 'Sorry, the product is not available.',
      'errors.somethingWentWrong': 'Something went wrong.',
      'errors.serverError': 'Server Error',
      'errors.appError': 'App Error',
      'common.goToTop': 'Go to top',
    };
    for (const [key, value] of Object.entries(required)) {
      expect(flat.en.get(key), key).toBe(value);
      for (const lang of ['de', 'ru', 'it'] as const) {
        expect(flat[lang].get(key), `${lang}:${key}`).not.toBe(value);
      }
    }
  });

  it.each(['de', 'ru', 'it'] as const)('%s is translated for at least 90%% of keys', (lang) => {
    const translated = enKeys.filter((key) => flat[lang].get(key) !== flat.en.get(key));
    expect(translated.length / enKeys.length).toBeGreaterThanOrEqual(0.9);
  });

  it('writes Russian in Cyrillic', () => {
    const cyrillic = enKeys.filter((key) => /[а-яё]/i.test(String(flat.ru.get(key))));
    expect(cyrillic.length / enKeys.length).toBeGreaterThanOrEqual(0.95);
  });
});

describe('demo shop content', () => {
  it('has the required pages', () => {
    const slugs = content.pages.filter((p) => p.vendor === null).map((p) => p.slug);
    for (const slug of DEMO_PAGE_SLUGS) {
      expect(slugs, slug).toContain(slug);
    }
    expect(content.pages.some((p) => p.vendor === 'linen-loom' && p.slug === 'our-story')).toBe(
      true,
    );
    expect(new Set(content.pages.map((p) => `${p.vendor}/${p.slug}`)).size).toBe(
      content.pages.length,
    );
  });

  it('has six blog posts', () => {
    expect(content.blogs).toHaveLength(6);
    expect(content.blogs.filter((b) => b.vendor === null)).toHaveLength(2);
    const vendors = ['linen-loom', 'clay-and-kiln', 'north-trail', 'bean-and-leaf'];
    for (const blog of content.blogs) {
      if (blog.vendor !== null) expect(vendors).toContain(blog.vendor);
      expect(blog.publishedDaysAgo).toBeGreaterThanOrEqual(1);
      expect(blog.publishedDaysAgo).toBeLessThanOrEqual(120);
      expect(blog.color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(blog.author.trim()).not.toBe('');
    }
    expect(new Set(content.blogs.map((b) => b.slug)).size).toBe(6);
  });

  it('writes every text in four languages, never copied from English', () => {
    expect(texts.length).toBeGreaterThan(100);
    for (const { path, text } of [...texts, ...geoTexts]) {
      for (const lang of LANGS) expect(text[lang].trim(), `${path}.${lang}`).not.toBe('');
      expect(text.ru, `${path}.ru`).not.toBe(text.en);
      expect(/[а-яё]/i.test(text.ru), `${path}.ru is Cyrillic`).toBe(true);
    }
    for (const { path, text } of texts) {
      for (const lang of ['de', 'ru', 'it'] as const) {
        expect(text[lang], `${path}.${lang}`).not.toBe(text.en);
      }
    }
    for (const country of content.countries) {
      expect(country.regions.length).toBeGreaterThanOrEqual(2);
      // A city-state (Berlin, Hamburg) is a region of one city; the others suggest several.
      for (const region of country.regions) expect(region.cities.length).toBeGreaterThanOrEqual(1);
      expect(country.regions.filter((r) => r.cities.length >= 2).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('has menus with unique keys and slash-wrapped urls', () => {
    const all: SeedMenu[] = [];
    const walk = (items: SeedMenu[]) => {
      for (const item of items) {
        all.push(item);
        walk(item.children ?? []);
      }
    };
    walk(content.menus);
    for (const menu of all) {
      expect(menu.url.startsWith('/'), menu.key).toBe(true);
      expect(menu.url.endsWith('/'), menu.key).toBe(true);
    }
    expect(new Set(all.map((m) => m.key)).size).toBe(all.length);
    // Catalogue (its children are the categories, made by the seed), Bundles, Vendors, Blog, Help.
    expect(content.menus.filter((m) => m.location === 'header')).toHaveLength(5);
    expect(content.menus.find((m) => m.key === 'catalogue')?.valuesOf).toBe('category');
    expect(content.menus.filter((m) => m.location === 'footer')).toHaveLength(2);
  });

  it('has the shop record, languages and widgets', () => {
    expect(content.shop.email).toBe('hello@example.com');
    expect(content.shop.currency).toBe('EUR');
    expect(content.languages.map((l) => l.code)).toEqual(['en', 'de', 'ru', 'it']);
    expect(content.widgets.map((w) => w.name)).toEqual(
      expect.arrayContaining(['HeaderInfoText', 'FooterAbout', 'FooterContact', 'HomeNewsletter']),
    );
  });

  it('has the promo codes, users and reviews the seed refers to', () => {
    expect(content.promoCodes.map((p) => p.code)).toEqual([
      'WELCOME10',
      'SAVE15',
      'FIVEOFF',
      'BIG20',
      'EXPIRED5',
      'SOON25',
    ]);
    const userKeys = new Set(content.users.map((u) => u.key));
    expect(userKeys.has('shopper')).toBe(true);
    expect(content.users.find((u) => u.key === 'staff')?.isStaff).toBe(true);
    expect(content.shopReviews).toHaveLength(8);
    expect(content.productReviewTexts).toHaveLength(12);
    // One shop review per user (a unique key): a second one would edit the first.
    const shopAuthors = content.shopReviews.map((r) => r.user);
    expect(new Set(shopAuthors).size).toBe(shopAuthors.length);
    // Reviews in all four languages (each is stored in its author's language).
    const localeOf = new Map(content.users.map((u) => [u.key, u.locale]));
    for (const reviews of [content.shopReviews, content.productReviewTexts]) {
      expect(new Set(reviews.map((r) => localeOf.get(r.user))).size).toBe(4);
    }
    for (const review of [...content.shopReviews, ...content.productReviewTexts]) {
      expect(userKeys.has(review.user), review.user).toBe(true);
      expect(review.rating).toBeGreaterThanOrEqual(3);
      expect(review.rating).toBeLessThanOrEqual(5);
      expect(review.text.trim()).not.toBe('');
    }
  });
});
