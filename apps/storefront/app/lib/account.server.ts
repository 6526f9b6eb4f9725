import { redirect, type RouterContextProvider } from 'react-router';
import type { UserInfo } from '@shop/contract';
import { loginNextCookie, secureFor } from './cookies.ts';
import { safeRedirect } from '@shop/domain';
import { getShopRequest, type ShopRequest } from './shop.server.ts';

/** The login page of a locale. */
export const loginPath = (locale: string) => `/${locale}/account/login/`;

/** Whether a request is for the login page (its document or its data). */
export const isLoginPath = (pathname: string) =>
  /^\/[a-z]{2}\/account\/login(\/|\.data$|\/?_\.data$)/.test(pathname);

/**
 * The guard of the logged-in shopper's pages: anonymous visitors go to the login page, which
 * brings them back here (or to `wayBack`, a form's page) afterwards; the path is stored in the
 * `login_next` cookie.
 */
export function requireShopper(shop: ShopRequest, request: Request, wayBack?: string): UserInfo {
  if (shop.user) return shop.user;
  const url = new URL(request.url);
  // A data request (client navigation) stands for its page.
  const path = url.pathname.replace(/(\/_)?\.data$/, '/').replace(/\/+$/, '/');
  url.searchParams.delete('_routes');
  const back = safeRedirect(wayBack ?? `${path}${url.search}`, `/${shop.locale}/`);
  throw redirect(loginPath(shop.locale), {
    headers: { 'Set-Cookie': loginNextCookie.serialize(back, secureFor(request)) },
  });
}

/**
 * The logged-in shopper of a page under the `auth` route middleware (the dashboard's): the guard
 * has already sent everyone else to the login page, so a missing user is a programming error.
 */
export function getShopper(context: Readonly<RouterContextProvider>): UserInfo {
  const user = getShopRequest(context).user;
  if (!user) throw new Error("no shopper: is the route under namedMiddleware('auth')?");
  return user;
}
