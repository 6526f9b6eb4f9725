import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { createTranslator, isPlainMessage, lookupMessage, type MessageTree } from './translate.ts';

const catalogue = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../langs/${locale}.json`, import.meta.url), 'utf8'),
  ) as MessageTree;

describe('createTranslator', () => {
  const messages: MessageTree = {
    forms: { required: 'This field is required', regex: 'The "{field}" field format is invalid' },
    cart: { items: '{count, plural, one {# item} other {# items}}' },
    broken: { text: 'Hello {name' },
  };
  const t = createTranslator('en', messages);

  it.each([
    ['forms.required', undefined, 'This field is required'],
    ['forms.regex', { field: 'Phone' }, 'The "Phone" field format is invalid'],
    ['cart.items', { count: 1 }, '1 item'],
    ['cart.items', { count: 3 }, '3 items'],
    ['missing.key', undefined, 'missing.key'],
    ['broken.text', undefined, 'Hello {name'],
  ])('%s %o → %s', (key, values, expected) => {
    expect(t(key, values)).toBe(expected);
  });

  it('fills in what it knows when a value is missing', () => {
    expect(t('forms.regex')).toBe('The "{field}" field format is invalid');
  });

  it('keeps formats apart per locale when texts are the same (formats are shared per process)', () => {
    const text = '{count, plural, one {# one} few {# few} many {# many} other {# other}}';
    const en = createTranslator('en', { n: text });
    const ru = createTranslator('ru', { n: text });
    expect([en('n', { count: 2 }), ru('n', { count: 2 }), ru('n', { count: 5 })]).toEqual([
      '2 other',
      '2 few',
      '5 many',
    ]);
    // A second translator over the same text formats the same, whatever values it is given.
    expect(createTranslator('en', { m: text })('m', { count: 1 })).toBe('1 one');
  });

  it.each([
    ["Don't panic", true],
    ['Say {name}', false],
    ["Quote: ''", false],
    ['<b>bold</b>', false],
    ['a } b', false],
  ])('takes %j as plain text: %s', (text, plain) => {
    expect(isPlainMessage(text)).toBe(plain);
  });

  it("formats a quoted apostrophe as ICU does (it is not plain text): Quote: ''", () => {
    expect(createTranslator('en', { m: "Quote: ''" })('m')).toBe("Quote: '");
  });

  it('falls back to the fallback catalogue for keys the locale lacks', () => {
    const de = createTranslator('de', { forms: { required: 'Pflichtfeld' } }, messages);
    expect(de('forms.required')).toBe('Pflichtfeld');
    expect(de('forms.regex', { field: 'Telefon' })).toBe('The "Telefon" field format is invalid');
  });
});

describe('the four catalogues', () => {
  const keys = (tree: MessageTree, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
    );
  const en = catalogue('en');

  // Plain messages skip the ICU formatter (issue 12): that is only right if it would give the
  // same text back, for every such message of every catalogue.
  it.each(['en', 'de', 'ru', 'it'])(
    '%s: every message taken as plain text formats to itself',
    (locale) => {
      const tree = catalogue(locale);
      const plain = keys(tree)
        .map((key) => lookupMessage(tree, key) ?? '')
        .filter(isPlainMessage);
      expect(plain.length).toBeGreaterThan(100);
      for (const text of plain)
        expect(new IntlMessageFormat(text, locale).format<string>()).toBe(text);
    },
  );

  it.each(['de', 'ru', 'it'])('%s has every English key and no other', (locale) => {
    expect(keys(catalogue(locale)).sort()).toEqual(keys(en).sort());
  });

  it.each([
    ['en', 'forms.required', 'This field is required'],
    ['en', 'forms.email', 'Please enter a valid email'],
    ['en', 'forms.regex', 'The "{field}" field format is invalid'],
    ['en', 'forms.alpha', 'The "{field}" field may only contain alphabetic characters'],
    ['en', 'forms.confirmed', 'The values of the "{field}" fields do not match'],
  ])('spec section 5: %s %s is %j', (locale, key, text) => {
    expect(lookupMessage(catalogue(locale), key)).toBe(text);
  });

  // A search counts up to 1,000 (SEARCH_COUNT_CAP) and says '1,000+' past it, in each language's
  // digit grouping (Italian groups from five digits on).
  it.each([
    ['en', '1,000+ results'],
    ['de', '1.000+ Ergebnisse'],
    ['ru', '1\u00a0000+ результатов'],
    ['it', '1000+ risultati'],
  ])('%s says a capped search count as %j', (locale, text) => {
    const t = createTranslator(locale, catalogue(locale));
    expect(t('search.resultsCountCapped', { count: 1000 })).toBe(text);
  });
});
