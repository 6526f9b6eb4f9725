import { timingSafeEqual } from 'node:crypto';
import { sign } from './secret-key.ts';

export type OrderLinks = {
  /** The token of the order's signed link: an HMAC of its id under the app's secret key. */
  token(orderId: number): string;
  /** Whether `token` is the order's own; compared in constant time. */
  verify(orderId: number, token: string): boolean;
  /** The order page on the shop's public origin (never a request's Host; decision 0021). */
  url(origin: string, locale: string, orderId: number): string;
};

/**
 * Signed order links (decision 0050): the order mail carries one, so the order opens in any
 * browser, not only in the session that placed it. No state: the link lives as long as the key.
 */
export function orderLinks(secretKey: string): OrderLinks {
  const token = (orderId: number) => sign(secretKey, 'order-link', String(orderId));
  return {
    token,
    verify(orderId, given) {
      const expected = Buffer.from(token(orderId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
    url: (origin, locale, orderId) =>
      `${origin}/${locale}/account/orders/${orderId}/?token=${token(orderId)}`,
  };
}
