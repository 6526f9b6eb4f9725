/**
 * What a route module's `handle` may say to the server entry. A page where Lighthouse measured a
 * gain from starting the scripts after the largest paint opts in with
 * `export const handle = scriptsAfterPaintHandle`: home, the product list, a product, a bundle
 * (decision 37), and the cart, the checkout and the account dashboard's start (decision 0068),
 * whose controls all work without JavaScript and whose first input starts the scripts at once.
 * The other forms (login, registration, the account's sections, the back office) hydrate as soon
 * as they can.
 */
export const scriptsAfterPaintHandle = { scriptsAfterPaint: true } as const;

/** Whether any of the matched routes' handles opted in. */
export function wantsScriptsAfterPaint(handles: readonly unknown[]): boolean {
  return handles.some(
    (handle) =>
      typeof handle === 'object' &&
      handle !== null &&
      (handle as { scriptsAfterPaint?: unknown }).scriptsAfterPaint === true,
  );
}

/**
 * The checkout shows its own short header (logo, "secure checkout", back to the cart) in place
 * of the shop's, and no go-to-top button over its fields: `export const handle = checkoutHandle`.
 */
export const checkoutHandle = { chrome: 'checkout' } as const;

/** Whether any of the matched routes' handles asks for the checkout's header. */
export function wantsCheckoutChrome(handles: readonly unknown[]): boolean {
  return handles.some(
    (handle) =>
      typeof handle === 'object' &&
      handle !== null &&
      (handle as { chrome?: unknown }).chrome === 'checkout',
  );
}
