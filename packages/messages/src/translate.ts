import { IntlMessageFormat, type Formatters } from 'intl-messageformat';

/** A message catalogue: nested sections of ICU messages (`{field}`, `{count, plural, …}`). */
export type MessageTree = { [key: string]: string | MessageTree };

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The message at a dotted key (`forms.required`), or undefined. */
export function lookupMessage(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Whether a message is plain text, the same before and after ICU formatting: no argument or tag
 * (`{`, `}`, `<`, `>`) and no quoted apostrophe (`''`; a lone apostrophe is literal unless it
 * quotes one of those). Most messages are ("Add to cart"); they skip the message parser and the
 * locale resolution that building a format costs — on a phone's first page view too, where each
 * of the page's messages would be built once (about 40 ms of a cold hydration, issue 12).
 */
export function isPlainMessage(text: string): boolean {
  return !/[{}<>]/.test(text) && !text.includes("''");
}

/**
 * The Intl formatters (numbers, plurals, dates) of one locale, shared by all its formats: each
 * format otherwise makes its own `Intl.PluralRules` and `Intl.NumberFormat` on first use.
 */
const localeFormatters = new Map<string, Formatters>();
function formattersFor(locale: string): Formatters {
  let formatters = localeFormatters.get(locale);
  if (!formatters) {
    const numbers = new Map<string, Intl.NumberFormat>();
    const dates = new Map<string, Intl.DateTimeFormat>();
    const plurals = new Map<string, Intl.PluralRules>();
    const once = <T>(cache: Map<string, T>, key: unknown[], make: () => T): T => {
      const id = JSON.stringify(key);
      let made = cache.get(id);
      if (!made) cache.set(id, (made = make()));
      return made;
    };
    formatters = {
      getNumberFormat: (locales, options) =>
        once(numbers, [locales, options], () => new Intl.NumberFormat(locales, options)),
      getDateTimeFormat: (locales, options) =>
        once(dates, [locales, options], () => new Intl.DateTimeFormat(locales, options)),
      getPluralRules: (locales, options) =>
        once(plurals, [locales, options], () => new Intl.PluralRules(locales, options)),
    };
    localeFormatters.set(locale, formatters);
  }
  return formatters;
}

/** The most formats kept: every message of the four catalogues fits many times over. */
const MAX_FORMATS = 20_000;
const formats = new Map<string, IntlMessageFormat | string>();

/**
 * The compiled format of one message in one locale, built once per process: a translator is made
 * for every request (the storefront renders each page with a new one), and building a format
 * (resolving the locale, parsing the message) costs far more than formatting with it. Formats hold
 * no state between calls, so one instance serves every request.
 */
function sharedFormat(locale: string, text: string): IntlMessageFormat | string {
  const key = `${locale}\u0000${text}`;
  let format = formats.get(key);
  if (format !== undefined) return format;
  if (isPlainMessage(text)) return text;
  try {
    format = new IntlMessageFormat(text, locale, undefined, { formatters: formattersFor(locale) });
  } catch {
    // A malformed message still shows its text rather than breaking the page.
    format = text;
  }
  // Catalogues are bounded; a runaway of distinct texts starts over rather than growing.
  if (formats.size >= MAX_FORMATS) formats.clear();
  formats.set(key, format);
  return format;
}

/**
 * A translator over one locale's messages (the key itself when missing), shared by the API (its
 * answers in the caller's language) and the storefront. Each message is parsed once and cached.
 * `fallback` (English) answers keys the locale lacks.
 */
export function createTranslator(
  locale: string,
  messages: MessageTree,
  fallback?: MessageTree,
): Translate {
  const cache = new Map<string, IntlMessageFormat | string | null>();
  const compile = (key: string) => {
    let format = cache.get(key);
    if (format !== undefined) return format;
    const text =
      lookupMessage(messages, key) ?? (fallback ? lookupMessage(fallback, key) : undefined);
    format = text === undefined ? null : sharedFormat(locale, text);
    cache.set(key, format);
    return format;
  };
  return (key, values) => {
    const format = compile(key);
    if (format === null) return key;
    if (typeof format === 'string') return format;
    try {
      const result = format.format<string>(values);
      return Array.isArray(result) ? result.join('') : String(result);
    } catch {
      // A value the message needs is missing: show the text with what is known filled in.
      const raw = lookupMessage(messages, key) ?? (fallback && lookupMessage(fallback, key)) ?? key;
      return raw.replace(/\{(\w+)\}/g, (match, name: string) =>
        values && name in values ? String(values[name]) : match,
      );
    }
  };
}
