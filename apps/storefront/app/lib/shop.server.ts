import { createContext, data, redirect, type RouterContextProvider } from 'react-router';
import {
  CSRF_TOKEN_PATTERN,
  newCsrfToken,
  isApiError,
  type ApiClient,
  type Language,
  type OrganizationInfo,
  type UserInfo,
} from '@shop/contract';
import { chooseLocale, isLocale, restrictToOffered, type Locale } from '@shop/domain';
import { serverApi } from './api.server.ts';
import {
  readCartNotice,
  readConsentCookie,
  readCsrfCookie,
  readLocaleCookie,
  readNotice,
  type CartNotice,
  type Notice,
  type Consent,
} from './cookies.ts';

/** What every page of a locale needs, loaded once per request by the locale middleware. */
export type ShopRequest = {
  locale: Locale;
  api: ApiClient;
  /** Cookies the API set during this request, for the response to the browser. */
  apiSetCookies: string[];
  shop: OrganizationInfo;
  languages: Language[];
  offered: Locale[];
  user: UserInfo | null;
  origin: string;
  consent: Consent | null;
  /** What logging in did to the cart, shown once (the locale middleware clears the cookie). */
  cartNotice: CartNotice | null;
  /** A confirmation the previous form left for this page (cookies.ts `noticeCookie`). */
  notice: Notice | null;
  /** The double-submit token for forms; issued with the response when the browser has none. */
  csrfToken: string;
  newCsrfToken: boolean;
};

export const shopRequestContext = createContext<ShopRequest | null>(null);

export function getShopRequest(context: Readonly<RouterContextProvider>): ShopRequest {
  const value = context.get(shopRequestContext);
  if (!value) throw new Error('shop request data missing: is the route under the locale route?');
  return value;
}

/** Stands in for a shop info record that does not exist: neither visible nor active. */
export function missingShop(): OrganizationInfo {
  return {
    id: 1,
    visible: false,
    active: false,
    cart: false,
    title: '',
    description: '',
    email: '',
    phone: '',
    address: '',
    currency: 'EUR',
    images: [],
    gTag: null,
    googleSearchConsoleCode: null,
    canonicalUrl: null,
    meta: { title: '', description: '', keywords: '', image: null },
  };
}

/** Everything after the locale prefix, e.g. '/products/?page=2' for '/de/products/?page=2'. */
export const pathAfterLocale = (url: URL) => url.pathname.replace(/^\/[^/]+/, '') + url.search;

/** Loads the shop, the offered languages and the user for `lang`; redirects to an offered locale. */
export async function loadShopRequest(
  request: Request,
  context: Readonly<RouterContextProvider>,
  lang: string,
): Promise<ShopRequest> {
  const url = new URL(request.url);
  if (!isLocale(lang)) {
    // A two-letter code the shop does not speak switches to one it does; anything else is no page.
    if (!/^[a-z]{2}$/.test(lang)) throw data(null, { status: 404 });
    const languages = await serverApi(context, request, 'en')
      .api.core.languages()
      .catch(() => null);
    const offered = languages?.map((l) => l.code).filter(isLocale);
    throw redirect(`/${restrictToOffered('en', offered)}${pathAfterLocale(url)}`);
  }
  // Calls carry `Cache-Control: no-cache` once the user is known to have asked for it.
  const settings = { noCache: false };
  const { api, setCookies } = serverApi(context, request, lang, () => settings.noCache);
  const [shop, languages, user] = await Promise.all([
    // No shop info yet (an empty database): a closed shop, so everyone but staff sees coming-soon.
    api.organizations.info({ expect: [404] }).catch((error: unknown) => {
      if (isApiError(error, 404)) return missingShop();
      throw error;
    }),
    // A failed languages call restricts nothing (unlike a shop that offers none).
    api.core.languages().catch(() => null),
    api.accounts.userInfo().catch(() => null),
  ]);
  settings.noCache = user?.noCache ?? false;
  const offered = languages?.map((l) => l.code).filter(isLocale);
  const allowed = restrictToOffered(lang, offered);
  if (allowed !== lang) throw redirect(`/${allowed}${pathAfterLocale(url)}`);

  const cookie = request.headers.get('cookie');
  const existingToken = readCsrfCookie(cookie);
  // The API hands a session's browser the session's own token when it holds another (decision
  // 0006): the page's forms carry that one, and the API's Set-Cookie brings it to the browser.
  const fromApi = setCookies
    .map((line) => /^csrftoken=([^;]*)/.exec(line)?.[1])
    .findLast((token) => token !== undefined && CSRF_TOKEN_PATTERN.test(token));
  const csrfToken =
    fromApi ??
    (existingToken && CSRF_TOKEN_PATTERN.test(existingToken) ? existingToken : newCsrfToken());
  return {
    locale: lang,
    api,
    apiSetCookies: setCookies,
    shop,
    languages: languages ?? [{ code: lang, name: lang }],
    offered: offered ?? [lang],
    user,
    origin: shop.canonicalUrl?.replace(/\/$/, '') ?? url.origin,
    consent: readConsentCookie(cookie),
    cartNotice: readCartNotice(cookie),
    notice: readNotice(cookie),
    csrfToken,
    newCsrfToken: fromApi === undefined && csrfToken !== existingToken,
  };
}

/** The locale for `/` alone: saved cookie, then the browser's languages, then English. */
export async function rootLocale(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Locale> {
  const languages = await serverApi(context, request, 'en')
    .api.core.languages()
    .catch(() => null);
  return chooseLocale({
    cookie: readLocaleCookie(request.headers.get('cookie')),
    acceptLanguage: request.headers.get('accept-language') ?? undefined,
    offered: languages?.map((l) => l.code).filter(isLocale),
  });
}
