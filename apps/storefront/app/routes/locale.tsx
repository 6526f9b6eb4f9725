import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router';
import { LOCALE_COOKIE_MAX_AGE_DAYS } from '@shop/domain';
import { I18nProvider } from '#app/lib/i18n.tsx';
import { CSRF_COOKIE, LOCALE_COOKIE, readCookie, serializeCookie } from '#app/lib/cookies.ts';
import { loadMessages } from '#app/lib/messages.server.ts';
import { getShopRequest, loadShopRequest, shopRequestContext } from '#app/lib/shop.server.ts';
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
    const secure = new URL(request.url).protocol === 'https:';
    if (readCookie(request.headers.get('cookie'), LOCALE_COOKIE) !== shop.locale) {
      response.headers.append(
        'Set-Cookie',
        serializeCookie(LOCALE_COOKIE, shop.locale, LOCALE_COOKIE_MAX_AGE_DAYS, secure),
      );
    }
    for (const line of shop.apiSetCookies) response.headers.append('Set-Cookie', line);
    if (shop.newCsrfToken) {
      response.headers.append(
        'Set-Cookie',
        serializeCookie(CSRF_COOKIE, shop.csrfToken, 365, secure),
      );
    }
    return response;
  },
];

export async function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  return {
    locale: shop.locale,
    shop: shop.shop,
    languages: shop.languages,
    user: shop.user,
    origin: shop.origin,
    consent: shop.consent,
    csrfToken: shop.csrfToken,
    messages: await loadMessages(shop),
  };
}

/**
 * The shop, the user and the messages change with the language, a form post (login, consent) or
 * an explicit revalidation — not with every link followed inside the shop.
 */
export function shouldRevalidate({
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentParams.lang !== nextParams.lang) return true;
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  return false;
}

export type LocaleData = Awaited<ReturnType<typeof loader>>;

/** The locale route's data from any component below it (null on screens outside a locale). */
export const useLocaleData = () => useRouteLoaderData<LocaleData>('routes/locale');

export default function LocaleRoute({ loaderData }: Route.ComponentProps) {
  return (
    <I18nProvider locale={loaderData.locale} messages={loaderData.messages}>
      <Outlet />
    </I18nProvider>
  );
}
