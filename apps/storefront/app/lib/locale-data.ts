import { useRouteLoaderData } from 'react-router';
import type { Language, Messages, OrganizationInfo, UserInfo } from '@shop/contract';
import type { Locale } from '@shop/domain';
import type { Consent } from './cookies.ts';

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
};

export const LOCALE_ROUTE_ID = 'routes/locale';

/** The locale route's data, from any component below it (undefined outside a locale). */
export const useLocaleData = () => useRouteLoaderData<LocaleData>(LOCALE_ROUTE_ID);
