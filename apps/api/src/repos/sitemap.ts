import { and, asc, count, eq, isNull, lte, ne, or } from 'drizzle-orm';
import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@shop/contract';
import { slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { productConditions } from './product-lists.ts';
import { listLanguages } from './shop.ts';

/*
 * What the sitemaps list: every page a crawler may index, by kind, in chunks.
 */

/**
 * Items per sitemap file. Every item is listed once per language (4 URLs, each with 5 alternates),
 * so 10,000 items make 40,000 URLs: under the protocol's 50,000 URLs, and ~28 MB under its 50 MB.
 */
export const SITEMAP_CHUNK = 10_000;

export const SITEMAP_KINDS = ['pages', 'products', 'bundles', 'blogs', 'vendors'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** One page of the storefront: its path after the locale prefix, and when it last changed. */
export type Entry = { path: string; lastmod: Date | null };

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

/** A slug as one path segment: percent-encoded (non-ASCII, `/`, `?`, `#`), sub-delimiters kept. */
const segment = (value: string) =>
  encodeURIComponent(value).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (code) =>
    decodeURIComponent(code),
  );

const slugId = (slug: string, id: number) => segment(slugWithId(slug, id));

/** The shop's canonical URL as set, or null. */
export async function shopCanonicalUrl(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ canonicalUrl: s.organizations.canonicalUrl })
    .from(s.organizations)
    .orderBy(asc(s.organizations.id))
    .limit(1);
  return row?.canonicalUrl ?? null;
}

/** The languages the shop offers (a locale the shop does not offer would redirect), English first. */
export async function siteLocales(db: Database): Promise<Locale[]> {
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
export async function chunkEntries(db: Database, kind: SitemapKind, n: number): Promise<Entry[]> {
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
export async function chunkCounts(db: Database): Promise<[SitemapKind, number][]> {
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
