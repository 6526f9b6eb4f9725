import { IntlMessageFormat } from 'intl-messageformat';

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
  try {
    format = new IntlMessageFormat(text, locale);
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
