// Issue 11, "the browser is told what to trust": every answer of the API carries the security
// headers, absolute URLs never come from request headers, X-Forwarded-* count only from a trusted
// proxy, and nothing personal is cached. The pages' side is in e2e/security.test.ts.
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { mailsTo } from '../../test/mail.ts';
import { browserOf } from '../../test/shopper.ts';
import { contentSecurityPolicy, FRAMEABLE_PATH, staticPagePolicy } from './security-headers.ts';

const t = useTestApp();
/** Behind an https PUBLIC_URL, with a proxy it trusts. */
const https = useTestApp({ publicOrigin: 'https://shop.example', trustProxy: true });
/** Plain http, behind a proxy at 127.0.0.1 (where `inject` comes from) that TRUST_PROXY names. */
const proxied = useTestApp({ trustProxy: ['127.0.0.1'] });

const ORIGIN = 'http://localhost';
const EVIL = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};
const NONCE = /'nonce-([A-Za-z0-9+/]{22}==)'/;

const header = (res: LightMyRequestResponse, name: string) => {
  const value = res.headers[name];
  return Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);
};

/** The directives of a CSP header, by name. */
function directives(res: LightMyRequestResponse): Map<string, string> {
  const csp = header(res, 'content-security-policy') ?? '';
  return new Map(
    csp.split(';').map((d): [string, string] => {
      const [name = '', ...values] = d.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
}

function expectSecurityHeaders(res: LightMyRequestResponse, url: string) {
  const what = `${res.statusCode} ${url}`;
  const csp = directives(res);
  expect(csp.get('script-src'), what).toMatch(NONCE);
  expect(csp.get('script-src'), what).not.toContain('unsafe-inline');
  expect(csp.get('object-src'), what).toBe("'none'");
  expect(csp.get('base-uri'), what).toBe("'none'");
  expect(csp.get('frame-src'), what).toBe("'self'");
  const frameable = FRAMEABLE_PATH.test(url.split('?')[0] ?? '');
  expect(csp.get('frame-ancestors'), what).toBe(frameable ? "'self'" : "'none'");
  expect(header(res, 'x-frame-options'), what).toBe(frameable ? 'SAMEORIGIN' : 'DENY');
  expect(header(res, 'x-content-type-options'), what).toBe('nosniff');
  expect(header(res, 'referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(header(res, 'permissions-policy'), what).toMatch(/camera=\(\).*geolocation=\(\)/);
}

/** A concrete URL for an OpenAPI path: `{locale}` → en, other parameters → 1. */
const concrete = (path: string) =>
  path
    .replace('{locale}', 'en')
    .replace('{file}', 'products-1.xml')
    .replace(/\{[^}]+\}/g, '1');

describe('security headers on every API answer', () => {
  it('are on every GET operation of the OpenAPI document, whatever its status', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const urls = Object.entries(doc.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) => concrete(path));
    expect(urls.length).toBeGreaterThan(40);
    const statuses = new Set<number>();
    for (const url of [...urls, '/api/docs/', '/en/api/nowhere/', '/xx/api/core/languages/']) {
      const res = await t.app.inject({ method: 'GET', url });
      statuses.add(res.statusCode);
      expectSecurityHeaders(res, url);
      expect(header(res, 'strict-transport-security'), url).toBeUndefined();
    }
    // Answers, refusals and misses alike.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 404]));
  });

  it('are on refused writes and on the test-card page, which only this origin may frame', async () => {
    const refused = await t.app.inject({
      method: 'POST',
      url: '/en/api/sales/cart/promo_code/',
      payload: { code: 'WELCOME10' },
    });
    expect(refused.statusCode).toBe(403);
    expectSecurityHeaders(refused, '/en/api/sales/cart/promo_code/');
    const card = await t.app.inject({ method: 'GET', url: '/payments/test-card/1/?token=x' });
    expectSecurityHeaders(card, '/payments/test-card/1/');
    expect(directives(card).get('frame-ancestors')).toBe("'self'");
  });

  it('uses a new nonce for every response', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'GET', url: '/en/api/core/languages/' });
      nonces.add(NONCE.exec(directives(res).get('script-src') ?? '')?.[1] ?? '');
    }
    expect(nonces.size).toBe(5);
  });

  it('sends HSTS and upgrades insecure requests only when the public origin is https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/en/api/core/languages/' });
    expectSecurityHeaders(res, '/en/api/core/languages/');
    expect(header(res, 'strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res).has('upgrade-insecure-requests')).toBe(true);
    const plain = await t.app.inject({ method: 'GET', url: '/en/api/core/languages/' });
    expect(directives(plain).has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('the content security policy', () => {
  it('allows Google’s tag only for a shop that configures it', () => {
    const input = { nonce: 'abc', frameable: false, https: false };
    const without = contentSecurityPolicy({ ...input, analytics: false });
    expect(without).not.toContain('google');
    expect(without).toContain("script-src 'self' 'nonce-abc';");
    const withTag = contentSecurityPolicy({ ...input, analytics: true });
    expect(withTag).toContain("script-src 'self' 'nonce-abc' https://www.googletagmanager.com;");
    expect(withTag).toMatch(/connect-src 'self' https:\/\/\*\.google-analytics\.com/);
  });

  it('allows inline styles only where asked (the API docs), scripts still by nonce', () => {
    const input = { nonce: 'abc', frameable: false, https: false, analytics: false };
    expect(contentSecurityPolicy(input)).toContain("style-src 'self' 'nonce-abc';");
    const docs = contentSecurityPolicy({ ...input, inlineStyles: true });
    expect(docs).toContain("style-src 'self' 'unsafe-inline';");
    expect(docs).toContain("script-src 'self' 'nonce-abc';");
  });

  it('lets a static page run only its own inline script and style, by their hashes', () => {
    // sha256 of "a()" and of "b{}", base64.
    const policy = staticPagePolicy('<style>b{}</style><p>x</p><script>a()</script>');
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy).toContain("style-src 'self' 'sha256-");
    expect(policy).not.toContain('unsafe');
    expect(policy).toContain("frame-ancestors 'none'");
  });
});

describe('absolute URLs come from the configured origin, never from request headers', () => {
  it('keeps the API’s next and previous links on the configured origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/en/api/products/products/?page=2',
      headers: EVIL,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ next: string | null; previous: string | null }>();
    expect(body.previous).toBe(`${ORIGIN}/en/api/products/products/`);
    expect(body.next).toBe(`${ORIGIN}/en/api/products/products/?page=3`);
    const trusted = await https.app.inject({
      method: 'GET',
      url: '/en/api/products/products/',
      headers: EVIL,
    });
    // A trusted proxy's headers still never choose the origin.
    expect(trusted.json<{ next: string }>().next).toBe(
      'https://shop.example/en/api/products/products/?page=2',
    );
  });

  it('keeps sitemap.xml and robots.txt on the configured origin', async () => {
    for (const app of [t.app, https.app]) {
      const origin = app === t.app ? ORIGIN : 'https://shop.example';
      const robots = await app.inject({ method: 'GET', url: '/robots.txt', headers: EVIL });
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml`);
      const index = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: EVIL });
      expect(index.body).toContain(`<loc>${origin}/sitemaps/`);
      expect(`${robots.body}${index.body}`).not.toContain('evil');
    }
  });

  it('mails links on the configured origin', async () => {
    const b = browserOf(t);
    const email = `xfh-${randomUUID().slice(0, 8)}@example.com`;
    const res = await b.send(
      'POST',
      '/en/api/accounts/register/',
      { email, password: 'linen-and-clay-2026', firstName: 'Mira', lastName: 'Novak' },
      EVIL,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo(t, email);
    expect(mail?.text).toContain(`${ORIGIN}/en/account/confirm-email/?token=`);
    expect(mail?.text).not.toContain('evil');
  });
});

describe('trusting a proxy', () => {
  it('is off by default: a client claiming https gets no Secure cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/en/api/accounts/login/',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    const cookie = header(res, 'set-cookie') ?? '';
    expect(cookie).toContain('csrftoken=');
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('believes X-Forwarded-Proto only from a proxy TRUST_PROXY names', async () => {
    const claim = { 'x-forwarded-proto': 'https' };
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/en/api/accounts/login/',
      headers: claim,
    });
    expect(header(viaProxy, 'set-cookie')).toMatch(/csrftoken=.*;\s*Secure/i);
    const direct = await proxied.app.inject({ method: 'GET', url: '/en/api/accounts/login/' });
    expect(header(direct, 'set-cookie')).not.toMatch(/;\s*Secure/i);
    // Trusting it changes no absolute URL: they come from the configuration alone.
    const list = await proxied.app.inject({
      method: 'GET',
      url: '/en/api/products/products/',
      headers: { ...claim, 'x-forwarded-host': 'evil.example' },
    });
    expect(list.json<{ next: string }>().next).toBe(`${ORIGIN}/en/api/products/products/?page=2`);
  });

  it('makes every cookie Secure behind an https PUBLIC_URL', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/en/api/accounts/login/' });
    expect(header(res, 'set-cookie')).toMatch(/csrftoken=.*;\s*Secure/i);
  });
});

describe('Cache-Control', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('lets shared caches keep catalogue answers only if they revalidate, per cookie', async () => {
    const res = await get('/en/api/products/products/');
    expect(header(res, 'cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(header(res, 'vary')).toContain('Cookie');
  });

  it('never stores an answer to a caller with a session, or one that sets a cookie', async () => {
    const withSession = await get('/en/api/products/products/', { cookie: 'sessionid=abc' });
    expect(header(withSession, 'cache-control')).toBe('private, no-store');
    const setsCookie = await get('/en/api/accounts/login/');
    expect(header(setsCookie, 'set-cookie')).toBeDefined();
    expect(header(setsCookie, 'cache-control')).toBe('private, no-store');
  });

  it('never stores the cart, the account, the wishlist, orders or a write', async () => {
    const b = browserOf(t);
    for (const url of [
      '/en/api/sales/cart_products/',
      '/en/api/accounts/user_info/',
      '/en/api/products/wishlist/',
      '/en/api/sales/orders/',
      '/en/api/products/reviews/my?product=1',
    ]) {
      const res = await get(url);
      expect(header(res, 'cache-control'), url).toBe('private, no-store');
    }
    const write = await b.send('POST', '/en/api/sales/cart/promo_code/', { code: 'NOPE' });
    expect(header(write, 'cache-control')).toBe('private, no-store');
  });

  it('keeps what public files say: sitemap and robots an hour, translations five minutes', async () => {
    expect(header(await get('/robots.txt'), 'cache-control')).toBe('public, max-age=3600');
    expect(header(await get('/sitemap.xml'), 'cache-control')).toBe('public, max-age=3600');
    expect(header(await get('/media/langs/en.json'), 'cache-control')).toBe('public, max-age=300');
  });
});
