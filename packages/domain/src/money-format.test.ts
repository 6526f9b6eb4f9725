import { describe, expect, it, vi } from 'vitest';
import { formatMoney, moneyFormatter, moneySign, takeMoneySign } from './money-format.ts';

// Intl writes a no-break space (U+00A0) between amount and sign, and Russian groups thousands
// with one too: spelt out so the table shows what the reader gets.
const NBSP = '\u00a0';

describe('formatMoney', () => {
  it.each([
    ['en', 'EUR', 1234.5, '€1,234.50'],
    ['de', 'EUR', 1234.5, `1.234,50${NBSP}€`],
    // Italian groups thousands from five digits on (CLDR's minimum grouping digits).
    ['it', 'EUR', 1234.5, `1234,50${NBSP}€`],
    ['it', 'EUR', 12345.5, `12.345,50${NBSP}€`],
    ['ru', 'EUR', 1234.5, `1${NBSP}234,50${NBSP}€`],
    ['de', 'CHF', 0, `0,00${NBSP}CHF`],
    ['en', 'EUR', -5, '-€5.00'],
    // Any BCP 47 tag is taken as it is.
    ['en-US', 'USD', 19.99, '$19.99'],
  ])('%s %s %s → %s', (locale, currency, amount, text) => {
    expect(formatMoney(locale, currency, amount)).toBe(text);
  });

  // Decision 0071: a sign that several currencies write (`$`: US, Canadian, Australian dollars and
  // some thirty more) is replaced by the reader's language's own symbol (CLDR, Intl's
  // `currencyDisplay: 'symbol'`), which is one currency's alone in that language.
  it.each([
    ['en', 'USD', 'US$1,234.50'],
    ['en', 'CAD', 'CA$1,234.50'],
    ['en', 'AUD', 'A$1,234.50'],
    ['it', 'USD', `1234,50${NBSP}USD`],
    // German and Russian CLDR keep `$` for the US dollar alone; the others are CA$, AU$ …
    ['de', 'USD', `1.234,50${NBSP}$`],
    ['de', 'CAD', `1.234,50${NBSP}CA$`],
    ['ru', 'USD', `1${NBSP}234,50${NBSP}$`],
    ['ru', 'AUD', `1${NBSP}234,50${NBSP}A$`],
    // Only in en-US is the bare `$` the reader's own dollar.
    ['en-US', 'USD', '$1,234.50'],
    // Yen and yuan share `¥`: English tells them apart.
    ['en', 'JPY', 'JP¥1,234.50'],
    ['en', 'CNY', 'CN¥1,234.50'],
  ])('never writes a shared sign bare: %s %s → %s', (locale, currency, text) => {
    expect(formatMoney(locale, currency, 1234.5)).toBe(text);
  });

  it('no two currencies read the same in one shop language', () => {
    for (const locale of ['en', 'de', 'ru', 'it']) {
      const seen = new Map<string, string>();
      for (const currency of [
        'USD',
        'CAD',
        'AUD',
        'NZD',
        'MXN',
        'HKD',
        'EUR',
        'GBP',
        'JPY',
        'CNY',
        'SEK',
        'NOK',
        'DKK',
      ]) {
        const sign = formatMoney(locale, currency, 1).replace(/[\d\s.,\u00a0-]/g, '');
        expect(
          seen.get(sign),
          `${locale}: ${currency} and ${seen.get(sign)} both read ${sign}`,
        ).toBeUndefined();
        seen.set(sign, currency);
      }
    }
  });

  it.each([
    ['en', 'GBP', 5, '£5.00'],
    ['it', 'RUB', 5, `5,00${NBSP}₽`],
    ['de', 'PLN', 5, `5,00${NBSP}zł`],
  ])('writes %s %s with its sign: %s', (locale, currency, amount, text) => {
    expect(formatMoney(locale, currency, amount)).toBe(text);
  });

  it('writes integer cents as the decimal amount, without float error', () => {
    expect(formatMoney('en', 'EUR', { cents: 1999 })).toBe('€19.99');
    expect(formatMoney('de', 'EUR', { cents: 30 })).toBe(`0,30${NBSP}€`);
    expect(formatMoney('en', 'EUR', { cents: 123456789 })).toBe('€1,234,567.89');
  });

  it('shows 2 decimals, as prices are (spec §9)', () => {
    expect(formatMoney('en', 'EUR', 7)).toBe('€7.00');
    expect(formatMoney('en', 'EUR', 0.1 + 0.2)).toBe('€0.30');
    // Even in a currency written without decimals by default (yen), or past its third decimal.
    expect(formatMoney('en', 'JPY', 1234.5)).toBe('JP¥1,234.50');
    expect(formatMoney('de', 'JPY', 7)).toBe(`7,00${NBSP}¥`);
    expect(formatMoney('ru', 'BHD', 1.5)).toBe(`1,50${NBSP}BHD`);
  });

  it('moneyFormatter fixes the locale and currency', () => {
    const money = moneyFormatter('it', 'EUR');
    expect(money(12)).toBe(`12,00${NBSP}€`);
    expect(money({ cents: 1205 })).toBe(`12,05${NBSP}€`);
  });
});

// Issue 25: the browser takes the sign the server counted instead of counting it again (some 300
// formats, tens of milliseconds on a phone while the page hydrates).
describe('moneySign / takeMoneySign', () => {
  it('answers the sign formatMoney writes', () => {
    expect(moneySign('en', 'USD')).toBe('symbol');
    expect(moneySign('ru', 'RUB')).toBe('narrowSymbol');
    expect(moneySign('de', 'EUR')).toBe('narrowSymbol');
  });

  it('formats with the sign given, without counting the currencies', () => {
    const count = vi.spyOn(Intl, 'supportedValuesOf');
    try {
      // A tag no other test has counted (the counts are kept per tag for the process).
      takeMoneySign('en-NZ', 'EUR', 'narrowSymbol');
      takeMoneySign('en-NZ', 'USD', 'symbol');
      expect(formatMoney('en-NZ', 'EUR', 1.5)).toBe('€1.50');
      expect(formatMoney('en-NZ', 'USD', 1.5)).toBe('US$1.50');
      expect(count).not.toHaveBeenCalled();
    } finally {
      count.mockRestore();
    }
  });

  it('replaces a format made with another sign', () => {
    expect(formatMoney('en-GB', 'USD', 2)).toBe('US$2.00');
    takeMoneySign('en-GB', 'USD', 'narrowSymbol');
    expect(formatMoney('en-GB', 'USD', 2)).toBe('$2.00');
  });
});
