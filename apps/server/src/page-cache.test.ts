import { describe, expect, it } from 'vitest';
import {
  fill,
  keptDataRequest,
  keptToken,
  pageCache,
  pageCacheKey,
  templateOf,
  templateRequest,
  type PageCache,
  type RenderedPage,
} from './page-cache.ts';

const TOKEN = 'A'.repeat(20) + 'b_-'.repeat(8); // 44 URL-safe characters
const NONCE = 'bm9uY2Utb2YtcGFnZQ==';

const request = (cookie?: string, extra: Partial<Parameters<typeof pageCacheKey>[0]> = {}) =>
  pageCacheKey({
    method: 'GET',
    url: '/en/products/?sort=price',
    protocol: 'http',
    cookie,
    authorization: undefined,
    ...extra,
  });

const rendered = (over: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  setCookies: [`csrftoken=${TOKEN}; Max-Age=31536000; Path=/; SameSite=Lax`],
  body: `<script nonce="${NONCE}">x</script><input name="csrf" value="${TOKEN}"><p>€17.99</p>`,
  nonce: NONCE,
  ...over,
});

describe('which requests a kept page may answer', () => {
  it('keys a page by URL, scheme, cookie choice, saved language and whether a token is kept', () => {
    const plain = request();
    expect(plain).not.toBeNull();
    expect(request(`csrftoken=${TOKEN}`)).not.toBe(plain);
    // Any kept token is the same page (the token is cut out)…
    expect(request(`csrftoken=${TOKEN}`)).toBe(request(`csrftoken=${'z'.repeat(43)}`));
    // …and a token the shop would replace is no token.
    expect(request('csrftoken=short')).toBe(plain);
    expect(request('cookie_consent=all')).not.toBe(request('cookie_consent=necessary'));
    expect(request('locale=de')).not.toBe(plain);
    expect(request(undefined, { protocol: 'https' })).not.toBe(plain);
    expect(request(undefined, { url: '/en/products/?sort=-price' })).not.toBe(plain);
  });

  it("never answers someone's own page: a session, any cookie it does not know, credentials", () => {
    expect(request(`csrftoken=${TOKEN}; sessionid=abc`)).toBeNull();
    expect(request('cart_notice=1.0')).toBeNull();
    expect(request('_ga=GA1.1.1')).toBeNull();
    expect(request(undefined, { authorization: 'Basic eDp5' })).toBeNull();
  });

  it('answers reads of documents only', () => {
    expect(request(undefined, { method: 'HEAD' })).toBe(request());
    expect(request(undefined, { method: 'POST' })).toBeNull();
    expect(request(undefined, { url: '/en/products.data?sort=price' })).toBeNull();
  });

  it("reads the visitor's token only when the shop would keep it", () => {
    expect(keptToken(`a=1; csrftoken=${TOKEN}`)).toBe(TOKEN);
    expect(keptToken('csrftoken=bad token')).toBeUndefined();
    expect(keptToken(undefined)).toBeUndefined();
  });
});

describe('which data requests a kept answer may answer (decision 0080)', () => {
  const data = (url: string, cookie?: string, method = 'GET') =>
    keptDataRequest({ method, url, protocol: 'http', cookie, authorization: undefined });
  const CLICK = '/en/products/_.data?values__id=92&_routes=routes%2Fproducts';

  it("keys the list route's own data request like a template: without the session", () => {
    const visitor = data(CLICK, `csrftoken=${TOKEN}`);
    expect(visitor).toMatchObject({ session: false, visitorCookie: `csrftoken=${TOKEN}` });
    const shopper = data(CLICK, `csrftoken=${TOKEN}; sessionid=abc`);
    expect(shopper).toMatchObject({ session: true, key: visitor!.key });
    // Its key is not the page's: the data answer and the page are kept apart.
    expect(visitor!.key).toContain('_.data');
    expect(visitor!.key).not.toBe(
      templateRequest({
        method: 'GET',
        url: '/en/products/?values__id=92',
        protocol: 'http',
        cookie: `csrftoken=${TOKEN}`,
        authorization: undefined,
      })?.key,
    );
    expect(data('/en/products/_.data?values__id=93&_routes=routes%2Fproducts')?.key).not.toBe(
      data(CLICK)?.key,
    );
    expect(data(CLICK, undefined, 'HEAD')).not.toBeNull();
  });

  it('answers nothing else: other loaders, other routes, posts, personal cookies', () => {
    // The layouts' loaders (the user, the badges) asked too, or every loader (no `_routes`).
    expect(data('/en/products/_.data?_routes=routes%2Fshop-layout%2Croutes%2Fproducts')).toBeNull();
    expect(
      data('/en/products/_.data?_routes=routes%2Fproducts&_routes=routes%2Flocale'),
    ).toBeNull();
    // React Router reads the whole query: a second `?` would hide the locale route's loader.
    expect(data('/en/products/_.data?_routes=routes/products?,routes/locale')).toBeNull();
    expect(data('/en/products/_.data?_routes=routes%2Fproducts%2Croutes%2Flocale')).toBeNull();
    expect(data('/en/products/_.data?values__id=92')).toBeNull();
    expect(data('/en/cart/_.data?_routes=routes%2Fproducts')).toBeNull();
    expect(data('/en/products/some-slug-1/_.data?_routes=routes%2Fproducts')).toBeNull();
    expect(data(CLICK, undefined, 'POST')).toBeNull();
    expect(data(CLICK, `csrftoken=${TOKEN}; cart_notice=1.0`)).toBeNull();
    // A session without a token the shop keeps: rendered, as for a template.
    expect(data(CLICK, 'sessionid=abc')).toBeNull();
    // The page cache itself still keeps no data request.
    expect(request(undefined, { url: CLICK })).toBeNull();
  });

  it('keeps a 200 data answer as it keeps a page', () => {
    const answer = rendered({
      headers: [['content-type', 'text/x-script']],
      setCookies: ['locale=en; Max-Age=31536000; Path=/; SameSite=Lax'],
      body: '[{"_1":2},"routes/products"]',
    });
    const template = templateOf(answer, TOKEN, true)!;
    expect(fill(template, { nonce: 'x', token: 'y'.repeat(43) }).body).toBe(answer.body);
    expect(templateOf({ ...answer, status: 202 }, TOKEN, true)).toBeNull();
    // Each kept only as what it was asked as: a data answer is no page, a page no data answer.
    expect(templateOf(answer, TOKEN)).toBeNull();
    expect(templateOf(rendered(), TOKEN, true)).toBeNull();
  });
});

describe('a kept page', () => {
  it("is served with the next visitor's own nonce and token, the rest unchanged", () => {
    const template = templateOf(rendered(), undefined)!;
    const next = { nonce: 'bmV4dC1ub25jZQ==', token: 'n'.repeat(43) };
    const page = fill(template, next);
    expect(page.body).toBe(
      `<script nonce="${next.nonce}">x</script><input name="csrf" value="${next.token}"><p>€17.99</p>`,
    );
    expect(page.setCookies).toEqual([
      `csrftoken=${next.token}; Max-Age=31536000; Path=/; SameSite=Lax`,
    ]);
    expect(page.body).not.toContain(TOKEN);
    expect(page.body).not.toContain(NONCE);
  });

  it("uses the visitor's kept token when the page set none", () => {
    const template = templateOf(rendered({ setCookies: [] }), TOKEN)!;
    const page = fill(template, { nonce: 'x', token: 'y'.repeat(43) });
    expect(page.body).toContain(`value="${'y'.repeat(43)}"`);
    expect(page.setCookies).toEqual([]);
  });

  it('is only a 200 HTML page that sets no cookie of its own', () => {
    expect(templateOf(rendered({ status: 404 }), undefined)).toBeNull();
    expect(
      templateOf(rendered({ headers: [['content-type', 'text/plain']] }), undefined),
    ).toBeNull();
    const session = 'sessionid=abc; Path=/; HttpOnly';
    expect(
      templateOf(rendered({ setCookies: [...rendered().setCookies, session] }), undefined),
    ).toBeNull();
    // Without a token to cut out there is nothing safe to keep.
    expect(templateOf(rendered({ setCookies: [] }), undefined)).toBeNull();
  });
});

describe('the page cache', () => {
  const setup = (ttlMs = 10_000, maxBytes = 1_000_000) => {
    let clock = 0;
    let version = 1;
    const cache = pageCache({
      ttlMs,
      maxBytes,
      version: async () => version,
      now: () => clock,
    });
    return {
      cache,
      later: (ms: number) => (clock += ms),
      change: () => (version += 1),
    };
  };
  const template = templateOf(rendered(), undefined)!;
  const keep = (cache: PageCache, key: string, render = async () => template) =>
    cache.fetch(key, render);

  it('keeps a page until the change count moves', async () => {
    const { cache, change } = setup();
    await keep(cache, 'k');
    expect(await cache.peek('k')).toBeDefined();
    change();
    expect(await cache.peek('k')).toBeUndefined();
    // A page rendered while the count moved is stale at once.
    await keep(cache, 'k', async () => {
      change();
      return template;
    });
    expect(await cache.peek('k')).toBeUndefined();
  });

  it('keeps a page no longer than its time (a discount starting changes nothing in the data)', async () => {
    const { cache, later } = setup(10_000);
    await keep(cache, 'k');
    later(9_999);
    expect(await cache.peek('k')).toBeDefined();
    later(1);
    expect(await cache.peek('k')).toBeUndefined();
  });

  it('renders every page when the change count cannot be read', async () => {
    const cache = pageCache({
      ttlMs: 10_000,
      maxBytes: 1_000_000,
      version: () => Promise.reject(new Error('connection refused')),
    });
    expect((await keep(cache, 'k')).source).toBe('bypass');
    expect((await keep(cache, 'k')).source).toBe('bypass');
    expect(cache.size).toBe(0);
  });

  it('holds at most its bytes, the least recently used page going first', async () => {
    const size = 2 * (template.body.flat().join('').length + 1);
    const { cache } = setup(10_000, size * 2);
    await keep(cache, 'a');
    await keep(cache, 'b');
    expect(await cache.peek('a')).toBeDefined(); // a is now the most recent
    await keep(cache, 'c');
    expect(cache.calculatedSize).toBeLessThanOrEqual(size * 2);
    expect(await cache.peek('b')).toBeUndefined();
    expect(await cache.peek('a')).toBeDefined();
    expect(await cache.peek('c')).toBeDefined();
  });

  it('keeps nothing with no time to keep it, and no page that may not be kept', async () => {
    const { cache } = setup(0);
    await keep(cache, 'k');
    expect(await cache.peek('k')).toBeUndefined();
    expect(cache.calculatedSize).toBe(0);
    const other = setup().cache;
    expect(await other.fetch('k', async () => null)).toEqual({ value: null, source: 'load' });
    expect(other.size).toBe(0);
  });
});
