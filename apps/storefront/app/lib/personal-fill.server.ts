import type { Messages } from '@shop/contract';
import { isLocale, type Locale } from '@shop/domain';
import de from '@shop/messages/langs/de.json' with { type: 'json' };
import en from '@shop/messages/langs/en.json' with { type: 'json' };
import it from '@shop/messages/langs/it.json' with { type: 'json' };
import ru from '@shop/messages/langs/ru.json' with { type: 'json' };
import { createTranslator, type Translate } from './i18n.tsx';
import {
  compileTemplate,
  encodeTemplate,
  fillPersonal,
  hasMarkers,
  viewPieces,
  type EncodedTemplate,
  type PagePiece,
  type PersonalView,
} from './personal-view.tsx';

export { NONCE_MARK, personalViewOf, TOKEN_MARK } from './personal-view.tsx';

// The catalogues the API serves (packages/messages): the same words the components render.
const CATALOGUES: Record<Locale, Messages> = { de, en, it, ru };
const translators = new Map<Locale, Translate>();

function translatorOf(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    t = createTranslator(locale, CATALOGUES[locale]);
    translators.set(locale, t);
  }
  return t;
}

/**
 * A kept template (its secrets filled) made the page of one view, in the page's language; null
 * when the template is none (it has no head, or a marker was left: rendered fully instead).
 */
export function fillPersonalPage(
  html: string,
  view: PersonalView,
  locale: string,
  nonce: string,
): string | null {
  if (!isLocale(locale)) return null;
  try {
    const page = fillPersonal(html, view, translatorOf(locale), nonce);
    return hasMarkers(page) ? null : page;
  } catch {
    return null;
  }
}

/**
 * A kept template (its secrets as NONCE_MARK and TOKEN_MARK) parsed and encoded once for
 * `personalPagePieces`; null when it cannot be (the page is then rendered for its request).
 */
export function compilePersonalPage(html: string): EncodedTemplate | null {
  try {
    return encodeTemplate(compileTemplate(html));
  } catch {
    return null;
  }
}

/**
 * The page of an encoded template for one view, as bytes with the answer's secrets by name
 * (`merge`: adjacent bytes joined, for a page kept and answered many times), or null.
 */
export function personalPagePieces(
  template: EncodedTemplate,
  view: PersonalView,
  locale: string,
  merge: boolean,
): PagePiece[] | null {
  if (!isLocale(locale)) return null;
  try {
    // Every marker became a segment when it was compiled: none can be left.
    return viewPieces(template, view, translatorOf(locale), merge);
  } catch {
    return null;
  }
}
