import type { Translate } from '@shop/messages/translate';

/**
 * A VAT rate as the back office names it: its name in the page's language, found by the rate's
 * stable key (`staffCatalogue.vatRates.{key}` in packages/messages; the seed's rates have one in
 * every language), and its percent in the locale's form ("22 %" in German, "22%" in English). A
 * rate added since without a name shows its key rather than a message key.
 */
export function vatRateLabel(
  t: Translate,
  locale: string,
  rate: { key: string; percent: number },
): string {
  const messageKey = `staffCatalogue.vatRates.${rate.key}`;
  const translated = t(messageKey);
  const name = translated === messageKey ? rate.key : translated;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return `${name} (${percent.format(rate.percent / 100)})`;
}
