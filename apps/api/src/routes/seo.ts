import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, isNull, lte, ne, or } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_LOCALE, errorBodySchema, SUPPORTED_LOCALES, type Locale } from '@shop/contract';
import { slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { notFound } from '#api/plugins/errors.ts';
import { productConditions } from '#api/repos/catalogue.ts';
import { listLanguages } from '#api/repos/shop.ts';

/**
 * Items per sitemap file. Every item is listed once per language (4 URLs, each with 5 alternates),
 * so 10,000 items make 40,000 URLs: under the protocol's 50,000 URLs, and ~28 MB under its 50 MB.
 */
export const SITEMAP_CHUNK = 10_000;

export const SITEMAP_KINDS = ['pages', 'products', 'bundles', 'blogs', 'vendors'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One page of the storefront: its path after the locale prefix, and when it last changed. */
type Entry = { path: string; lastmod: Date | null };

const gzipAsync = promisify(gzip);
const SITEMAP_CACHE = 'public, max-age=3600';
const XML_TYPE = 'application/xml; charset=utf-8';

/** List screens of spec section 2 (the home page is listed separately). */
const LIST_SCREENS = [
  '/products/',
  '/bundles/',
  '/vendors/',
  '/blogs/',
  '/pages/',
  '/attributes/',
  '/values/',
];

// The coming-soon page is shown instead of the shop while it is closed and carries `noindex`.
const UNLISTED_PAGES = ['coming-soon'];

export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );
}

/** A slug as one path segment: percent-encoded (non-ASCII, `/`, `?`, `#`), sub-delimiters kept. */
const segment = (value: string) =>
  encodeURIComponent(value).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (code) =>
    decodeURIComponent(code),
  );

const slugId = (slug: string, id: number) => segment(slugWithId(slug, id));

/**
 * The shop's public origin: its canonical URL when set (as the storefront's canonical links use
 * it), else the origin the request came to (behind a proxy, its forwarded protocol and host).
 */
async function siteOrigin(db: Database, req: FastifyRequest): Promise<string> {
  const [row] = await db
    .select({ canonicalUrl: s.organizations.canonicalUrl })
    .from(s.organizations)
    .orderBy(asc(s.organizations.id))
    .limit(1);
  const canonical = row?.canonicalUrl?.trim();
  if (canonical && URL.canParse(canonical)) {
    const url = new URL(canonical);
    if (url.protocol === 'https:' || url.protocol === 'http:')
      return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  }
  return `${req.protocol}://${req.host}`;
}

/** The languages the shop offers (a locale the shop does not offer would redirect), English first. */
async function siteLocales(db: Database): Promise<Locale[]> {
  const offered = (await listLanguages(db)).map((l) => l.code);
  const locales = SUPPORTED_LOCALES.filter((code) => offered.includes(code));
  return locales.length > 0 ? locales : [DEFAULT_LOCALE];
}

// ---------------------------------------------------------------- what each kind lists

const activeProducts = (db: Database) => productConditions(db, {});
const activeBundles = () => eq(s.bundles.active, true);
const publishedBlogs = () => and(eq(s.blogs.active, true), lte(s.blogs.publishedAt, new Date()));
const activeVendors = () => eq(s.vendors.active, true);
/** Active shop pages, and active pages of active vendors. */
const listedPages = () =>
  and(
    eq(s.pages.active, true),
    or(
      and(isNull(s.pages.vendorId), ...UNLISTED_PAGES.map((slug) => ne(s.pages.slug, slug))),
      eq(s.vendors.active, true),
    ),
  );

async function countRows(db: Database, kind: Exclude<SitemapKind, 'pages'>): Promise<number> {
  const n = count();
  const [row] =
    kind === 'products'
      ? await db
          .select({ n })
          .from(s.products)
          .where(await activeProducts(db))
      : kind === 'bundles'
        ? await db.select({ n }).from(s.bundles).where(activeBundles())
        : kind === 'blogs'
          ? await db.select({ n }).from(s.blogs).where(publishedBlogs())
          : await db.select({ n }).from(s.vendors).where(activeVendors());
  return row?.n ?? 0;
}

async function pageEntries(db: Database): Promise<Entry[]> {
  const rows = await db
    .select({
      slug: s.pages.slug,
      vendorId: s.pages.vendorId,
      vendorSlug: s.vendors.slug,
    })
    .from(s.pages)
    .leftJoin(s.vendors, eq(s.vendors.id, s.pages.vendorId))
    .where(listedPages())
    .orderBy(asc(s.pages.vendorId), asc(s.pages.id));
  return [
    { path: '/', lastmod: null },
    ...LIST_SCREENS.map((path) => ({ path, lastmod: null })),
    ...rows.map((r) => ({
      path:
        r.vendorId !== null && r.vendorSlug !== null
          ? `/vendors/${slugId(r.vendorSlug, r.vendorId)}/pages/${segment(r.slug)}/`
          : `/pages/${segment(r.slug)}/`,
      lastmod: null,
    })),
  ];
}

/**
 * One chunk of a kind, in id order. Only id, slug and a date are read: a products chunk is one
 * indexed query of 10,000 narrow rows, whatever the catalogue's size.
 */
async function chunkEntries(db: Database, kind: SitemapKind, n: number): Promise<Entry[]> {
  const offset = (n - 1) * SITEMAP_CHUNK;
  if (kind === 'pages') return (await pageEntries(db)).slice(offset, offset + SITEMAP_CHUNK);
  if (kind === 'products') {
    const rows = await db
      .select({ id: s.products.id, slug: s.products.slug, date: s.products.createdAt })
      .from(s.products)
      .where(await activeProducts(db))
      .orderBy(asc(s.products.id))
      .limit(SITEMAP_CHUNK)
      .offset(offset);
    return rows.map((r) => ({ path: `/products/${slugId(r.slug, r.id)}/`, lastmod: r.date }));
  }
  if (kind === 'bundles') {
    const rows = await db
      .select({ id: s.bundles.id, slug: s.bundles.slug, date: s.bundles.createdAt })
      .from(s.bundles)
      .where(activeBundles())
      .orderBy(asc(s.bundles.id))
      .limit(SITEMAP_CHUNK)
      .offset(offset);
    return rows.map((r) => ({ path: `/bundles/${slugId(r.slug, r.id)}/`, lastmod: r.date }));
  }
  if (kind === 'blogs') {
    const rows = await db
      .select({ id: s.blogs.id, slug: s.blogs.slug, date: s.blogs.publishedAt })
      .from(s.blogs)
      .where(publishedBlogs())
      .orderBy(asc(s.blogs.id))
      .limit(SITEMAP_CHUNK)
      .offset(offset);
    return rows.map((r) => ({ path: `/blogs/${slugId(r.slug, r.id)}/`, lastmod: r.date }));
  }
  const rows = await db
    .select({ id: s.vendors.id, slug: s.vendors.slug, date: s.vendors.createdAt })
    .from(s.vendors)
    .where(activeVendors())
    .orderBy(asc(s.vendors.id))
    .limit(SITEMAP_CHUNK)
    .offset(offset);
  return rows.map((r) => ({ path: `/vendors/${slugId(r.slug, r.id)}/`, lastmod: r.date }));
}

/** How many files each kind needs; kinds with nothing to list get none. */
async function chunkCounts(db: Database): Promise<[SitemapKind, number][]> {
  const pages = (await pageEntries(db)).length;
  const others = await Promise.all(
    (['products', 'bundles', 'blogs', 'vendors'] as const).map(
      async (kind) => [kind, await countRows(db, kind)] as const,
    ),
  );
  return [['pages', pages] as const, ...others].map(([kind, items]) => [
    kind,
    Math.ceil(items / SITEMAP_CHUNK),
  ]);
}

// ---------------------------------------------------------------- XML

const lastmod = (date: Date | null) =>
  date ? `<lastmod>${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>` : '';

/** A `<urlset>`: every entry once per language, each naming all languages and x-default. */
export function urlsetXml(origin: string, locales: Locale[], entries: Entry[]): string {
  const fallback = locales.includes(DEFAULT_LOCALE)
    ? DEFAULT_LOCALE
    : (locales[0] ?? DEFAULT_LOCALE);
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const entry of entries) {
    const href = (locale: Locale) => escapeXml(`${origin}/${locale}${entry.path}`);
    // The alternates are the same for the entry's every language: build them once.
    const alternates =
      locales
        .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${href(l)}"/>`)
        .join('') + `<xhtml:link rel="alternate" hreflang="x-default" href="${href(fallback)}"/>`;
    const modified = lastmod(entry.lastmod);
    for (const locale of locales)
      parts.push(`<url><loc>${href(locale)}</loc>${modified}${alternates}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

export function sitemapIndexXml(origin: string, files: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    ...files.map(
      (file) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${file}`)}</loc></sitemap>\n`,
    ),
    '</sitemapindex>\n',
  ].join('');
}

/**
 * Sends a sitemap, gzipped when the client takes it: a products file is ~24 MB of repetitive XML
 * that shrinks about 25-fold, and nothing in front of the app is assumed to compress.
 */
async function sendXml(req: FastifyRequest, reply: FastifyReply, xml: string) {
  reply.type(XML_TYPE).header('Cache-Control', SITEMAP_CACHE).header('Vary', 'Accept-Encoding');
  if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) return reply.send(xml);
  return reply.header('Content-Encoding', 'gzip').send(await gzipAsync(xml));
}

/** `/robots.txt`, the sitemap index `/sitemap.xml` and its files `/sitemaps/{kind}-{n}.xml`. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/robots.txt',
    { schema: { tags: ['seo'], summary: 'Crawler rules and the sitemap location' } },
    async (req, reply) => {
      const origin = await siteOrigin(db, req);
      const text = [
        'User-agent: *',
        'Allow: /',
        'Disallow: /*/account/',
        'Disallow: /*/checkout/',
        'Disallow: /*/api/',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
      return reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', SITEMAP_CACHE)
        .send(text);
    },
  );

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['seo'], summary: 'Sitemap index: one file per kind and 10,000 items' } },
    async (req, reply) => {
      const [origin, counts] = await Promise.all([siteOrigin(db, req), chunkCounts(db)]);
      const files = counts.flatMap(([kind, chunks]) =>
        Array.from({ length: chunks }, (_, i) => `${kind}-${i + 1}.xml`),
      );
      return sendXml(req, reply, sitemapIndexXml(origin, files));
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      schema: {
        tags: ['seo'],
        summary: 'One sitemap file: `{pages|products|bundles|blogs|vendors}-{n}.xml`',
        params: z.object({ file: z.string() }),
        response: { 404: errorBodySchema },
      },
    },
    async (req, reply) => {
      const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(req.params.file);
      const kind = SITEMAP_KINDS.find((k) => k === match?.[1]);
      if (!match || !kind) throw notFound();
      const n = Number(match[2]);
      const [origin, locales, entries] = await Promise.all([
        siteOrigin(db, req),
        siteLocales(db),
        chunkEntries(db, kind, n),
      ]);
      if (entries.length === 0) throw notFound();
      return sendXml(req, reply, urlsetXml(origin, locales, entries));
    },
  );
};
