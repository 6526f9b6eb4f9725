import { data, redirect, type MiddlewareFunction } from 'react-router';
import type { Translate } from '@shop/contract';
import { requireShopper } from './account.server.ts';
import { shopTranslator } from './messages.server.ts';
import { shopRequestContext, type ShopRequest } from './shop.server.ts';

/*
 * Guards a route names rather than imports (`export const middleware = namedMiddleware('auth')`),
 * as the spec's client declares its page middleware. A name nobody registered is a programming
 * error that must not pass silently: spec section 8, "Unknown middleware: status 500,
 * 'Unknown middleware {name}'", on the error page.
 */

type Guard = (shop: ShopRequest, request: Request) => void | Promise<void>;

export const NAMED_MIDDLEWARE: Readonly<Record<string, Guard>> = {
  /** Logged-in users only; others go to the login page and come back after (spec section 4). */
  auth: (shop, request) => {
    requireShopper(shop, request);
  },
  /**
   * The back office (issue 24): anonymous visitors log in first and come back; anyone logged in
   * who is not staff gets the 403 screen.
   */
  staff: async (shop, request) => {
    const user = requireShopper(shop, request);
    if (!user.isStaff) {
      throw data((await shopTranslator(shop))('staff.forbidden'), { status: 403 });
    }
  },
  /** Visitors who are not logged in (sign-up screens); a logged-in user goes home. */
  guest: (shop) => {
    if (shop.user) throw redirect(`/${shop.locale}/`);
  },
};

/** The 500 of an unknown name, in the page's language (English outside a locale). */
export function unknownMiddleware(name: string, t: Translate | null) {
  const text = t?.('errors.unknownMiddleware', { name });
  return data(text && text !== 'errors.unknownMiddleware' ? text : `Unknown middleware ${name}`, {
    status: 500,
  });
}

/** The guards of `names`, in order; each runs after the locale middleware has loaded the shop. */
export function namedMiddleware(...names: string[]): MiddlewareFunction<Response>[] {
  return names.map((name) => async ({ request, context }) => {
    const shop = context.get(shopRequestContext);
    const guard = NAMED_MIDDLEWARE[name];
    if (!guard) throw unknownMiddleware(name, shop ? await shopTranslator(shop) : null);
    if (!shop) throw new Error(`middleware ${name} runs outside a locale`);
    await guard(shop, request);
  });
}
