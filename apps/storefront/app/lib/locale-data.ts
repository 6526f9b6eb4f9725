import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Language, Messages, OrganizationInfo, UserInfo } from '@shop/contract';
import type { Locale, MoneySign } from '@shop/domain';
import type { Consent } from './cookies.ts';
import { templatedUser } from './personal-view.tsx';

/** What the locale route loads once for every page of a language (routes/locale.tsx). */
export type LocaleData = {
  locale: Locale;
  shop: OrganizationInfo;
  languages: Language[];
  user: UserInfo | null;
  origin: string;
  consent: Consent | null;
  csrfToken: string;
  messages: Messages;
  /**
   * The sign the shop's currency is written with in this language, as the server counted it
   * (`moneySign`): the browser takes it rather than counting again (issue 25).
   */
  moneySign: MoneySign;
  /**
   * Rendered for the kept template of a page (lib/personal-view.tsx): `user` is the visitor's
   * null, the page's own user is in its inline view.
   */
  templated?: boolean;
};

export const LOCALE_ROUTE_ID = 'routes/locale';

/**
 * The locale route's data, from any component below it (undefined outside a locale). While it is
 * a template's (until the locale route reloads), its user is the filled page's own.
 */
export const useLocaleData = () => {
  const data = useRouteLoaderData<LocaleData>(LOCALE_ROUTE_ID);
  return useMemo(() => (data?.templated ? { ...data, user: templatedUser(data) } : data), [data]);
};
