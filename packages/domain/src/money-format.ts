import { isLocale, type Locale } from './locale.ts';
import { fromCents } from './money.ts';

/**
 * The one way an amount is written for a reader: the pages, the API's refusals and payment
 * instructions, and the mails all call this, so one amount reads the same everywhere.
 */

/** The region each shop language writes its numbers as (`en`: Ireland, a euro country). */
export const MONEY_LOCALES: Readonly<Record<Locale, string>> = {
  en: 'en-IE',
  de: 'de-DE',
  ru: 'ru-RU',
  it: 'it-IT',
};

/** An amount as the API answers it (a decimal number, 2 decimals) or in integer cents. */
export type MoneyAmount = number | { cents: number };

// Building an Intl.NumberFormat costs far more than using one: one per locale and currency for
// the process. The cache holds no state a caller could see (the same input gives the same text).
const formats = new Map<string, Intl.NumberFormat>();

const currencyFormat = (tag: string, currency: string, display: 'narrowSymbol' | 'symbol') =>
  new Intl.NumberFormat(tag, {
    style: 'currency',
    currency,
    currencyDisplay: display,
    // Prices have 2 decimals (spec §9), whatever the currency's usual digits (yen has none).
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

const signOf = (format: Intl.NumberFormat) =>
  format.formatToParts(1).find((part) => part.type === 'currency')?.value ?? '';

// Per locale tag: how many of Intl's currencies write each narrow sign (`$`: some thirty).
// Counted once per tag for the process, when a currency of that tag is first written.
const narrowSignCounts = new Map<string, Map<string, number>>();

function narrowSignCount(tag: string, sign: string): number {
  let counts = narrowSignCounts.get(tag);
  if (!counts) {
    counts = new Map();
    for (const code of Intl.supportedValuesOf('currency')) {
      const other = signOf(currencyFormat(tag, code, 'narrowSymbol'));
      counts.set(other, (counts.get(other) ?? 0) + 1);
    }
    narrowSignCounts.set(tag, counts);
  }
  return counts.get(sign) ?? 0;
}

/**
 * The sign a reader of `tag` sees (decision 0071): the currency's narrow sign when no other
 * currency writes that sign (`€`, `₽`, `zł`), else the language's own symbol from CLDR
 * (`currencyDisplay: 'symbol'`), which is one currency's alone in that language: US dollars are
 * `US$` in Irish English, `USD` in Italian, `$` in German and Russian (where CAD is `CA$`), yen
 * `JP¥` beside `CN¥` in English. A bare `$` would not tell US from Canadian or Australian dollars.
 */
export type MoneySign = 'narrowSymbol' | 'symbol';

const tagOf = (locale: string) => (isLocale(locale) ? MONEY_LOCALES[locale] : locale);

// The sign chosen per locale tag and currency: counted here, or given by `takeMoneySign`.
const signs = new Map<string, MoneySign>();

/**
 * Which sign `formatMoney` writes `currency` with for a reader of `locale` (see `numberFormat`).
 * Counting it formats every currency Intl knows (some 300 formats, tens of milliseconds on a
 * phone): the server counts, and sends the answer to the browser (`takeMoneySign`).
 */
export function moneySign(locale: string, currency: string): MoneySign {
  const tag = tagOf(locale);
  const key = `${tag} ${currency}`;
  let sign = signs.get(key);
  if (!sign) {
    const narrow = signOf(currencyFormat(tag, currency, 'narrowSymbol'));
    sign = narrowSignCount(tag, narrow) <= 1 ? 'narrowSymbol' : 'symbol';
    signs.set(key, sign);
  }
  return sign;
}

/**
 * Writes `currency` for `locale` with `sign` from now on, without counting: the browser takes
 * the server's `moneySign` (issue 25: a page's first price no longer costs the count, and both
 * write the same sign even where their Intl data differ).
 */
export function takeMoneySign(locale: string, currency: string, sign: MoneySign): void {
  const key = `${tagOf(locale)} ${currency}`;
  if (signs.get(key) === sign) return;
  signs.set(key, sign);
  formats.delete(key);
}

function numberFormat(locale: string, currency: string): Intl.NumberFormat {
  const tag = tagOf(locale);
  const key = `${tag} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = currencyFormat(tag, currency, moneySign(locale, currency));
    formats.set(key, format);
  }
  return format;
}

/**
 * `amount` written in `currency` for a reader of `locale` (a shop language such as `de`, or any
 * BCP 47 tag): `formatMoney('de', 'EUR', 1234.5)` is `1.234,50 €`. Cents are turned into the
 * decimal amount without float error first.
 */
export function formatMoney(locale: string, currency: string, amount: MoneyAmount): string {
  const value = typeof amount === 'number' ? amount : fromCents(amount.cents);
  return numberFormat(locale, currency).format(value);
}

/** `formatMoney` with the locale and currency fixed, for code that writes many amounts. */
export function moneyFormatter(locale: string, currency: string): (amount: MoneyAmount) => string {
  return (amount) => formatMoney(locale, currency, amount);
}
