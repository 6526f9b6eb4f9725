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

function numberFormat(locale: string, currency: string): Intl.NumberFormat {
  const tag = isLocale(locale) ? MONEY_LOCALES[locale] : locale;
  const key = `${tag} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency,
      // A shop sells in one currency, so its sign alone is enough: `$` as every language writes
      // it, not Irish English's `US$` or Italian's `USD`.
      currencyDisplay: 'narrowSymbol',
      // Prices have 2 decimals (spec §9), whatever the currency's usual digits (yen has none).
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
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
