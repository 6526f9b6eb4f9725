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
