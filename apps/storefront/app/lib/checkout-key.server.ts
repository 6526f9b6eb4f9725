import { createHash } from 'node:crypto';
import type { Cart } from '@shop/contract';

/**
 * The Idempotency-Key of placing an order from this cart as it is now: the same for every render
 * of the checkout page (two tabs, a reload, a resubmit) while the cart is unchanged, so the API
 * answers them all with one order; a new one once a line, a quantity or the code changes. Line
 * ids are new rows after an order, so the same items ordered again later get a new key too.
 */
export function checkoutKey(cart: Pick<Cart, 'id' | 'items' | 'promoCode'>): string {
  const version = JSON.stringify([
    cart.items.map((line) => [line.id, line.ref, line.product ?? line.bundle, line.quantity]),
    cart.promoCode?.code ?? null,
  ]);
  const digest = createHash('sha256').update(version).digest('hex').slice(0, 32);
  return `cart-${cart.id ?? 0}-${digest}`;
}
