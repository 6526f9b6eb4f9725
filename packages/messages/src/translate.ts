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
    if (text === undefined) format = null;
    else {
      try {
        format = new IntlMessageFormat(text, locale);
      } catch {
        // A malformed message still shows its text rather than breaking the page.
        format = text;
      }
    }
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
