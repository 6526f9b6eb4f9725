import type { ShouldRevalidateFunctionArgs } from 'react-router';

/** An action's answer that changed the cart although it refused what was asked (a 400). */
export type CartChanged = { cartChanged: true };

const changedCart = (result: unknown) =>
  typeof result === 'object' &&
  result !== null &&
  (result as { cartChanged?: unknown }).cartChanged === true;

/**
 * `shouldRevalidate` of every route that shows what the cart holds (the layout's badge, the cart,
 * a product's stock): React Router skips reloading after an action answered 4xx, but a refused
 * quantity still changed the line (lib/cart-refusal.server.ts), so those reload then too.
 */
export function revalidateAfterCartChange({
  actionResult,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return changedCart(actionResult) || defaultShouldRevalidate;
}

/**
 * `shouldRevalidate` of the layouts (issue 25): what they load (shop info, menus, widgets, the
 * header's badges, the shopper's name) changes with an action (a form post or a fetcher's:
 * an add to cart, a login), the language, or an explicit revalidation — never with a filter,
 * a sort or a page of the list below them, which only change the URL's search or the child route.
 */
export function revalidateLayout(args: ShouldRevalidateFunctionArgs): boolean {
  const { currentParams, nextParams, currentUrl, nextUrl, formMethod, defaultShouldRevalidate } =
    args;
  if (changedCart(args.actionResult)) return true;
  // After an action, as React Router decides (not after a refused one: a 4xx changed nothing).
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate;
  if (currentParams.lang !== nextParams.lang) return true;
  // useRevalidator(), or the same address again: reload as asked.
  if (currentUrl.pathname + currentUrl.search === nextUrl.pathname + nextUrl.search)
    return defaultShouldRevalidate;
  return false;
}
