import { describe, it, expect } from 'vitest';
import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE_MAX_AGE_DAYS,
  SUPPORTED_LOCALES,
  chooseLocale,
  isLocale,
  parseAcceptLanguage,
  restrictToOffered,
  type ChooseLocaleInput,
  type Locale,
} from './locale.ts';

describe('constants — "English, German, Russian and Italian. English is the default and the fallback"', () => {
  it.each<[string, unknown, unknown]>([
    ['SUPPORTED_LOCALES', SUPPORTED_LOCALES, ['en', 'de', 'ru', 'it']],
    ['DEFAULT_LOCALE', DEFAULT_LOCALE, 'en'],
    ['"Language cookie age 365 days"', LOCALE_COOKIE_MAX_AGE_DAYS, 365],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('isLocale', () => {
  it.each<[unknown, boolean]>([
    ['en', true],
    ['de', true],
    ['ru', true],
    ['it', true],
    ['fr', false],
    ['EN', false],
    ['de-CH', false],
    ['', false],
    [null, false],
    [42, false],
  ])('isLocale(%j) → %s', (x, ok) => {
    expect(isLocale(x)).toBe(ok);
  });
});

describe('parseAcceptLanguage', () => {
  it.each<[string | null, Locale[]]>([
    [null, []],
    ['', []],
    ['de-CH,de;q=0.9,en;q=0.8', ['de', 'en']],
    ['fr-FR,fr;q=0.9,it;q=0.5,ru;q=0.7', ['ru', 'it']],
    ['en;q=0.1, ru', ['ru', 'en']],
    ['de;q=0, en', ['en']],
    ['*', []],
    ['IT-it', ['it']],
    ['en;q=abc,de', ['de']],
    ['ru ; q=0.5 , de ; q=0.5', ['ru', 'de']],
  ])('%j → %j', (header, locales) => {
    expect(parseAcceptLanguage(header)).toEqual(locales);
  });
});

describe('restrictToOffered — "switches to the first offered language, or to the default locale when none are offered"', () => {
  it.each<[Locale, string[] | undefined, Locale]>([
    ['de', ['en', 'de'], 'de'],
    ['ru', ['it', 'de'], 'it'],
    ['ru', [], 'en'],
    ['ru', ['fr'], 'en'],
    ['ru', ['fr', 'de'], 'de'],
    ['ru', undefined, 'ru'],
    ['de', ['DE-at'], 'de'],
  ])('restrictToOffered(%s, %j) → %s', (locale, offered, out) => {
    expect(restrictToOffered(locale, offered)).toBe(out);
  });
});

describe('chooseLocale — "chosen from the URL prefix, then a saved cookie, then the browser language"', () => {
  it.each<[string, ChooseLocaleInput, Locale]>([
    ['nothing → en', {}, 'en'],
    [
      'URL prefix wins over cookie and browser',
      { urlPrefix: 'de', cookie: 'ru', acceptLanguage: 'it' },
      'de',
    ],
    ['URL path form', { urlPrefix: '/it/products/shirt-3/' }, 'it'],
    [
      'unsupported prefix falls to cookie',
      { urlPrefix: 'fr', cookie: 'ru', acceptLanguage: 'it' },
      'ru',
    ],
    ['cookie wins over browser', { cookie: 'ru', acceptLanguage: 'de' }, 'ru'],
    ['bad cookie falls to browser', { cookie: 'xx', acceptLanguage: 'de-CH,de;q=0.9' }, 'de'],
    ['browser q-values honoured', { acceptLanguage: 'en;q=0.5,it;q=0.8' }, 'it'],
    ['unsupported browser language → en', { acceptLanguage: 'fr-FR,fr;q=0.9' }, 'en'],
    ['pick not offered → first offered', { urlPrefix: 'ru', offered: ['de', 'en'] }, 'de'],
    ['none offered → default', { urlPrefix: 'ru', offered: [] }, 'en'],
    [
      'browser: offered language preferred over a higher-ranked one',
      { acceptLanguage: 'ru,it;q=0.5', offered: ['it', 'en'] },
      'it',
    ],
    ['default not offered → first offered', { offered: ['it'] }, 'it'],
  ])('%s', (_name, input, out) => {
    expect(chooseLocale(input)).toBe(out);
  });
});
