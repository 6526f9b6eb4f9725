// The storefront's part of the metrics (decision 0061): kept pages' hits and misses, and pages
// counted under their React Router route rather than Fastify's `/*`.
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../api/test/helpers.ts';
import { parseExposition, sampleSum } from '../../api/test/prometheus.ts';
import { pagePatterns } from './page-routes.ts';
import { mountStorefront } from './storefront.ts';
import { fakeBuild, pageEntry } from '../test/fake-build.ts';

/** The routes of a small shop: a language, its product list and page, and a not-found page. */
const routes = {
  root: { id: 'root', path: '' },
  lang: { id: 'lang', parentId: 'root', path: ':lang' },
  home: { id: 'home', parentId: 'lang', index: true },
  products: { id: 'products', parentId: 'lang', path: 'products' },
  product: { id: 'product', parentId: 'lang', path: 'products/:id' },
  missing: { id: 'missing', parentId: 'lang', path: '*' },
};

/**
 * A storefront build whose every page is the same HTML for visitors without a session: the
 * render's nonce and the visitor's CSRF token (a new one with its cookie when none), as the real
 * root does; what a kept page needs.
 */
function smallStorefront(): ServerBuild {
  return fakeBuild(
    pageEntry(({ headers, nonce, token }) => {
      const body = `<!doctype html><script nonce="${nonce}"></script><input name="csrf" value="${token}">`;
      return new Response(body, { status: 200, headers });
    }),
    Object.values(routes).map((route) => ({ ...route, module: { default: () => null } })),
  );
}

const t = useTestApp({
  mount: async (app: FastifyInstance) => {
    await mountStorefront(app, smallStorefront(), {
      publicOrigin: 'http://localhost',
      cache: { ttlMs: 60_000, maxBytes: 1_000_000 },
    });
  },
});

async function samples() {
  const res = await t.app.inject('/metrics');
  expect(res.statusCode).toBe(200);
  return parseExposition(res.body).samples;
}

describe('the storefront in the metrics', () => {
  it('counts the page cache: a miss renders and keeps, the next visitor is a hit', async () => {
    const page = (result: string) => async () =>
      sampleSum(await samples(), 'shop_cache_lookups_total', { cache: 'page', result });
    const [miss, hit] = [page('miss'), page('hit')];
    const before = { miss: await miss(), hit: await hit() };

    const first = await t.app.inject('/en/products/');
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(await miss()).toBe(before.miss + 1);
    expect(await hit()).toBe(before.hit);

    const second = await t.app.inject('/en/products/');
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(await hit()).toBe(before.hit + 1);

    // A shopper with a session is no lookup: the page is theirs.
    const own = await t.app.inject({ url: '/en/products/', headers: { cookie: 'sessionid=abc' } });
    expect(own.headers['x-page-cache']).toBeUndefined();
    expect(await miss()).toBe(before.miss + 1);
    expect(await hit()).toBe(before.hit + 1);
  });

  it('counts pages under their React Router route, not Fastify’s catch-all or the URL', async () => {
    for (const url of ['/en/products/7/', '/de/products/8/', '/it/no/such/page']) {
      expect((await t.app.inject(url)).statusCode).toBe(200);
    }
    const all = await samples();
    const count = (route: string) => sampleSum(all, 'shop_http_requests_total', { route });
    expect(count('/:lang/products/:id')).toBe(2);
    expect(count('/:lang/*')).toBe(1);
    expect(count('/*')).toBe(0);
    expect(all.some((s) => s.labels.route?.includes('/products/7'))).toBe(false);
  });
});

describe('page route patterns', () => {
  const patternOf = pagePatterns({ routes, basename: '/' } as unknown as ServerBuild);

  it.each([
    ['/', '/'],
    ['/en', '/:lang'],
    ['/en/', '/:lang'],
    ['/en/products/', '/:lang/products'],
    ['/en/products/linen-shirt-12', '/:lang/products/:id'],
    ['/en/products/linen-shirt-12.data', '/:lang/products/:id.data'],
    ['/en.data', '/:lang.data'],
    ['/_root.data', '/_root.data'],
    ['/ru/a/b/c', '/:lang/*'],
  ])('%s counts as %s', (path, pattern) => {
    expect(patternOf(path)).toBe(pattern);
    // Asked again, the remembered answer is the same.
    expect(patternOf(path)).toBe(pattern);
  });

  it('keeps answering past the paths it remembers', () => {
    const own = pagePatterns({ routes, basename: '/' } as unknown as ServerBuild);
    for (let i = 0; i < 1500; i++) expect(own(`/en/products/p-${i}`)).toBe('/:lang/products/:id');
    expect(own('/en/products/p-0')).toBe('/:lang/products/:id');
    expect(own('/ru/a/b/c')).toBe('/:lang/*');
  });
});
