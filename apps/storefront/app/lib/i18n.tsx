import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Messages } from '@shop/contract';
import type { Locale } from '@shop/domain';

export type Translate = (key: string, values?: Record<string, string | number>) => string;

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A translator over the locale's messages (the key itself when missing). Messages are ICU
 * (`{field}`, `{count, plural, …}`), parsed once per key and cached.
 */
export function createTranslator(locale: Locale, messages: Messages): Translate {
  const cache = new Map<string, IntlMessageFormat | string>();
  return (key, values) => {
    let format = cache.get(key);
    if (format === undefined) {
      const text = lookup(messages, key);
      if (text === undefined) return key;
      try {
        format = new IntlMessageFormat(text, locale);
      } catch {
        // A malformed message still shows its text rather than breaking the page.
        format = text;
      }
      cache.set(key, format);
    }
    if (typeof format === 'string') return format;
    try {
      const result = format.format<string>(values);
      return Array.isArray(result) ? result.join('') : String(result);
    } catch {
      // A value the message needs is missing: show the text with what is known filled in.
      const raw = format.getAst().length ? (lookup(messages, key) ?? key) : key;
      return raw.replace(/\{(\w+)\}/g, (match, name: string) =>
        values && name in values ? String(values[name]) : match,
      );
    }
  };
}

type I18n = { locale: Locale; t: Translate };
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ locale, t: createTranslator(locale, messages) }),
    [locale, messages],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The current locale and translator; English defaults outside a locale route (error screens). */
export function useI18n(): I18n {
  const value = useContext(I18nContext);
  return value ?? { locale: 'en', t: (key) => key };
}
