import { describe, expect, it } from 'vitest';
import { addToCart } from './cart-action.server.ts';
import { csrfCookie } from './cookies.ts';
import { CSRF_FIELD } from './csrf.ts';
import { fakeApi } from './fake-api.testing.ts';
import type { ShopRequest } from './shop.server.ts';

const TOKEN = 'c'.repeat(43);

/** A shop request whose API answers from `routes` and records every call. */
function fakeShop(locale: 'en' | 'de', routes: Record<string, (body: unknown) => Response>) {
  const { api, calls } = fakeApi(locale, TOKEN, routes);
  return { shop: { locale, api } as unknown as ShopRequest, calls };
}

/** A cart as the contract has it, with `items` lines of one product each. */
const cart = (items: { product: number; quantity: number }[]) => {
  const quantity = items.reduce((sum, i) => sum + i.quantity, 0);
  return {
    id: 1,
    items: items.map((i, n) => ({
      id: n + 1,
      cart: 1,
      product: i.product,
      bundle: null,
      ref: 'product',
      quantity: i.quantity,
      protected: false,
      short: false,
      item: {
        id: i.product,
        ref: 'product',
        slug: `mug-${i.product}`,
        slugUri: `/products/mug-${i.product}/`,
        title: 'Mug',
        images: [],
        price: 10,
        discountPercent: 0,
        discountPrice: 10,
        priceWithoutProfit: 10,
        totalVat: 1.6,
        stock: null,
        available: true,
        vendor: null,
        rating: null,
        reviewsCount: 0,
      },
      variation: [],
      unitPrice: 10,
      discountPercent: 0,
      discountPrice: 10 * i.quantity,
      discount: 0,
      paid: 10 * i.quantity,
      vatPercent: 19,
      totalVat: 1.6 * i.quantity,
      available: true,
    })),
    totals: {
      quantity,
      total: 10 * quantity,
      discount: 0,
      discountPrice: 10 * quantity,
      totalVat: 1.6 * quantity,
      promoDiscount: 0,
      grandTotal: 10 * quantity,
    },
    promoCode: null,
  };
};

async function post(fields: Record<string, string>, token = TOKEN) {
  const form = new FormData();
  form.set(CSRF_FIELD, token);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const cookie = csrfCookie.serialize(TOKEN).split(';')[0]!;
  return new Request('http://shop.test/en/products/mug-1/', {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
}

const answer = (result: unknown) =>
  result as {
    data: { ok: boolean; message?: string; quantity?: number };
    init?: { status?: number };
  };

describe('the add-to-cart action', () => {
  it('adds in one call to what the cart holds (the API adds; nothing is read first)', async () => {
    const { shop, calls } = fakeShop('en', {
      'POST /en/api/sales/cart_products/7/add/': () =>
        Response.json(cart([{ product: 7, quantity: 5 }])),
    });
    const result = answer(
      await addToCart(
        await post({ intent: 'add-to-cart', item: '7', ref: 'product', quantity: '3' }),
        shop,
      ),
    );
    // What the mini-cart shows: the line as the cart holds it now, and the cart's subtotal.
    expect(result.data).toEqual({
      ok: true,
      count: 5,
      subtotal: 50,
      line: {
        title: 'Mug',
        variation: '',
        quantity: 5,
        price: 50,
        image: null,
        slugUri: '/products/mug-7/',
      },
    });
    const apiCalls = calls.filter((c) => c.path.includes('/api/'));
    expect(apiCalls).toEqual([
      {
        method: 'POST',
        path: '/en/api/sales/cart_products/7/add/',
        body: { quantity: 3, ref: 'product' },
      },
    ]);
  });

  it('answers a page post (no JavaScript) with the cart page', async () => {
    const { shop } = fakeShop('de', {
      'POST /de/api/sales/cart_products/7/add/': () =>
        Response.json(cart([{ product: 7, quantity: 1 }])),
    });
    const result = await addToCart(
      await post({ intent: 'add-to-cart', item: '7', quantity: '1', then: 'cart' }),
      shop,
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect((result as Response).headers.get('Location')).toBe('/de/checkout/cart/');
  });

  it('refuses a quantity over the limit in the page language, before calling the cart', async () => {
    const { shop, calls } = fakeShop('de', {});
    const result = answer(
      await addToCart(await post({ intent: 'add-to-cart', item: '7', quantity: '100' }), shop),
    );
    expect(result.init?.status).toBe(400);
    expect(result.data.message).toBe('Das Feld „Menge“ darf höchstens 99 sein');
    expect(calls.filter((c) => c.path.includes('/api/'))).toEqual([]);
  });

  it('removes a gone product from the cart and says it is not available (spec section 8)', async () => {
    const { shop, calls } = fakeShop('en', {
      'POST /en/api/sales/cart_products/7/add/': () =>
        Response.json({ product: ['Gone.'] }, { status: 400 }),
      'DELETE /en/api/sales/cart_products/7/': () => Response.json(cart([])),
    });
    const result = answer(
      await addToCart(await post({ intent: 'add-to-cart', item: '7', quantity: '1' }), shop),
    );
    // The cart changed although the add was refused: the routes that show it reload.
    expect(result.data).toEqual({
      ok: false,
      message: 'Sorry, the product is not available.',
      cartChanged: true,
    });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it("sets the line to the server's productQuantity and shows its first message", async () => {
    const { shop, calls } = fakeShop('en', {
      'POST /en/api/sales/cart_products/7/add/': () =>
        Response.json({ productQuantity: 1, quantity: ['Only 1 left.'] }, { status: 400 }),
      'PATCH /en/api/sales/cart_products/7/': () =>
        Response.json(cart([{ product: 7, quantity: 1 }])),
    });
    const result = answer(
      await addToCart(await post({ intent: 'add-to-cart', item: '7', quantity: '2' }), shop),
    );
    expect(result.data).toEqual({ ok: false, message: 'Only 1 left.', cartChanged: true });
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ quantity: 1, ref: 'product' });
  });

  it('the cart turned off (the API’s `cart_disabled`): its words in a toast, the page reloads, the cart is left alone', async () => {
    const detail = 'Der Shop nimmt derzeit keine Bestellungen an.';
    const { shop, calls } = fakeShop('de', {
      'POST /de/api/sales/cart_products/7/add/': () =>
        Response.json({ detail, code: 'cart_disabled' }, { status: 400 }),
    });
    const result = answer(
      await addToCart(await post({ intent: 'add-to-cart', item: '7', quantity: '1' }), shop),
    );
    // Not "Something went wrong" (502): the shop said why, and the reload hides the button.
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ ok: false, message: detail, cartChanged: true });
    expect(calls.filter((c) => c.path.includes('/api/')).map((c) => c.method)).toEqual(['POST']);
  });

  it('an add refused because a login of this browser just moved the cart (409): its words, the page reloads', async () => {
    const detail =
      'Sie haben sich gerade angemeldet, und Ihr Warenkorb ist in Ihr Konto umgezogen. Bitte versuchen Sie es noch einmal.';
    const { shop, calls } = fakeShop('de', {
      'POST /de/api/sales/cart_products/7/add/': () => Response.json({ detail }, { status: 409 }),
    });
    const result = answer(
      await addToCart(await post({ intent: 'add-to-cart', item: '7', quantity: '1' }), shop),
    );
    expect(result.init?.status).toBe(409);
    expect(result.data).toEqual({ ok: false, message: detail, cartChanged: true });
    expect(calls.filter((c) => c.path.includes('/api/')).map((c) => c.method)).toEqual(['POST']);
  });

  it('a plain 400 `{detail}` without the code is no cart-off: answered as any failure', async () => {
    const { shop } = fakeShop('en', {
      'POST /en/api/sales/cart_products/7/add/': () =>
        Response.json({ detail: 'Something else.' }, { status: 400 }),
    });
    const result = answer(
      await addToCart(await post({ intent: 'add-to-cart', item: '7', quantity: '1' }), shop),
    );
    expect(result.data).toEqual({ ok: false, message: 'Something went wrong.' });
    expect(result.init?.status).toBe(502);
  });

  it('the shop busy (503 `busy`, decision 0088): says plainly nothing was done, 503, and asks nothing more', async () => {
    const { shop, calls } = fakeShop('de', {
      'POST /de/api/sales/cart_products/7/add/': () =>
        Response.json(
          {
            detail:
              'Der Shop ist gerade sehr beschäftigt. Bitte versuchen Sie es gleich noch einmal.',
            code: 'busy',
          },
          { status: 503, headers: { 'retry-after': '5' } },
        ),
    });
    const result = answer(
      await addToCart(await post({ intent: 'add-to-cart', item: '7', quantity: '1' }), shop),
    );
    expect(result.init?.status).toBe(503);
    expect(result.data).toEqual({
      ok: false,
      message:
        'Der Shop ist gerade sehr beschäftigt, deshalb wurde nichts ausgeführt: nichts hinzugefügt, geändert oder bestellt. Bitte versuchen Sie es gleich noch einmal.',
    });
    // No clean-up read of a cart that was not touched.
    expect(calls.filter((c) => c.path.includes('/api/')).map((c) => c.method)).toEqual(['POST']);
  });

  it('refuses a post without the CSRF token with 403 and calls nothing', async () => {
    const { shop, calls } = fakeShop('en', {});
    const status = await addToCart(
      await post({ intent: 'add-to-cart', item: '7', quantity: '1' }, 'forged'),
      shop,
    ).then(
      () => 'passed',
      (error: { init?: { status?: number } }) => error.init?.status,
    );
    expect(status).toBe(403);
    expect(calls).toEqual([]);
  });
});
