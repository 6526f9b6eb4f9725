// The page cache (docs/decisions/0035-page-cache.md) on the running shop: a page rendered for a
// visitor without a session is served again to the next one, with that visitor's own CSRF token
// and CSP nonce; a shopper with a session always gets a page of their own; a change shows to the
// next visitor at once.
import { describe, expect, it } from 'vitest';
import { ApiVisitor } from './api-visitor.ts';
import { baseURL, type Card, inStockProduct, useBrowser, withConsent } from './pages.ts';

const browser = useBrowser();

type Visit = { status: number; cache: string | null; token: string; nonce: string; html: string };

/** A visitor without cookies (or with `cookie`) reads `path`. */
async function visit(path: string, cookie?: string): Promise<Visit> {
  const res = await fetch(`${baseURL}${path}`, { headers: cookie ? { cookie } : {} });
  const html = await res.text();
  const issued = res.headers
    .getSetCookie()
    .map((line) => /^csrftoken=([^;]+)/.exec(line)?.[1])
    .find(Boolean);
  const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  return {
    status: res.status,
    cache: res.headers.get('x-page-cache'),
    token: issued ?? /csrftoken=([^;]+)/.exec(cookie ?? '')?.[1] ?? '',
    nonce: nonce ?? '',
    html,
  };
}

/** Reads `path` until a visitor is served the kept page (the first read may render it). */
async function kept(path: string, cookie?: string): Promise<Visit> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const seen = await visit(path, cookie);
    if (seen.cache === 'hit') return seen;
  }
  throw new Error(`${path} was never served from the page cache`);
}

/** A shopper logged in through the API. */
async function login() {
  const shopper = new ApiVisitor(baseURL);
  const res = await shopper.login();
  expect(res.status, res.text).toBe(200);
  return shopper;
}

describe('the page cache', () => {
  it("serves the next visitor the kept page with that visitor's own token and nonce", async () => {
    await visit('/en/products/');
    const one = await kept('/en/products/');
    const two = await kept('/en/products/');
    for (const seen of [one, two]) {
      expect(seen.status).toBe(200);
      expect(seen.token).toMatch(/^[\w-]{43}$/);
      // The page's forms carry the token of the cookie this very answer set.
      expect(seen.html).toContain(`value="${seen.token}"`);
      expect(seen.html).toContain(`nonce="${seen.nonce}"`);
    }
    expect(two.token).not.toBe(one.token);
    expect(two.nonce).not.toBe(one.nonce);
    expect(two.html).not.toContain(one.token);
    expect(two.html).not.toContain(one.nonce);
    const same = (seen: Visit) => seen.html.replaceAll(seen.token, 'T').replaceAll(seen.nonce, 'N');
    expect(same(two)).toBe(same(one));

    // A returning visitor keeps their token: no new cookie, the same token in the page.
    const back = await kept('/en/products/', `csrftoken=${one.token}`);
    expect(back.html).toContain(`value="${one.token}"`);
  });

  it('gives a shopper with a session a page of their own, never a kept one', async () => {
    const anonymous = await kept('/en/products/');
    expect(anonymous.html).toContain('Log in');
    const { cookie } = await login();
    for (let i = 0; i < 3; i++) {
      const own = await visit('/en/products/', cookie);
      expect(own.status).toBe(200);
      expect(own.cache).toBeNull();
      expect(own.html).toContain('Log out');
    }
    // Nor does an unknown cookie (it may be someone's own) get a kept page.
    expect((await visit('/en/products/', 'cart_notice=1.0')).cache).toBeNull();
  });

  it('shows a change to the next visitor at once', async () => {
    // A product nobody has reviewed, from the end of the list (the review tests take the first).
    const list = (await (
      await fetch(`${baseURL}/en/api/products/products/?page_size=50`)
    ).json()) as {
      results: Card[];
    };
    let product: Card | undefined;
    for (const card of [...list.results].reverse()) {
      const res = await fetch(`${baseURL}/en/api/products/reviews/?product=${card.id}`);
      if (((await res.json()) as { count: number }).count === 0) {
        product = card;
        break;
      }
    }
    if (!product) throw new Error('no product without reviews');
    const path = `/en${product.slugUri}`;
    const text = `Kept pages follow their data ${Date.now()}`;
    expect((await kept(path)).html).not.toContain(text);

    const shopper = await login();
    const created = await shopper.send('POST', 'api/products/reviews/', {
      product: product.id,
      rating: 5,
      text,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    try {
      const next = await visit(path);
      expect(next.cache).not.toBe('hit');
      expect(next.html).toContain(text);
    } finally {
      const { id } = (await created.json()) as { id: number };
      const gone = await shopper.send('DELETE', `api/products/reviews/${id}/`);
      expect(gone.status).toBe(204);
    }
    expect((await visit(path)).html).not.toContain(text);
  });

  it('lets a visitor post the forms of a kept page (no JavaScript: add to cart)', async () => {
    const product = await inStockProduct(2);
    // Kept for what this browser will send: the cookie choice, no token yet.
    await visit(`/en${product.slugUri}`, 'cookie_consent=necessary');
    const page = await browser.page({ javaScriptEnabled: false });
    await withConsent(page);
    const answer = await page.goto(`${baseURL}/en${product.slugUri}`);
    expect(answer?.headers()['x-page-cache']).toBe('hit');
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.waitForLoadState('load');
    await page.goto(`${baseURL}/en/checkout/cart/`);
    await page.getByRole('link', { name: product.title }).waitFor();
  });
});
