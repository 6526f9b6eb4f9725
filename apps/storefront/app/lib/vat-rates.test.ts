import { describe, expect, it } from 'vitest';
import english from '@shop/messages/langs/en.json' with { type: 'json' };
import german from '@shop/messages/langs/de.json' with { type: 'json' };
import italian from '@shop/messages/langs/it.json' with { type: 'json' };
import russian from '@shop/messages/langs/ru.json' with { type: 'json' };
import { createTranslator } from '#app/lib/i18n.tsx';
import { vatRateLabel } from './vat-rates.ts';

const catalogues = { en: english, de: german, ru: russian, it: italian } as const;

// The staff product page's VAT select (issue 26): the rate's name in the staff's language, never
// its key ("standard") or a message key.
describe('vatRateLabel', () => {
  it.each([
    ['en', 'standard', 22, 'Standard rate (22%)'],
    ['de', 'standard', 22, 'Regelsatz (22 %)'],
    ['de', 'super-reduced', 4, 'Stark ermäßigter Satz (4 %)'],
    ['ru', 'reduced', 10, 'Пониженная ставка (10 %)'],
    ['it', 'reduced', 10, 'Aliquota ridotta (10%)'],
  ] as const)('%s: %s at %d %% reads %s', (locale, key, percent, expected) => {
    const t = createTranslator(locale, catalogues[locale]);
    // Intl may use a narrow no-break space before "%": compare the visible text.
    expect(vatRateLabel(t, locale, { key, percent }).replace(/\s/g, ' ')).toBe(expected);
  });

  it('a rate without a name shows its key, not the message key', () => {
    const t = createTranslator('de', german);
    expect(vatRateLabel(t, 'de', { key: 'zero', percent: 0 }).replace(/\s/g, ' ')).toBe(
      'zero (0 %)',
    );
  });
});
