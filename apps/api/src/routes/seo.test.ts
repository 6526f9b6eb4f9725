import { gunzipSync } from 'node:zlib';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
// The test app's configured origin (AppOptions.publicOrigin's default): never a request header.
const ORIGIN = 'http://localhost';
const LOCALES = ['en', 'de', 'ru', 'it'];

/** The `<url>` blocks of a urlset, keyed by their `<loc>`. */
function urls(xml: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const [block, loc] of xml.matchAll(/<url><loc>([^<]*)<\/loc>.*?<\/url>/g))
    if (loc) map.set(loc, block);
  return map;
}
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

async function setCanonical(url: string | null) {
  await t.handle.db.update(s.organizations).set({ canonicalUrl: url });
}

describe('robots.txt', () => {
  it('allows the shop, keeps crawlers out of account, checkout and API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const lines = res.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /*/account/',
        'Disallow: /*/checkout/',
        'Disallow: /*/api/',
        `Sitemap: ${ORIGIN}/sitemap.xml`,
      ]),
    );
  });

  it('ignores forwarded and Host headers (publicly cached: no poisoning), and uses the canonical URL when the shop has one', async () => {
    const proxied = await get('/robots.txt', {
      host: 'evil.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'shop.example.org',
    });
    expect(proxied.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(proxied.body).not.toMatch(/evil|shop\.example\.org|https:/);
    await setCanonical('https://www.example.com/');
    try {
      const res = await get('/robots.txt');
      expect(res.body).toContain('Sitemap: https://www.example.com/sitemap.xml');
      const index = await get('/sitemap.xml');
      expect(
        locs(index.body).every((l) => l?.startsWith('https://www.example.com/sitemaps/')),
      ).toBe(true);
    } finally {
      await setCanonical(null);
    }
  });
});

describe('sitemap index', () => {
  it('lists one file per kind for the demo shop', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(locs(res.body)).toEqual(
      ['pages-1', 'products-1', 'bundles-1', 'blogs-1', 'vendors-1'].map(
        (f) => `${ORIGIN}/sitemaps/${f}.xml`,
      ),
    );
    for (const loc of locs(res.body)) {
      const file = await get(new URL(loc ?? '').pathname);
      expect(file.statusCode, loc).toBe(200);
      expect(file.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    }
  });

  it('answers 404 for unknown kinds and chunks past the end', async () => {
    for (const file of ['products-2.xml', 'orders-1.xml', 'products-0.xml', 'products-1.json']) {
      const res = await get(`/sitemaps/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});

describe('sitemap files', () => {
  it('lists a product in every language with its alternates, x-default and lastmod', async () => {
    const [product] = await t.handle.db
      .select()
      .from(s.products)
      .where(and(eq(s.products.active, true), isNull(s.products.parentId)))
      .orderBy(asc(s.products.id))
      .limit(1);
    if (!product) throw new Error('the demo shop has products');
    const path = `/products/${product.slug}-${product.id}/`;
    const res = await get('/sitemaps/products-1.xml');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const blocks = urls(res.body);
    for (const locale of LOCALES) {
      const block = blocks.get(`${ORIGIN}/${locale}${path}`);
      expect(block, locale).toBeDefined();
      for (const alt of LOCALES)
        expect(block).toContain(
          `<xhtml:link rel="alternate" hreflang="${alt}" href="${ORIGIN}/${alt}${path}"/>`,
        );
      expect(block).toContain(
        `<xhtml:link rel="alternate" hreflang="x-default" href="${ORIGIN}/en${path}"/>`,
      );
      expect(block).toContain(
        `<lastmod>${product.createdAt.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>`,
      );
    }
  });

  it('leaves out variations and inactive products', async () => {
    const [variation] = await t.handle.db
      .select()
      .from(s.products)
      .where(sql`${s.products.parentId} IS NOT NULL`)
      .limit(1);
    const [parent] = await t.handle.db
      .select()
      .from(s.products)
      .where(isNull(s.products.parentId))
      .orderBy(asc(s.products.id))
      .limit(1);
    if (!parent) throw new Error('the demo shop has products');
    await t.handle.db.update(s.products).set({ active: false }).where(eq(s.products.id, parent.id));
    try {
      const body = (await get('/sitemaps/products-1.xml')).body;
      expect(body).not.toContain(`/products/${parent.slug}-${parent.id}/`);
      if (variation) expect(body).not.toContain(`/products/${variation.slug}-${variation.id}/`);
    } finally {
      await t.handle.db
        .update(s.products)
        .set({ active: true })
        .where(eq(s.products.id, parent.id));
    }
  });

  it('lists home, list screens and pages (vendor pages under their vendor), not coming-soon', async () => {
    const res = await get('/sitemaps/pages-1.xml');
    const all = [...urls(res.body).keys()];
    for (const path of ['/', '/products/', '/bundles/', '/blogs/', '/vendors/', '/pages/about/'])
      for (const locale of LOCALES) expect(all).toContain(`${ORIGIN}/${locale}${path}`);
    const [vendor] = await t.handle.db
      .select()
      .from(s.vendors)
      .where(eq(s.vendors.slug, 'linen-loom'));
    if (!vendor) throw new Error('the demo shop has the linen-loom vendor');
    expect(all).toContain(`${ORIGIN}/de/vendors/linen-loom-${vendor.id}/pages/our-story/`);
    expect(all.some((l) => l.includes('coming-soon'))).toBe(false);
  });

  it('lists bundles, blogs and vendors with slug and id', async () => {
    const [bundle] = await t.handle.db.select().from(s.bundles).limit(1);
    const [blog] = await t.handle.db.select().from(s.blogs).limit(1);
    const [vendor] = await t.handle.db.select().from(s.vendors).limit(1);
    if (!bundle || !blog || !vendor) throw new Error('the demo shop has all three');
    expect((await get('/sitemaps/bundles-1.xml')).body).toContain(
      `<loc>${ORIGIN}/it/bundles/${bundle.slug}-${bundle.id}/</loc>`,
    );
    expect((await get('/sitemaps/blogs-1.xml')).body).toContain(
      `<loc>${ORIGIN}/ru/blogs/${blog.slug}-${blog.id}/</loc>`,
    );
    expect((await get('/sitemaps/vendors-1.xml')).body).toContain(
      `<loc>${ORIGIN}/en/vendors/${vendor.slug}-${vendor.id}/</loc>`,
    );
  });

  it('escapes XML and percent-encodes what a path cannot hold', async () => {
    const [page] = await t.handle.db
      .insert(s.pages)
      .values({ slug: `tea&biscuits'<ü>` })
      .returning({ id: s.pages.id });
    if (!page) throw new Error('page inserted');
    try {
      const res = await get('/sitemaps/pages-1.xml');
      expect(res.body).toContain(
        `<loc>${ORIGIN}/en/pages/tea&amp;biscuits&apos;%3C%C3%BC%3E/</loc>`,
      );
      expect(res.body).not.toContain('tea&biscuits');
      const escaped = await get('/sitemaps/pages-1.xml', { 'x-forwarded-host': 'a"b' });
      expect(escaped.body).not.toContain('a"b');
    } finally {
      await t.handle.db.delete(s.pages).where(eq(s.pages.id, page.id));
    }
  });
});

describe('a large catalogue', () => {
  it('splits products into files of 10,000', async () => {
    const [first] = await t.handle.db.select().from(s.products).limit(1);
    if (!first) throw new Error('the demo shop has products');
    const before = await t.handle.db.$count(
      s.products,
      and(eq(s.products.active, true), isNull(s.products.parentId)),
    );
    await t.handle.db.execute(sql`
      INSERT INTO products (vendor_id, slug, price, vat_id)
      SELECT ${first.vendorId}, 'bulk-' || g, 10, ${first.vatId} FROM generate_series(1, 10000) g`);
    const index = await get('/sitemap.xml');
    expect(locs(index.body).filter((l) => l?.includes('/sitemaps/products-'))).toEqual([
      `${ORIGIN}/sitemaps/products-1.xml`,
      `${ORIGIN}/sitemaps/products-2.xml`,
    ]);
    const started = performance.now();
    const firstFile = await get('/sitemaps/products-1.xml');
    const ms = performance.now() - started;
    expect(urls(firstFile.body).size).toBe(10_000 * LOCALES.length);
    const rest = await get('/sitemaps/products-2.xml');
    expect(urls(rest.body).size).toBe(before * LOCALES.length);
    expect((await get('/sitemaps/products-3.xml')).statusCode).toBe(404);
    const zipStarted = performance.now();
    const zipped = await get('/sitemaps/products-1.xml', { 'accept-encoding': 'gzip, br' });
    const zipMs = performance.now() - zipStarted;
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).equals(firstFile.rawPayload)).toBe(true);
    console.info(
      `sitemap products-1.xml: 40,000 URLs, ${(firstFile.rawPayload.length / 1e6).toFixed(1)} MB ` +
        `in ${Math.round(ms)} ms; gzipped ${(zipped.rawPayload.length / 1e6).toFixed(2)} MB in ${Math.round(zipMs)} ms`,
    );
  });
});
