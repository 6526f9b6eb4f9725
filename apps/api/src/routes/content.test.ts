import { describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  blogCardSchema,
  blogDetailSchema,
  blogSchema,
  contentItemSchema,
  faqsSchema,
  pageCardSchema,
  pageSchema,
  paginated,
  SUPPORTED_LOCALES,
} from '@shop/contract';
import { slugWithId } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { expectFieldError, expectNotFound, get, getOk, login } from '../../test/catalogue.ts';
import { DEMO_PAGE_SLUGS } from '../../test/demo-shop.ts';

const t = useTestApp();

const blogPage = paginated(blogCardSchema);
const searchPage = paginated(contentItemSchema);

/** Seeded posts, newest first (the list's order), with their English and German titles. */
async function blogRows() {
  const rows = await t.handle.db
    .select()
    .from(s.blogs)
    .orderBy(desc(s.blogs.publishedAt), desc(s.blogs.id));
  const translations = await t.handle.db.select().from(s.blogTranslations);
  const title = (id: number, locale: 'en' | 'de') =>
    translations.find((r) => r.parentId === id && r.locale === locale)?.title;
  return rows.map((r) => ({ ...r, en: title(r.id, 'en')!, de: title(r.id, 'de')! }));
}

async function blogBySlug(slug: string) {
  const found = (await blogRows()).find((b) => b.slug === slug);
  if (!found) throw new Error(`no blog ${slug}`);
  return found;
}

const searchIds = async (locale: string, text: string) =>
  (
    await getOk(
      t,
      `/${locale}/api/content/blogs/search?query=${encodeURIComponent(text)}`,
      searchPage,
    )
  ).results.map((r) => r.id);

describe('blogs', () => {
  it('lists published posts newest first, paged', async () => {
    const rows = await blogRows();
    expect(rows.length).toBe(6);
    const all = await getOk(t, '/en/api/content/blogs/', blogPage);
    expect(all.count).toBe(rows.length);
    expect(all.results.map((b) => b.id)).toEqual(rows.map((r) => r.id));
    expect(all.results.map((b) => b.title)).toEqual(rows.map((r) => r.en));
    expect(all.next).toBeNull();
    expect(all.previous).toBeNull();
    expect(all.results.every((b) => !('content' in b))).toBe(true);

    const first = await getOk(t, '/de/api/content/blogs/?page_size=4', blogPage);
    expect(first.count).toBe(6);
    expect(first.results.map((b) => b.title)).toEqual(rows.slice(0, 4).map((r) => r.de));
    expect(first.previous).toBeNull();
    const next = new URL(first.next!);
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('page_size')).toBe('4');

    const second = await getOk(t, `${next.pathname}${next.search}`, blogPage);
    expect(second.results.map((b) => b.id)).toEqual(rows.slice(4).map((r) => r.id));
    expect(second.next).toBeNull();
    const previous = new URL(second.previous!);
    expect(previous.searchParams.has('page')).toBe(false);

    await expectFieldError(t, '/en/api/content/blogs/?page=0', 'page');
  });

  it('answers cards with slug-with-id, slugUri, images, meta and ISO dates', async () => {
    const { results } = await getOk(t, '/en/api/content/blogs/', blogPage);
    const rows = await blogRows();
    for (const card of results) {
      const row = rows.find((r) => r.id === card.id)!;
      expect(card.ref).toBe('blog');
      expect(card.slug).toBe(slugWithId(row.slug, row.id));
      expect(card.slug.endsWith(`-${row.id}`)).toBe(true);
      expect(card.slugUri).toBe(`/blogs/${card.slug}/`);
      expect(card.author).toBe(row.author);
      expect(card.vendor).toBe(row.vendorId);
      expect(new Date(card.publishedAt).getTime()).toBe(row.publishedAt.getTime());
      expect(card.images.length).toBeGreaterThan(0);
      // No meta texts are seeded: they fall back to the post's own.
      expect(card.meta).toMatchObject({ title: card.title, description: card.description });
      expect(card.meta.image).toBe(card.images[0]!.image);
    }
  });

  it('hides posts that are inactive or not yet published', async () => {
    const [newest, second] = await blogRows();
    const db = t.handle.db;
    await db
      .update(s.blogs)
      .set({ publishedAt: new Date(Date.now() + 86_400_000) })
      .where(eq(s.blogs.id, newest!.id));
    await db.update(s.blogs).set({ active: false }).where(eq(s.blogs.id, second!.id));
    try {
      const list = await getOk(t, '/en/api/content/blogs/', blogPage);
      expect(list.count).toBe(4);
      const ids = list.results.map((b) => b.id);
      expect(ids).not.toContain(newest!.id);
      expect(ids).not.toContain(second!.id);
      for (const hidden of [newest!, second!]) {
        await expectNotFound(t, `/en/api/content/blogs/${hidden.id}/`);
        await expectNotFound(t, `/en/api/content/blogs/${hidden.id}/detail/`);
        expect(await searchIds('en', hidden.en)).not.toContain(hidden.id);
      }
      const detail = await getOk(t, `/en/api/content/blogs/${ids[0]}/detail/`, blogDetailSchema);
      expect(detail.related.map((r) => r.id)).not.toContain(newest!.id);
      expect(detail.related.map((r) => r.id)).not.toContain(second!.id);
    } finally {
      await db
        .update(s.blogs)
        .set({ publishedAt: newest!.publishedAt })
        .where(eq(s.blogs.id, newest!.id));
      await db.update(s.blogs).set({ active: true }).where(eq(s.blogs.id, second!.id));
    }
    expect((await getOk(t, '/en/api/content/blogs/', blogPage)).count).toBe(6);
  });

  it('answers one post by slug-with-id or id, with its content', async () => {
    const linen = await blogBySlug('how-to-care-for-linen');
    const bySlug = await getOk(
      t,
      `/de/api/content/blogs/${slugWithId(linen.slug, linen.id)}/`,
      blogSchema.strict(),
    );
    expect(bySlug.id).toBe(linen.id);
    expect(bySlug.title).toBe(linen.de);
    expect(bySlug.content).toContain('<');
    const byId = await getOk(t, `/en/api/content/blogs/${linen.id}/`, blogSchema);
    expect(byId.title).toBe(linen.en);
    expect(byId.content).not.toBe(bySlug.content);
  });

  it('answers the detail with related posts, the same vendor first', async () => {
    const linen = await blogBySlug('how-to-care-for-linen');
    const detail = await getOk(
      t,
      `/en/api/content/blogs/${slugWithId(linen.slug, linen.id)}/detail/`,
      blogDetailSchema.strict(),
    );
    expect(detail.id).toBe(linen.id);
    expect(detail.content.length).toBeGreaterThan(0);
    expect(detail.related.length).toBe(3);
    expect(detail.related.map((r) => r.id)).not.toContain(linen.id);
    for (const card of detail.related) blogCardSchema.strict().parse(card);

    // The shop's own posts (vendor null) lead the related list of a shop post.
    const rows = await blogRows();
    const shopPosts = rows.filter((r) => r.vendorId === null);
    expect(shopPosts.length).toBeGreaterThan(1);
    const own = await getOk(
      t,
      `/en/api/content/blogs/${shopPosts[0]!.id}/detail/`,
      blogDetailSchema,
    );
    expect(own.related[0]!.vendor).toBeNull();
  });

  it('answers 404 JSON for unknown posts and 400 for ids that are none', async () => {
    await expectNotFound(t, '/en/api/content/blogs/999999/');
    await expectNotFound(t, '/en/api/content/blogs/no-such-post-999999/detail/');
    await expectFieldError(t, '/en/api/content/blogs/no-id/', 'id');
  });

  it('searches by a word and by a misspelt word, in German and English', async () => {
    const linen = await blogBySlug('how-to-care-for-linen');
    const clay = await blogBySlug('from-clay-to-cup');
    expect(await searchIds('en', 'linen')).toContain(linen.id);
    expect(await searchIds('en', 'linnen')).toContain(linen.id);
    expect(await searchIds('de', 'Leinen')).toContain(linen.id);
    expect(await searchIds('de', 'Leinnen')).toContain(linen.id);
    expect(await searchIds('en', 'stoneware')).toEqual([clay.id]);
    expect(await searchIds('de', 'Steinzeug')).toEqual([clay.id]);
    expect(await searchIds('de', 'Steinzueg')).toContain(clay.id);
    expect(await searchIds('en', 'zzqxv')).toEqual([]);

    const found = await getOk(t, '/de/api/content/blogs/search?query=Leinen', searchPage);
    const item = found.results.find((r) => r.id === linen.id)!;
    expect(item).toMatchObject({ ref: 'blog', title: linen.de });
    expect(item.slugUri).toBe(`/blogs/${slugWithId(linen.slug, linen.id)}/`);
  });

  it('answers 400 for an empty or missing search text', async () => {
    await expectFieldError(t, '/en/api/content/blogs/search?query=', 'query');
    await expectFieldError(t, '/en/api/content/blogs/search?query=%20%20', 'query');
    await expectFieldError(t, '/en/api/content/blogs/search', 'query');
  });
});

describe('pages', () => {
  async function shopPageSlugs() {
    const rows = await t.handle.db
      .select({ slug: s.pages.slug })
      .from(s.pages)
      .where(isNull(s.pages.vendorId))
      .orderBy(asc(s.pages.id));
    return rows.map((r) => r.slug);
  }

  it('answers every shop page in four languages, translated', async () => {
    const slugs = await shopPageSlugs();
    expect(slugs).toEqual(expect.arrayContaining(DEMO_PAGE_SLUGS));
    for (const slug of slugs) {
      const titles = new Set<string>();
      for (const locale of SUPPORTED_LOCALES) {
        const page = await getOk(t, `/${locale}/api/content/pages/${slug}/`, pageSchema.strict());
        expect(page).toMatchObject({ ref: 'page', slug, slugUri: `/pages/${slug}/`, vendor: null });
        expect(page.content.length).toBeGreaterThan(0);
        expect(page.meta.title).toBe(page.title);
        titles.add(page.title);
      }
      expect(titles.size, slug).toBe(SUPPORTED_LOCALES.length);
    }
  });

  it('lists the shop’s own pages in id order, translated, without bodies, paged', async () => {
    const listed = (await shopPageSlugs()).filter((slug) => slug !== 'coming-soon');
    const cards = paginated(pageCardSchema.strict());
    const all = await getOk(t, '/de/api/content/pages/', cards);
    expect(all.count).toBe(listed.length);
    expect(all.results.map((p) => p.slug)).toEqual(listed);
    // Vendors' pages live under their vendor; coming-soon is what a closed shop shows.
    expect(all.results.every((p) => p.vendor === null)).toBe(true);
    const contact = all.results.find((p) => p.slug === 'contact');
    expect(contact).toMatchObject({ title: 'Kontakt', slugUri: '/pages/contact/' });
    expect(contact?.description).toContain('Kundenservice');

    const second = await getOk(t, '/en/api/content/pages/?page_size=3&page=2', cards);
    expect(second.results.map((p) => p.slug)).toEqual(listed.slice(3, 6));
    expect(second.previous).not.toBeNull();
    await expectFieldError(t, '/en/api/content/pages/?page=0', 'page');
  });

  it('answers 404 JSON for unknown, inactive and vendor pages', async () => {
    await expectNotFound(t, '/en/api/content/pages/no-such-page/');
    // 'our-story' is a vendor's page: not one of the shop's.
    await expectNotFound(t, '/en/api/content/pages/our-story/');
    const db = t.handle.db;
    const about = and(eq(s.pages.slug, 'about'), isNull(s.pages.vendorId));
    await db.update(s.pages).set({ active: false }).where(about);
    try {
      await expectNotFound(t, '/en/api/content/pages/about/');
    } finally {
      await db.update(s.pages).set({ active: true }).where(about);
    }
  });

  it('answers coming-soon while the shop is closed, other pages only to staff', async () => {
    await t.handle.db.update(s.organizations).set({ visible: false });
    try {
      await getOk(t, '/de/api/content/pages/coming-soon/', pageSchema);
      const about = await get(t, '/en/api/content/pages/about/');
      expect(about.statusCode).toBe(434);
      expect(about.json()).toEqual({ detail: 'The shop is closed.' });
      expect((await get(t, '/en/api/content/pages/no-such-page/')).statusCode).toBe(434);
      expect((await get(t, '/en/api/content/blogs/')).statusCode).toBe(434);
      expect((await get(t, '/en/api/content/faqs/')).statusCode).toBe(434);

      const shopper = await login(t, 'shopper@example.com');
      expect((await get(t, '/en/api/content/pages/about/', shopper)).statusCode).toBe(434);

      const staff = await login(t, 'staff@example.com');
      const page = await getOk(t, '/en/api/content/pages/about/', pageSchema, staff);
      expect(page.slug).toBe('about');
      await getOk(t, '/en/api/content/blogs/', blogPage, staff);
    } finally {
      await t.handle.db.update(s.organizations).set({ visible: true });
    }
    await getOk(t, '/en/api/content/pages/about/', pageSchema);
  });
});

describe('faqs', () => {
  it('answers the categories in order, each with its questions, translated', async () => {
    const categories = await t.handle.db
      .select()
      .from(s.faqCategories)
      .orderBy(asc(s.faqCategories.sorting), asc(s.faqCategories.id));
    expect(categories.length).toBe(4);
    const en = await getOk(t, '/en/api/content/faqs/', faqsSchema);
    const de = await getOk(t, '/de/api/content/faqs/', faqsSchema);
    expect(en.map((c) => c.id)).toEqual(categories.map((c) => c.id));
    expect(de.map((c) => c.id)).toEqual(categories.map((c) => c.id));
    for (const [i, category] of en.entries()) {
      const german = de[i]!;
      expect(category.items.length).toBeGreaterThan(0);
      expect(german.items.map((q) => q.id)).toEqual(category.items.map((q) => q.id));
      expect(german.title).not.toBe(category.title);
      for (const [j, item] of category.items.entries()) {
        expect(item.question.length).toBeGreaterThan(0);
        expect(item.answer.length).toBeGreaterThan(0);
        expect(german.items[j]!.question).not.toBe(item.question);
        expect(german.items[j]!.answer).not.toBe(item.answer);
      }
    }
  });

  it('falls back to English when a German translation row is missing', async () => {
    const en = await getOk(t, '/en/api/content/faqs/', faqsSchema);
    const category = en[0]!;
    const item = category.items[0]!;
    const db = t.handle.db;
    const rowOf = <T extends typeof s.faqTranslations | typeof s.faqCategoryTranslations>(
      table: T,
      id: number,
    ) => and(eq(table.parentId, id), eq(table.locale, 'de'));
    const [faqRow] = await db
      .select()
      .from(s.faqTranslations)
      .where(rowOf(s.faqTranslations, item.id));
    const [categoryRow] = await db
      .select()
      .from(s.faqCategoryTranslations)
      .where(rowOf(s.faqCategoryTranslations, category.id));
    await db.delete(s.faqTranslations).where(rowOf(s.faqTranslations, item.id));
    await db.delete(s.faqCategoryTranslations).where(rowOf(s.faqCategoryTranslations, category.id));
    try {
      const de = await getOk(t, '/de/api/content/faqs/', faqsSchema);
      expect(de[0]!.title).toBe(category.title);
      expect(de[0]!.items[0]).toEqual(item);
      // The other questions keep their German.
      expect(de[0]!.items[1]!.question).not.toBe(category.items[1]!.question);
    } finally {
      await db.insert(s.faqTranslations).values(faqRow!);
      await db.insert(s.faqCategoryTranslations).values(categoryRow!);
    }
  });
});

describe('blog fallback', () => {
  it('falls back to English for a post without German', async () => {
    const linen = await blogBySlug('how-to-care-for-linen');
    const db = t.handle.db;
    const germanBlog = and(
      eq(s.blogTranslations.parentId, linen.id),
      eq(s.blogTranslations.locale, 'de'),
    );
    const [blogRow] = await db.select().from(s.blogTranslations).where(germanBlog);
    await db.delete(s.blogTranslations).where(germanBlog);
    try {
      const de = await getOk(t, `/de/api/content/blogs/${linen.id}/`, blogSchema);
      const en = await getOk(t, `/en/api/content/blogs/${linen.id}/`, blogSchema);
      expect(de.title).toBe(en.title);
      expect(de.content).toBe(en.content);
    } finally {
      await db.insert(s.blogTranslations).values(blogRow!);
    }
  });
});
