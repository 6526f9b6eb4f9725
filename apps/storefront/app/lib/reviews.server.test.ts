import { describe, expect, it } from 'vitest';
import type { Review } from '@shop/contract';
import german from '@shop/messages/langs/de.json' with { type: 'json' };
import { csrfCookie } from './cookies.ts';
import { CSRF_FIELD } from './csrf.ts';
import { fakeApi } from './fake-api.testing.ts';
import { loadMyReviews, reviewAction } from './reviews.server.ts';
import type { ShopRequest } from './shop.server.ts';

const TOKEN = 'r'.repeat(43);
const USER = { id: 5, email: 'a@example.com', firstName: 'Anna' };

/** A shop request whose API answers from `routes` and records every call. */
function fakeShop(
  locale: 'en' | 'de',
  routes: Record<string, (body: unknown) => Response>,
  user: object | null = USER,
) {
  const { api, calls } = fakeApi(locale, TOKEN, routes);
  return {
    shop: { locale, api, user } as unknown as ShopRequest,
    apiCalls: () => calls.filter((c) => c.path.includes('/api/')),
  };
}

const review = (id: number, extra: Partial<Review> = {}): Review => ({
  id,
  rating: 4,
  text: 'Nice',
  author: 'Anna B.',
  creationDate: '2026-11-01T10:00:00.000Z',
  language: 'de',
  ...extra,
});
const page = (results: Review[]) =>
  Response.json({ count: results.length, next: null, previous: null, results });

function post(fields: Record<string, string>, token = TOKEN) {
  const form = new FormData();
  form.set(CSRF_FIELD, token);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return new Request('http://shop.test/de/products/mug-7/', {
    method: 'POST',
    headers: { cookie: csrfCookie.serialize(TOKEN).split(';')[0]! },
    body: form,
  });
}

const answer = (result: unknown) =>
  result as {
    data: {
      done?: string;
      result: { error?: Record<string, string[]> };
    };
    init?: { status?: number };
  };

describe('the reviews action', () => {
  it('writes the review of the page’s product (rating and text from the form)', async () => {
    const { shop, apiCalls } = fakeShop('de', {
      'POST /de/api/products/reviews/': () =>
        Response.json(review(1, { product: 7 }), { status: 201 }),
    });
    const result = answer(
      await reviewAction(post({ intent: 'review', rating: '4', text: '  Schön  ' }), shop, {
        productId: 7,
      }),
    );
    expect(result.data.done).toBe('saved');
    expect(apiCalls()).toEqual([
      {
        method: 'POST',
        path: '/de/api/products/reviews/',
        body: { rating: 4, text: 'Schön', product: 7 },
      },
    ]);
  });

  it('writes the shop review when the page has no product', async () => {
    const { shop, apiCalls } = fakeShop('de', {
      'POST /de/api/organizations/reviews/': () => Response.json(review(2), { status: 200 }),
    });
    await reviewAction(post({ intent: 'review', rating: '5', text: 'Gut' }), shop, {});
    expect(apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /de/api/organizations/reviews/',
    ]);
  });

  it('deletes by kind and id', async () => {
    const { shop, apiCalls } = fakeShop('de', {
      'DELETE /de/api/organizations/reviews/3/': () => new Response(null, { status: 204 }),
    });
    const result = answer(
      await reviewAction(post({ intent: 'delete-review', kind: 'shop', id: '3' }), shop, {
        productId: 7,
      }),
    );
    expect(result.data.done).toBe('deleted');
    expect(apiCalls().map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /de/api/organizations/reviews/3/',
    ]);
  });

  it('answers field errors in the page language (400) without calling the API', async () => {
    const { shop, apiCalls } = fakeShop('de', {});
    const result = answer(
      await reviewAction(post({ intent: 'review', rating: '9', text: '' }), shop, { productId: 7 }),
    );
    expect(result.init?.status).toBe(400);
    expect(Object.keys(result.data.result.error ?? {}).sort()).toEqual(['rating', 'text']);
    expect(result.data.result.error?.text).toEqual([german.forms.required]);
    expect(apiCalls()).toEqual([]);
  });

  it('tells an anonymous shopper to log in (401), and shows the API’s field errors', async () => {
    const anonymous = fakeShop('de', {}, null);
    const refused = answer(
      await reviewAction(post({ intent: 'review', rating: '4', text: 'x' }), anonymous.shop, {
        productId: 7,
      }),
    );
    expect(refused.init?.status).toBe(401);
    expect(refused.data.result.error?.['']).toEqual([german.reviews.loginToReview]);
    expect(anonymous.apiCalls()).toEqual([]);

    const { shop } = fakeShop('de', {
      'POST /de/api/products/reviews/': () =>
        Response.json({ product: [german.reviews.productUnavailable] }, { status: 400 }),
    });
    const gone = answer(
      await reviewAction(post({ intent: 'review', rating: '4', text: 'x' }), shop, {
        productId: 7,
      }),
    );
    expect(gone.init?.status).toBe(400);
    expect(gone.data.result.error?.product).toEqual([german.reviews.productUnavailable]);
  });

  it('refuses a post without the CSRF token (403) and changes nothing', async () => {
    const { shop, apiCalls } = fakeShop('de', {});
    await expect(
      reviewAction(
        post({ intent: 'delete-review', kind: 'product', id: '3' }, 'x'.repeat(43)),
        shop,
        {},
      ),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect(apiCalls()).toEqual([]);
  });
});

describe('loading the shopper’s own reviews (the dashboard’s "my reviews")', () => {
  it('loads product and shop reviews, and a failed call empties only its list (spec section 7)', async () => {
    const { shop } = fakeShop('en', {
      'GET /en/api/products/reviews/my': () => Response.json({ detail: 'boom' }, { status: 500 }),
      'GET /en/api/organizations/reviews/my': () => page([review(4)]),
    });
    expect(await loadMyReviews(shop)).toEqual({ productReviews: [], shopReviews: [review(4)] });
    const ok = fakeShop('en', {
      'GET /en/api/products/reviews/my': () => page([review(5, { product: 7 })]),
      'GET /en/api/organizations/reviews/my': () => page([]),
    });
    expect(await loadMyReviews(ok.shop)).toEqual({
      productReviews: [review(5, { product: 7 })],
      shopReviews: [],
    });
  });

  it('calls nothing for an anonymous shopper', async () => {
    const { shop, apiCalls } = fakeShop('en', {}, null);
    expect(await loadMyReviews(shop)).toEqual({ productReviews: [], shopReviews: [] });
    expect(apiCalls()).toEqual([]);
  });
});
