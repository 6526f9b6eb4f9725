import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTranslator, type MessageTree, type Translate } from '@shop/messages/translate';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@shop/domain';

/*
 * The API answers in the caller's language (the locale of its path) from the same catalogues the
 * storefront renders with (packages/messages), English filling any gap. Catalogues are read on
 * first use, not at import time, and each translator is kept for the life of the process.
 */

const catalogues = new Map<Locale, MessageTree>();
const translators = new Map<Locale, Translate>();

/** One language's messages, as packages/messages ships them. */
export function loadCatalogue(locale: Locale): MessageTree {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    const file = fileURLToPath(import.meta.resolve(`@shop/messages/langs/${locale}.json`));
    catalogue = JSON.parse(readFileSync(file, 'utf8')) as MessageTree;
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

/** The translator of a locale; anything that is not one of ours gets English. */
export function translatorFor(locale: string | undefined): Translate {
  const code: Locale = locale !== undefined && isLocale(locale) ? locale : DEFAULT_LOCALE;
  let t = translators.get(code);
  if (!t) {
    t = createTranslator(
      code,
      loadCatalogue(code),
      code === DEFAULT_LOCALE ? undefined : loadCatalogue(DEFAULT_LOCALE),
    );
    translators.set(code, t);
  }
  return t;
}
