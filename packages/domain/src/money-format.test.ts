import { describe, expect, it } from 'vitest';
import { formatMoney, moneyFormatter } from './money-format.ts';

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

  // A shop sells in one currency, so its sign alone says which: US dollars read `$`, as a reader of
  // each language writes them, never `US$` (the Irish English form) or `USD` (the Italian one).
  it.each([
    ['en', '$19.99', '$1,234.50'],
    ['de', `19,99${NBSP}$`, `1.234,50${NBSP}$`],
    ['ru', `19,99${NBSP}$`, `1${NBSP}234,50${NBSP}$`],
    ['it', `19,99${NBSP}$`, `1234,50${NBSP}$`],
  ])('writes US dollars in %s with the dollar sign', (locale, small, large) => {
    expect(formatMoney(locale, 'USD', 19.99)).toBe(small);
    expect(formatMoney(locale, 'USD', 1234.5)).toBe(large);
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
    expect(formatMoney('en', 'JPY', 1234.5)).toBe('¥1,234.50');
    expect(formatMoney('de', 'JPY', 7)).toBe(`7,00${NBSP}¥`);
    expect(formatMoney('ru', 'BHD', 1.5)).toBe(`1,50${NBSP}BHD`);
  });

  it('moneyFormatter fixes the locale and currency', () => {
    const money = moneyFormatter('it', 'EUR');
    expect(money(12)).toBe(`12,00${NBSP}€`);
    expect(money({ cents: 1205 })).toBe(`12,05${NBSP}€`);
  });
});
