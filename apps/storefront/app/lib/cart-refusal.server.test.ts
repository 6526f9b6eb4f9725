import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '@shop/contract';
import { recoverRefusedLine } from './cart-refusal.server.ts';

const t = (key: string) => `t:${key}`;

/** An API client that records the cart calls the recovery makes. */
function fakeApi() {
  const calls: string[] = [];
  const api = {
    sales: {
      removeFromCart: async (o: { params: { productId: number }; query: { ref: string } }) => {
        calls.push(`remove ${o.query.ref} ${o.params.productId}`);
      },
      setCartQuantity: async (o: {
        params: { productId: number };
        body: { quantity: number; ref: string };
      }) => {
        calls.push(`set ${o.body.ref} ${o.params.productId} to ${o.body.quantity}`);
      },
    },
  } as unknown as ApiClient;
  return { api, calls };
}

const refused = (status: number, body: unknown) =>
  new ApiError(status, body, 'PATCH', '/en/api/sales/cart_products/7/');
const line = { item: 7, ref: 'product' as const };

describe('a refused cart line, recovered as spec section 8 says', () => {
  it.each([
    [
      'a product error: the line leaves the cart, with the spec’s words',
      refused(400, { product: ['gone'] }),
      { kind: 'removed', message: 't:errors.productNotAvailable' },
      ['remove product 7'],
    ],
    [
      'stock short: the line holds what the server allows, with its first message',
      refused(400, { productQuantity: 2, quantity: ['Only 2 left in stock.', 'x'] }),
      { kind: 'set', quantity: 2, message: 'Only 2 left in stock.' },
      ['set product 7 to 2'],
    ],
    [
      'sold out: a quantity of 0 removes the line',
      refused(400, { productQuantity: 0, quantity: ['Sold out.'] }),
      { kind: 'set', quantity: 0, message: 'Sold out.' },
      ['remove product 7'],
    ],
    [
      'a refusal of another shape is no line refusal',
      refused(400, { detail: 'Cart off.' }),
      null,
      [],
    ],
    ['a body the schema refuses', refused(400, { productQuantity: -1 }), null, []],
    ['another status', refused(404, { product: ['gone'] }), null, []],
    ['not an API error', new Error('network'), null, []],
  ])('%s', async (_name, error, expected, expectedCalls) => {
    const { api, calls } = fakeApi();
    expect(await recoverRefusedLine(api, line, error, t)).toEqual(expected);
    expect(calls).toEqual(expectedCalls);
  });
});
