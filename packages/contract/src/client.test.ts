import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, isApiError, serializeQuery } from './client.ts';
import type { ApiClientOptions } from './client.ts';
import { EMPTY_CART_TOTALS } from './sales.ts';

type Recorded = { url: URL; init: RequestInit; headers: Record<string, string> };

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const csrfAnswer = { csrfToken: 'token-from-body' };

const emptyCart = {
  id: 1,
  items: [],
  totals: EMPTY_CART_TOTALS,
  promoCode: null,
};

const page = (results: unknown[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});

/** A fake transport: answers by `METHOD path` and records every call. */
function fakeFetch(routes: Record<string, () => Response>) {
  const calls: Recorded[] = [];
  // The client always passes a URL string and a plain headers object.
  const fetch: typeof globalThis.fetch = (input, init = {}) => {
    const url = new URL(input);
    calls.push({ url, init, headers: { ...(init.headers as Record<string, string>) } });
    const route = routes[`${init.method ?? 'GET'} ${url.pathname}`];
    return Promise.resolve(route ? route() : json(404, { detail: 'Not found.' }));
  };
  return { calls, fetch };
}

function client(routes: Record<string, () => Response>, options: Partial<ApiClientOptions> = {}) {
  const fake = fakeFetch(routes);
  const api = createApiClient({
    host: 'https://shop.test/',
    locale: 'de',
    fetch: fake.fetch,
    cacheVersion: 'v1',
    getCookie: () => undefined,
    ...options,
  });
  return { api, calls: fake.calls };
}

describe('createApiClient', () => {
  it('sends a body holding a file as a multipart form, with the CSRF token', async () => {
    const answer = { product: { id: 7, title: 'Mug', slug: 'mug' }, pictures: [] };
    const { api, calls } = client(
      { 'POST /de/api/staff/products/7/pictures/': () => json(201, answer) },
      { getCookie: (name) => (name === 'csrftoken' ? 'cookie-token' : undefined) },
    );
    const file = new File([new Uint8Array([1, 2, 3])], 'p.png', { type: 'image/png' });
    expect(await api.staffPictures.upload({ params: { id: 7 }, body: { file } })).toEqual(answer);
    const [call] = calls;
    // No JSON type: the runtime sets multipart/form-data with its boundary from the FormData.
    expect(call?.headers['Content-Type']).toBeUndefined();
    expect(call?.headers['X-CSRFToken']).toBe('cookie-token');
    const sent = call?.init.body;
    expect(sent).toBeInstanceOf(FormData);
    const part = (sent as FormData).get('file');
    expect(part).toBeInstanceOf(File);
    expect(new Uint8Array(await (part as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('calls {host}/{locale}{path} with the _ cache version, headers and credentials', async () => {
    const { api, calls } = client({
      'GET /de/api/core/languages/': () => json(200, [{ code: 'de', name: 'Deutsch' }]),
    });
    await api.core.languages();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url.href.split('?')[0]).toBe('https://shop.test/de/api/core/languages/');
    expect(call?.url.searchParams.get('_')).toBe('v1');
    expect(call?.init.method).toBe('GET');
    expect(call?.init.credentials).toBe('include');
    expect(call?.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(call?.headers['Accept']).toBe('application/json');
    expect(call?.headers['Cache-Control']).toBeUndefined();
  });

  it('generates a random cache version per client when none is given', () => {
    const a = createApiClient({ host: 'https://shop.test', locale: 'en' });
    const b = createApiClient({ host: 'https://shop.test', locale: 'en' });
    expect(a.cacheVersion).toMatch(/^[a-z0-9]+$/);
    expect(a.cacheVersion).not.toBe(b.cacheVersion);
    expect(a.baseUrl).toBe('https://shop.test/en');
  });

  it('keeps only supported languages', async () => {
    const { api } = client({
      'GET /de/api/core/languages/': () =>
        json(200, [
          { code: 'de', name: 'Deutsch' },
          { code: 'fr', name: 'Français' },
        ]),
    });
    expect(await api.core.languages()).toEqual([{ code: 'de', name: 'Deutsch' }]);
  });

  it('sends Cache-Control: no-cache when the setting is on, or for a clean call', async () => {
    let noCache = true;
    const product = () => json(404, { detail: 'Not found.' });
    const { api, calls } = client(
      {
        'GET /de/api/products/products/5/': product,
        'GET /de/api/core/languages/': () => json(200, []),
      },
      { noCache: () => noCache },
    );
    await api.core.languages();
    noCache = false;
    await api.core.languages();
    await api.products.get({ params: { id: 5 }, clean: true }).catch(() => undefined);
    expect(calls.map((call) => call.headers['Cache-Control'])).toEqual([
      'no-cache',
      undefined,
      'no-cache',
    ]);
  });

  it('fetches the CSRF token before a write when the cookie is missing', async () => {
    let cookie: string | undefined;
    const { api, calls } = client(
      {
        'GET /de/api/accounts/login/': () => {
          cookie = 'token-from-cookie';
          return json(200, csrfAnswer);
        },
        'PATCH /de/api/sales/cart_products/7/': () => json(200, emptyCart),
      },
      { getCookie: (name) => (name === 'csrftoken' ? cookie : undefined) },
    );
    await api.sales.setCartQuantity({ params: { productId: 7 }, body: { quantity: 2 } });
    expect(calls.map((call) => `${call.init.method} ${call.url.pathname}`)).toEqual([
      'GET /de/api/accounts/login/',
      'PATCH /de/api/sales/cart_products/7/',
    ]);
    expect(calls[1]?.headers['X-CSRFToken']).toBe('token-from-cookie');
    expect(calls[1]?.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(calls[1]?.init.body as string)).toEqual({ quantity: 2 });
  });

  it('uses the token from the GET body when the cookie cannot be read (server side)', async () => {
    const { api, calls } = client({
      'GET /de/api/accounts/login/': () => json(200, csrfAnswer),
      'POST /de/api/accounts/logout/': () => new Response(null, { status: 204 }),
    });
    await expect(api.accounts.logout()).resolves.toBeUndefined();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers['X-CSRFToken']).toBe('token-from-body');
  });

  it('does not prefetch when the csrftoken cookie is present', async () => {
    const { api, calls } = client(
      { 'DELETE /de/api/products/wishlist/3/': () => new Response(null, { status: 204 }) },
      { getCookie: (name) => (name === 'csrftoken' ? 'abc' : undefined) },
    );
    await api.wishlist.remove({ params: { id: 3 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(calls[0]?.headers['X-CSRFToken']).toBe('abc');
  });

  it('never prefetches for reads', async () => {
    const { api, calls } = client({
      'GET /de/api/sales/cart_products/': () => json(200, emptyCart),
    });
    await api.sales.cart();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers['X-CSRFToken']).toBeUndefined();
  });

  it('throws ApiError with status and body on non-2xx', async () => {
    const { api } = client({
      'GET /de/api/accounts/user_info/': () => json(401, { detail: 'Not logged in.' }),
    });
    const error: unknown = await api.accounts.userInfo().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(isApiError(error, 401)).toBe(true);
    if (!isApiError(error)) throw new Error('unreachable');
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ detail: 'Not logged in.' });
    expect(error.errorBody).toEqual({ detail: 'Not logged in.' });
    expect(error.method).toBe('GET');
  });

  it('keeps the add-to-cart 400 body for the storefront to read', async () => {
    const { api } = client(
      {
        'PATCH /de/api/sales/cart_products/9/': () =>
          json(400, { productQuantity: 1, quantity: ['Only 1 left.'] }),
      },
      { getCookie: () => 'abc' },
    );
    const error: unknown = await api.sales
      .setCartQuantity({ params: { productId: 9 }, body: { quantity: 3 } })
      .catch((caught: unknown) => caught);
    expect(isApiError(error, 400) && error.body).toEqual({
      productQuantity: 1,
      quantity: ['Only 1 left.'],
    });
  });

  it('serialises queries: arrays as comma lists, absent values dropped', async () => {
    const { api, calls } = client({
      'GET /de/api/products/products/': () => json(200, page([])),
    });
    await api.products.list({
      query: {
        sort: '-price',
        attrs__id: [1, 2, 3],
        price__gte: 10,
        price__lte: undefined,
        page: 2,
      },
    });
    const params = calls[0]?.url.searchParams;
    expect(params?.get('attrs__id')).toBe('1,2,3');
    expect(params?.get('sort')).toBe('-price');
    expect(params?.get('price__gte')).toBe('10');
    expect(params?.has('price__lte')).toBe(false);
    expect(params?.get('page')).toBe('2');
    expect(params?.get('_')).toBe('v1');
  });

  it('fills path parameters and resolves root paths against the host', async () => {
    const { api, calls } = client({
      'GET /de/api/organizations/vendors/acme-4/products/shirt-12/children/': () => json(200, []),
      'GET /media/langs/de.json': () => json(200, { home: { title: 'Start' } }),
    });
    await api.vendors.productChildren({ params: { id: 'acme-4', itemId: 'shirt-12' } });
    expect(await api.core.messages({ params: { locale: 'de' } })).toEqual({
      home: { title: 'Start' },
    });
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/de/api/organizations/vendors/acme-4/products/shirt-12/children/',
      '/media/langs/de.json',
    ]);
  });

  it('rejects an answer that breaks the contract', async () => {
    const { api } = client({
      'GET /de/api/organizations/organization_info/': () => json(200, { id: 1 }),
    });
    await expect(api.organizations.info()).rejects.toThrow();
  });

  it('offers a low-level request', async () => {
    const { api, calls } = client({ 'GET /de/api/anything/': () => json(200, { ok: true }) });
    expect(await api.request('GET', '/api/anything/', { query: { a: 'b' } })).toEqual({ ok: true });
    expect(calls[0]?.url.search).toBe('?a=b&_=v1');
  });
});

describe('serializeQuery', () => {
  it('skips null, undefined and empty arrays', () => {
    expect(serializeQuery({ a: null, b: undefined, c: [], d: true, e: [4] }).toString()).toBe(
      'd=true&e=4',
    );
  });
});
