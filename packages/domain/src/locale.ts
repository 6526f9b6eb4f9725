export const SUPPORTED_LOCALES = ['en', 'de', 'ru', 'it'] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

export type ChooseLocaleInput = {
  /** The language segment of the URL: 'de', '/de' or a whole path such as '/de/products/'. */
  urlPrefix?: string | null;
  cookie?: string | null;
  /** The raw Accept-Language header, e.g. 'de-CH,de;q=0.9,en;q=0.8'. */
  acceptLanguage?: string | null;
  /** Languages the shop offers; undefined means no restriction. */
  offered?: readonly string[] | null;
};

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(x);
}

// 'de-CH', 'DE', 'de_ch' all name the German the shop supports.
function primarySubtag(tag: string): string {
  return tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
}

function asLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const code = primarySubtag(tag);
  return isLocale(code) ? code : null;
}

/** Supported locales from an Accept-Language header, best first (q-values honoured, q=0 means "not this one"). */
export function parseAcceptLanguage(header: string | null | undefined): Locale[] {
  if (!header) return [];
  const entries: { locale: Locale; q: number; index: number }[] = [];
  header.split(',').forEach((part, index) => {
    const [tag = '', ...params] = part.split(';');
    const locale = asLocale(tag);
    if (!locale) return;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const parsed = Number(value?.trim());
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    if (q > 0) entries.push({ locale, q, index });
  });
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  const result: Locale[] = [];
  for (const e of entries) if (!result.includes(e.locale)) result.push(e.locale);
  return result;
}

/**
 * "If the current locale is not among the languages the shop offers, it switches to the first offered
 * language, or to the default locale when none are offered." undefined offered = no restriction.
 */
export function restrictToOffered(
  locale: Locale,
  offered: readonly string[] | null | undefined,
): Locale {
  if (offered === null || offered === undefined) return locale;
  const usable = offered.map(asLocale).filter((l): l is Locale => l !== null);
  if (usable.includes(locale)) return locale;
  return usable[0] ?? DEFAULT_LOCALE;
}

/** "chosen from the URL prefix, then a saved cookie, then the browser language", then 'en'; restricted to the offered languages. */
export function chooseLocale(input: ChooseLocaleInput): Locale {
  const offered = input.offered ?? undefined;
  const fromUrl = asLocale(input.urlPrefix?.replace(/^\/+/, '').split('/')[0]);
  const fromCookie = asLocale(input.cookie);
  // Among the browser's languages, one the shop offers beats a higher-ranked one it would be redirected from.
  const browser = parseAcceptLanguage(input.acceptLanguage);
  const offeredSet = offered ? new Set(offered.map(primarySubtag)) : null;
  const fromBrowser =
    browser.find((l) => offeredSet === null || offeredSet.has(l)) ?? browser[0] ?? null;
  return restrictToOffered(fromUrl ?? fromCookie ?? fromBrowser ?? DEFAULT_LOCALE, offered);
}
