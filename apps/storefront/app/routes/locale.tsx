import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { moneySign, takeMoneySign } from '@shop/domain';
import { I18nProvider } from '#app/lib/i18n.tsx';
import {
  cartNoticeCookie,
  csrfCookie,
  localeCookie,
  loginNextCookie,
  noticeCookie,
  readLocaleCookie,
  secureFor,
} from '#app/lib/cookies.ts';
import { isLoginPath } from '#app/lib/account.server.ts';
import type { LocaleData } from '#app/lib/locale-data.ts';
import { loadMessages } from '#app/lib/messages.server.ts';
import { messagesFor, otherMessages } from '#app/lib/message-namespaces.ts';
import { getShopRequest, loadShopRequest, shopRequestContext } from '#app/lib/shop.server.ts';
import { templateModeContext } from '#app/lib/personal-view.tsx';
import type { Route } from './+types/locale';

/**
 * Runs before every page of a locale (server side, so it holds without JavaScript): checks the
 * language against the shop's, loads the shop info and the user once, and saves the language.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }, next) => {
    const shop = await loadShopRequest(request, context, params.lang);
    context.set(shopRequestContext, shop);
    const response = await next();
    const secure = secureFor(request);
    if (readLocaleCookie(request.headers.get('cookie')) !== shop.locale) {
      response.headers.append('Set-Cookie', localeCookie.serialize(shop.locale, secure));
    }
    for (const line of shop.apiSetCookies) response.headers.append('Set-Cookie', line);
    // The cart notice is shown once: the page that read it clears it.
    if (shop.cartNotice) {
      response.headers.append('Set-Cookie', cartNoticeCookie.serialize('', { maxAge: 0 }));
    }
    // Likewise a form's confirmation, unless this answer is the form that leaves a new one.
    if (
      shop.notice &&
      !response.headers.getSetCookie().some((line) => line.startsWith(`${noticeCookie.name}=`))
    ) {
      response.headers.append('Set-Cookie', noticeCookie.serialize('', { maxAge: 0 }));
    }
    // Spec section 4: visiting any page but the login page forgets the way back after login
    // (unless this very answer is the guard that stores it).
    if (
      loginNextCookie.parse(request.headers.get('cookie')) !== null &&
      !isLoginPath(new URL(request.url).pathname) &&
      !response.headers.getSetCookie().some((line) => line.startsWith(`${loginNextCookie.name}=`))
    ) {
      response.headers.append('Set-Cookie', loginNextCookie.serialize('', { maxAge: 0 }));
    }
    // Unless the API set one meanwhile (a login or logout in this request's action): the
    // session's token must be the one the browser keeps.
    if (
      shop.newCsrfToken &&
      !shop.apiSetCookies.some((line) => line.startsWith(`${csrfCookie.name}=`))
    ) {
      response.headers.append('Set-Cookie', csrfCookie.serialize(shop.csrfToken, secure));
    }
    return response;
  },
];

export async function loader({ request, context }: Route.LoaderArgs): Promise<LocaleData> {
  const shop = getShopRequest(context);
  return {
    locale: shop.locale,
    shop: shop.shop,
    languages: shop.languages,
    user: shop.user,
    origin: shop.origin,
    consent: shop.consent,
    csrfToken: shop.csrfToken,
    // The page's messages, not the whole catalogue (lib/message-namespaces.ts).
    messages: messagesFor(await loadMessages(shop), new URL(request.url).pathname),
    moneySign: moneySign(shop.locale, shop.shop.currency),
    // A template render (decision 0067): rendered without a session, filled per shopper.
    ...(context.get(templateModeContext) ? { templated: true } : {}),
  };
}

/**
 * The shop, the user and the messages change with the language, a form post (login, consent) or
 * an explicit revalidation — not with every link followed inside the shop. A link into a section
 * whose pages use other messages loads them.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.lang !== nextParams.lang) return true;
  if (otherMessages(currentUrl.pathname, nextUrl.pathname)) return true;
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return false;
}

export default function LocaleRoute({ loaderData }: Route.ComponentProps) {
  // Prices below are written with the server's sign, not counted again here (issue 25).
  takeMoneySign(loaderData.locale, loaderData.shop.currency, loaderData.moneySign);
  return (
    <I18nProvider locale={loaderData.locale} messages={loaderData.messages}>
      <Outlet />
    </I18nProvider>
  );
}
