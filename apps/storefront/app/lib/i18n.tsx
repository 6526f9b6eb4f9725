import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  createTranslator as createMessageTranslator,
  type Translate,
} from '@shop/messages/translate';
import type { Messages } from '@shop/contract';
import type { Locale } from '@shop/domain';

export type { Translate };

/** A translator over the locale's messages (the key itself when missing): packages/messages. */
export function createTranslator(locale: Locale, messages: Messages): Translate {
  return createMessageTranslator(locale, messages);
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
