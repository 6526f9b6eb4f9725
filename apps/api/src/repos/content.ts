import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type {
  Blog,
  BlogCard,
  ContentItem,
  FaqCategory,
  Locale,
  MenuItem,
  Page,
  PageCard,
  VendorPageKey,
  Widget,
} from '@shop/contract';
import { slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { imagesBy } from './images.ts';
import { metaImage, metaOf } from './meta.ts';

/** How many other posts a blog detail offers to read next. */
export const RELATED_BLOGS = 3;

/** What shoppers may read: active posts whose publication time has come. */
const publishedBlog = (): SQL | undefined =>
  and(eq(s.blogs.active, true), sql`${s.blogs.publishedAt} <= now()`);

/** The text as the literal part of a LIKE pattern: its backslashes, `%` and `_` escaped. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type BlogQuery = {
  where: SQL | undefined;
  page: number;
  pageSize: number;
  /** List cards leave the body out: it is the bulk of a post. */
  withContent: boolean;
  /** Puts posts of this vendor (null: the shop's own) first, for "more posts like this". */
  preferVendor?: number | null;
};

/** Published posts matching `where`, newest first, with a page of them. */
async function selectBlogs(db: Database, locale: Locale, q: BlogQuery) {
  const t = translated(s.blogTranslations, locale, 'bt');
  const where = and(publishedBlog(), q.where);
  const [total] = await db.select({ n: count() }).from(s.blogs).where(where);
  const preferred =
    q.preferVendor === undefined
      ? []
      : [desc(sql`${s.blogs.vendorId} IS NOT DISTINCT FROM ${q.preferVendor}`)];
  const rows = await db
    .select({
      id: s.blogs.id,
      slug: s.blogs.slug,
      author: s.blogs.author,
      publishedAt: s.blogs.publishedAt,
      vendorId: s.blogs.vendorId,
      title: t.text('title'),
      description: t.text('description'),
      content: q.withContent ? t.text('content') : sql<string>`''`,
      metaTitle: t.text('metaTitle'),
      metaDescription: t.text('metaDescription'),
      metaKeywords: t.text('metaKeywords'),
    })
    .from(s.blogs)
    .leftJoin(t.local, t.onLocal(s.blogs.id))
    .leftJoin(t.fallback, t.onFallback(s.blogs.id))
    .where(where)
    .orderBy(...preferred, desc(s.blogs.publishedAt), desc(s.blogs.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const images = await imagesBy(
    db,
    'blogId',
    rows.map((r) => r.id),
  );
  const results = rows.map((r): Blog => {
    const slug = slugWithId(r.slug, r.id);
    const blogImages = images.get(r.id) ?? [];
    return {
      id: r.id,
      ref: 'blog',
      title: r.title,
      slug,
      slugUri: `/blogs/${slug}/`,
      description: r.description,
      content: r.content,
      publishedAt: r.publishedAt.toISOString(),
      author: r.author,
      images: blogImages,
      meta: metaOf(r, metaImage(blogImages)),
      vendor: r.vendorId,
    };
  });
  return { count: total?.n ?? 0, results };
}

const toCard = ({ content: _content, ...card }: Blog): BlogCard => card;

/** Published posts, newest first; with `vendor`, only that vendor's. */
export async function blogList(
  db: Database,
  locale: Locale,
  page: number,
  pageSize: number,
  vendor?: number,
) {
  const { count, results } = await selectBlogs(db, locale, {
    where: vendor === undefined ? undefined : eq(s.blogs.vendorId, vendor),
    page,
    pageSize,
    withContent: false,
  });
  return { count, results: results.map(toCard) };
}

/** One published post with its body (with `vendor`, only if it is that vendor's), or null. */
export async function findBlog(
  db: Database,
  locale: Locale,
  id: number,
  vendor?: number,
): Promise<Blog | null> {
  const { results } = await selectBlogs(db, locale, {
    where: and(eq(s.blogs.id, id), vendor === undefined ? undefined : eq(s.blogs.vendorId, vendor)),
    page: 1,
    pageSize: 1,
    withContent: true,
  });
  return results[0] ?? null;
}

/** Other posts to read after `blog`: the same author's shop or vendor first, then the newest. */
export async function relatedBlogs(db: Database, locale: Locale, blog: Blog): Promise<BlogCard[]> {
  const { results } = await selectBlogs(db, locale, {
    where: ne(s.blogs.id, blog.id),
    page: 1,
    pageSize: RELATED_BLOGS,
    withContent: false,
    preferVendor: blog.vendor,
  });
  return results.map(toCard);
}

/**
 * Posts whose title or description, as the shopper reads them (locale, else English), contains
 * the text or resembles it: word_similarity at 0.4 forgives a typo or two ('linnen', 'Lienen').
 * The blog table is small, so no index backs this.
 */
export async function searchBlogs(
  db: Database,
  locale: Locale,
  text: string,
  page: number,
  pageSize: number,
) {
  const t = translated(s.blogTranslations, locale, 'bt');
  const pattern = `%${escapeLike(text)}%`;
  const title = t.text('title');
  const description = t.text('description');
  const matches = await db
    .select({ id: s.blogs.id })
    .from(s.blogs)
    .leftJoin(t.local, t.onLocal(s.blogs.id))
    .leftJoin(t.fallback, t.onFallback(s.blogs.id))
    .where(
      and(
        publishedBlog(),
        or(
          sql`${title} ILIKE ${pattern}`,
          sql`${description} ILIKE ${pattern}`,
          sql`word_similarity(${text}, ${title}) >= 0.4`,
          sql`word_similarity(${text}, ${description}) >= 0.4`,
        ),
      ),
    );
  if (matches.length === 0) return { count: 0, results: [] as ContentItem[] };
  const { count, results } = await selectBlogs(db, locale, {
    where: inArray(
      s.blogs.id,
      matches.map((m) => m.id),
    ),
    page,
    pageSize,
    withContent: false,
  });
  return {
    count,
    results: results.map((blog): ContentItem => ({
      ref: blog.ref,
      id: blog.id,
      slugUri: blog.slugUri,
      meta: blog.meta,
      title: blog.title,
      description: blog.description,
      images: blog.images,
    })),
  };
}

type PageQuery = {
  where: SQL | undefined;
  page: number;
  pageSize: number;
  /** List cards leave the body out. */
  withContent: boolean;
  /** Comes before the id order (e.g. an exact slug match first). */
  order?: SQL[];
};

/** Active pages matching `where`, in id order, with a page of them. */
async function selectPages(db: Database, locale: Locale, q: PageQuery) {
  const t = translated(s.pageTranslations, locale, 'pt');
  const where = and(eq(s.pages.active, true), q.where);
  const [total] = await db.select({ n: count() }).from(s.pages).where(where);
  const rows = await db
    .select({
      id: s.pages.id,
      slug: s.pages.slug,
      vendorId: s.pages.vendorId,
      vendorSlug: s.vendors.slug,
      title: t.text('title'),
      description: t.text('description'),
      content: q.withContent ? t.text('content') : sql<string>`''`,
      metaTitle: t.text('metaTitle'),
      metaDescription: t.text('metaDescription'),
      metaKeywords: t.text('metaKeywords'),
    })
    .from(s.pages)
    .leftJoin(s.vendors, eq(s.vendors.id, s.pages.vendorId))
    .leftJoin(t.local, t.onLocal(s.pages.id))
    .leftJoin(t.fallback, t.onFallback(s.pages.id))
    .where(where)
    .orderBy(...(q.order ?? []), asc(s.pages.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const images = await imagesBy(
    db,
    'pageId',
    rows.map((r) => r.id),
  );
  const results = rows.map((row): Page => {
    const pageImages = images.get(row.id) ?? [];
    return {
      id: row.id,
      ref: 'page',
      slug: row.slug,
      // A vendor's page has no address but under its vendor (slugs are unique per vendor only).
      slugUri:
        row.vendorId === null || row.vendorSlug === null
          ? `/pages/${row.slug}/`
          : `/vendors/${slugWithId(row.vendorSlug, row.vendorId)}/pages/${row.slug}/`,
      title: row.title,
      description: row.description,
      content: row.content,
      images: pageImages,
      meta: metaOf(row, metaImage(pageImages)),
      vendor: row.vendorId,
    };
  });
  return { count: total?.n ?? 0, results };
}

/** An active page of the shop itself (vendor pages live under the vendor), or null. */
export async function findShopPage(
  db: Database,
  locale: Locale,
  slug: string,
): Promise<Page | null> {
  const { results } = await selectPages(db, locale, {
    where: and(eq(s.pages.slug, slug), isNull(s.pages.vendorId)),
    page: 1,
    pageSize: 1,
    withContent: true,
  });
  return results[0] ?? null;
}

/** Slugs of pages that are not content to browse: coming-soon is what a closed shop shows. */
const UNLISTED_PAGES = ['coming-soon'];

/** The shop's own active pages (not the vendors'), without their bodies, in id order. */
export async function shopPageList(
  db: Database,
  locale: Locale,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: PageCard[] }> {
  const { count, results } = await selectPages(db, locale, {
    where: and(isNull(s.pages.vendorId), notInArray(s.pages.slug, UNLISTED_PAGES)),
    page,
    pageSize,
    withContent: false,
  });
  return { count, results: results.map(({ content: _content, ...card }) => card) };
}

/** A vendor's active pages, without their bodies. */
export async function vendorPageList(
  db: Database,
  locale: Locale,
  vendor: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: PageCard[] }> {
  const { count, results } = await selectPages(db, locale, {
    where: eq(s.pages.vendorId, vendor),
    page,
    pageSize,
    withContent: false,
  });
  return { count, results: results.map(({ content: _content, ...card }) => card) };
}

/**
 * One active page of the vendor by its slug or its id, or null. A slug that also reads as an id
 * ('top-10') finds the page of that slug first.
 */
export async function findVendorPage(
  db: Database,
  locale: Locale,
  vendor: number,
  key: VendorPageKey,
): Promise<Page | null> {
  if (key.slug === null && key.id === null) return null;
  const bySlug = key.slug === null ? undefined : eq(s.pages.slug, key.slug);
  const byId = key.id === null ? undefined : eq(s.pages.id, key.id);
  const { results } = await selectPages(db, locale, {
    where: and(eq(s.pages.vendorId, vendor), or(bySlug, byId)),
    page: 1,
    pageSize: 1,
    withContent: true,
    order: bySlug ? [desc(bySlug)] : [],
  });
  return results[0] ?? null;
}

/** FAQ categories in their order, each with its questions in theirs. */
export async function listFaqs(db: Database, locale: Locale): Promise<FaqCategory[]> {
  const ct = translated(s.faqCategoryTranslations, locale, 'ct');
  const ft = translated(s.faqTranslations, locale, 'ft');
  const [categories, items] = await Promise.all([
    db
      .select({ id: s.faqCategories.id, title: ct.text('title') })
      .from(s.faqCategories)
      .leftJoin(ct.local, ct.onLocal(s.faqCategories.id))
      .leftJoin(ct.fallback, ct.onFallback(s.faqCategories.id))
      .orderBy(asc(s.faqCategories.sorting), asc(s.faqCategories.id)),
    db
      .select({
        id: s.faqs.id,
        categoryId: s.faqs.categoryId,
        question: ft.text('question'),
        answer: ft.text('answer'),
      })
      .from(s.faqs)
      .leftJoin(ft.local, ft.onLocal(s.faqs.id))
      .leftJoin(ft.fallback, ft.onFallback(s.faqs.id))
      .orderBy(asc(s.faqs.sorting), asc(s.faqs.id)),
  ]);
  return categories.map((category) => ({
    ...category,
    items: items
      .filter((item) => item.categoryId === category.id)
      .map(({ id, question, answer }) => ({ id, question, answer })),
  }));
}

// ---------------------------------------------------------------- menus and widgets

/** All menus as trees of root items, children in their sorting order. */
export async function listMenus(db: Database, locale: Locale): Promise<MenuItem[]> {
  const t = translated(s.menuTranslations, locale, 'mt');
  const rows = await db
    .select({
      id: s.menus.id,
      parentId: s.menus.parentId,
      url: s.menus.url,
      location: s.menus.location,
      title: t.text('title'),
    })
    .from(s.menus)
    .leftJoin(t.local, t.onLocal(s.menus.id))
    .leftJoin(t.fallback, t.onFallback(s.menus.id))
    .orderBy(asc(s.menus.sorting), asc(s.menus.id));
  const items = new Map<number, MenuItem>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = item.parentId == null ? undefined : items.get(item.parentId);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

export async function listWidgets(db: Database, locale: Locale): Promise<Widget[]> {
  const t = translated(s.widgetTranslations, locale, 'wt');
  return db
    .select({
      id: s.widgets.id,
      name: s.widgets.name,
      location: s.widgets.location,
      title: t.text('title'),
      content: t.text('content'),
    })
    .from(s.widgets)
    .leftJoin(t.local, t.onLocal(s.widgets.id))
    .leftJoin(t.fallback, t.onFallback(s.widgets.id))
    .where(eq(s.widgets.active, true))
    .orderBy(asc(s.widgets.sorting), asc(s.widgets.id));
}
