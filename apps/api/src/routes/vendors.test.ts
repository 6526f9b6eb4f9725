import { describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import {
  blogCardSchema,
  blogSchema,
  detailErrorSchema,
  pageCardSchema,
  pageSchema,
  paginated,
  productCardSchema,
  productSchema,
  vendorItemChildrenSchema,
  vendorSchema,
} from '@shop/contract';
import { slugWithId } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { expectFieldError, get, getOk } from '../../test/catalogue.ts';
import { ITEM_NOT_FOUND, VENDOR_NOT_FOUND } from './vendors.ts';

const t = useTestApp();

const BASE = '/api/organizations/vendors';
const vendorPage = paginated(vendorSchema.strict());
const productPage = paginated(productCardSchema);
const blogPage = paginated(blogCardSchema.strict());
const pagePage = paginated(pageCardSchema.strict());

/** GET that must answer 404 JSON with exactly this detail. */
async function expectDetail(url: string, detail: string) {
  const res = await get(t, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
  expect(res.headers['content-type']).toContain('application/json');
  expect(detailErrorSchema.strict().parse(res.json())).toEqual({ detail });
}

/** Active vendors, newest first (the list's order), with their English and German titles. */
async function vendorRows() {
  const rows = await t.handle.db
    .select()
    .from(s.vendors)
    .where(eq(s.vendors.active, true))
    .orderBy(desc(s.vendors.createdAt), desc(s.vendors.id));
  const translations = await t.handle.db.select().from(s.vendorTranslations);
  const title = (id: number, locale: 'en' | 'de') =>
    translations.find((r) => r.parentId === id && r.locale === locale)?.title;
  return rows.map((r) => ({ ...r, en: title(r.id, 'en')!, de: title(r.id, 'de')! }));
}

async function vendorBySlug(slug: string) {
  const found = (await vendorRows()).find((v) => v.slug === slug);
  if (!found) throw new Error(`no vendor ${slug}`);
  return found;
}

/** The vendor's active parent products in the default order (own sorting, then id). */
async function vendorProducts(vendorId: number) {
  return t.handle.db
    .select()
    .from(s.products)
    .where(
      and(
        eq(s.products.vendorId, vendorId),
        eq(s.products.active, true),
        isNull(s.products.parentId),
      ),
    )
    .orderBy(asc(s.products.sorting), asc(s.products.id));
}

describe('vendor list', () => {
  it('lists active vendors newest first, paged with size', async () => {
    const rows = await vendorRows();
    expect(rows.length).toBeGreaterThan(2);
    const all = await getOk(t, `/en${BASE}/`, vendorPage);
    expect(all.count).toBe(rows.length);
    expect(all.results.map((v) => v.id)).toEqual(rows.map((r) => r.id));
    expect(all.next).toBeNull();
    expect(all.previous).toBeNull();

    const first = await getOk(t, `/en${BASE}/?size=2`, vendorPage);
    expect(first.count).toBe(rows.length);
    expect(first.results.map((v) => v.id)).toEqual(rows.slice(0, 2).map((r) => r.id));
    expect(first.previous).toBeNull();
    const next = new URL(first.next!);
    expect(next.searchParams.get('page')).toBe('2');
    expect(next.searchParams.get('size')).toBe('2');

    const second = await getOk(t, `${next.pathname}${next.search}`, vendorPage);
    expect(second.results.map((v) => v.id)).toEqual(rows.slice(2, 4).map((r) => r.id));
    const previous = new URL(second.previous!);
    expect(previous.searchParams.has('page')).toBe(false);
    expect(previous.searchParams.get('size')).toBe('2');

    const beyond = await getOk(t, `/en${BASE}/?size=2&page=99`, vendorPage);
    expect(beyond).toMatchObject({ count: rows.length, next: null, results: [] });
    expect(beyond.previous).not.toBeNull();
  });

  it('answers 400 for page 0 or a size out of range', async () => {
    await expectFieldError(t, `/en${BASE}/?page=0`, 'page');
    await expectFieldError(t, `/en${BASE}/?size=0`, 'size');
  });

  it('translates titles and answers slug, slugUri, images, icons and meta', async () => {
    const rows = await vendorRows();
    const en = await getOk(t, `/en${BASE}/`, vendorPage);
    const de = await getOk(t, `/de${BASE}/`, vendorPage);
    expect(en.results.map((v) => v.title)).toEqual(rows.map((r) => r.en));
    expect(de.results.map((v) => v.title)).toEqual(rows.map((r) => r.de));
    expect(de.results.some((v, i) => v.title !== en.results[i]!.title)).toBe(true);

    for (const vendor of en.results) {
      const row = rows.find((r) => r.id === vendor.id)!;
      expect(vendor.ref).toBe('vendor');
      expect(vendor.slug).toBe(slugWithId(row.slug, row.id));
      expect(vendor.slugUri).toBe(`/vendors/${vendor.slug}/`);
      // The seed gives each vendor a logo and a banner; the logo is its icon.
      expect(vendor.images.map((i) => i.imageType).sort()).toEqual(['banner', 'logo']);
      expect(vendor.icons.map((i) => i.imageType)).toEqual(['logo']);
      expect(vendor.meta).toMatchObject({ title: vendor.title, description: vendor.description });
      expect(vendor.meta.image).toBe(vendor.images.find((i) => i.imageType === 'banner')!.image);
    }
  });

  it('hides an inactive vendor and everything under it', async () => {
    const [hidden] = await vendorRows();
    const db = t.handle.db;
    await db.update(s.vendors).set({ active: false }).where(eq(s.vendors.id, hidden!.id));
    try {
      const list = await getOk(t, `/en${BASE}/`, vendorPage);
      expect(list.results.map((v) => v.id)).not.toContain(hidden!.id);
      const id = slugWithId(hidden!.slug, hidden!.id);
      for (const path of ['', 'products/', 'blogs/', 'pages/']) {
        await expectDetail(`/en${BASE}/${id}/${path}`, VENDOR_NOT_FOUND);
      }
    } finally {
      await db.update(s.vendors).set({ active: true }).where(eq(s.vendors.id, hidden!.id));
    }
    const list = await getOk(t, `/en${BASE}/`, vendorPage);
    expect(list.results.map((v) => v.id)).toContain(hidden!.id);
  });
});

describe('one vendor', () => {
  it('answers by slug-with-id or id, translated', async () => {
    const linen = await vendorBySlug('linen-loom');
    const bySlug = await getOk(
      t,
      `/de${BASE}/${slugWithId(linen.slug, linen.id)}/`,
      vendorSchema.strict(),
    );
    expect(bySlug).toMatchObject({ id: linen.id, title: linen.de });
    const byId = await getOk(t, `/en${BASE}/${linen.id}/`, vendorSchema);
    expect(byId).toMatchObject({ id: linen.id, title: linen.en });
  });

  it("answers the spec's 404 wording for unknown vendors and items, 400 for no id", async () => {
    for (const path of ['', 'products/', 'products/1/', 'blogs/1/children/', 'pages/our-story/']) {
      await expectDetail(`/en${BASE}/999999/${path}`, VENDOR_NOT_FOUND);
    }
    const linen = await vendorBySlug('linen-loom');
    for (const kind of ['products', 'blogs', 'pages']) {
      await expectDetail(`/en${BASE}/${linen.id}/${kind}/999999/`, ITEM_NOT_FOUND);
      await expectDetail(`/en${BASE}/${linen.id}/${kind}/999999/children/`, ITEM_NOT_FOUND);
    }
    await expectFieldError(t, `/en${BASE}/no-id/`, 'id');
    await expectFieldError(t, `/en${BASE}/${linen.id}/products/no-id/`, 'itemId');
  });
});

describe('vendor products', () => {
  it("lists exactly the vendor's active parent products, paged", async () => {
    for (const vendor of await vendorRows()) {
      const expected = await vendorProducts(vendor.id);
      const list = await getOk(t, `/en${BASE}/${vendor.id}/products/?size=100`, productPage);
      expect(list.count).toBe(expected.length);
      expect(list.results.map((p) => p.id)).toEqual(expected.map((p) => p.id));
      expect(list.results.every((p) => p.vendor?.id === vendor.id)).toBe(true);
    }
    const linen = await vendorBySlug('linen-loom');
    const expected = await vendorProducts(linen.id);
    expect(expected.length).toBeGreaterThan(2);
    const first = await getOk(t, `/en${BASE}/${linen.id}/products/?size=2`, productPage);
    expect(first.results.map((p) => p.id)).toEqual(expected.slice(0, 2).map((p) => p.id));
    const next = new URL(first.next!);
    expect(next.searchParams.get('size')).toBe('2');
    const second = await getOk(t, `${next.pathname}${next.search}`, productPage);
    expect(second.results.map((p) => p.id)).toEqual(expected.slice(2, 4).map((p) => p.id));
  });

  it("answers the vendor's product, and 404 for another vendor's", async () => {
    const linen = await vendorBySlug('linen-loom');
    const [own] = await vendorProducts(linen.id);
    const product = await getOk(
      t,
      `/de${BASE}/${slugWithId(linen.slug, linen.id)}/products/${slugWithId(own!.slug, own!.id)}/`,
      productSchema,
    );
    expect(product).toMatchObject({ id: own!.id, vendor: { id: linen.id } });
    // The same answer as the product's own endpoint.
    const plain = await getOk(t, `/de/api/products/products/${own!.id}/`, productSchema);
    expect(product).toEqual(plain);

    const [other] = await t.handle.db
      .select()
      .from(s.products)
      .where(and(ne(s.products.vendorId, linen.id), eq(s.products.active, true)))
      .limit(1);
    await getOk(t, `/en/api/products/products/${other!.id}/`, productSchema);
    await expectDetail(`/en${BASE}/${linen.id}/products/${other!.id}/`, ITEM_NOT_FOUND);
    await expectDetail(`/en${BASE}/${linen.id}/products/${other!.id}/children/`, ITEM_NOT_FOUND);
  });

  it('answers the variations of a product as content items', async () => {
    const [variation] = await t.handle.db
      .select()
      .from(s.products)
      .where(and(isNotNull(s.products.parentId), eq(s.products.active, true)))
      .limit(1);
    expect(variation).toBeDefined();
    const [parent] = await t.handle.db
      .select()
      .from(s.products)
      .where(eq(s.products.id, variation!.parentId!));
    const expected = await t.handle.db
      .select()
      .from(s.products)
      .where(and(eq(s.products.parentId, parent!.id), eq(s.products.active, true)))
      .orderBy(asc(s.products.sorting), asc(s.products.id));
    const children = await getOk(
      t,
      `/en${BASE}/${parent!.vendorId}/products/${slugWithId(parent!.slug, parent!.id)}/children/`,
      vendorItemChildrenSchema,
    );
    expect(children.map((c) => c.id)).toEqual(expected.map((p) => p.id));
    for (const child of children) {
      const row = expected.find((p) => p.id === child.id)!;
      expect(child.ref).toBe('product');
      expect(child.slugUri).toBe(`/products/${slugWithId(row.slug, row.id)}/`);
      expect(child.title.length).toBeGreaterThan(0);
      expect(child.meta.title).toBe(child.title);
    }

    // A product without variations has no children.
    const parents = await t.handle.db
      .select({ id: s.products.parentId })
      .from(s.products)
      .where(isNotNull(s.products.parentId));
    const withVariations = new Set(parents.map((r) => r.id));
    const single = (await vendorProducts(parent!.vendorId)).find((p) => !withVariations.has(p.id));
    expect(single).toBeDefined();
    const none = await getOk(
      t,
      `/en${BASE}/${parent!.vendorId}/products/${single!.id}/children/`,
      vendorItemChildrenSchema,
    );
    expect(none).toEqual([]);
  });
});

describe('vendor blogs and pages', () => {
  it("lists the vendor's published posts and answers one of them", async () => {
    const linen = await vendorBySlug('linen-loom');
    const expected = await t.handle.db
      .select()
      .from(s.blogs)
      .where(and(eq(s.blogs.vendorId, linen.id), eq(s.blogs.active, true)))
      .orderBy(desc(s.blogs.publishedAt), desc(s.blogs.id));
    expect(expected.length).toBeGreaterThan(0);
    const list = await getOk(t, `/en${BASE}/${linen.id}/blogs/`, blogPage);
    expect(list.count).toBe(expected.length);
    expect(list.results.map((b) => b.id)).toEqual(expected.map((b) => b.id));
    expect(list.results.every((b) => b.vendor === linen.id)).toBe(true);

    const post = expected[0]!;
    const one = await getOk(
      t,
      `/de${BASE}/${slugWithId(linen.slug, linen.id)}/blogs/${slugWithId(post.slug, post.id)}/`,
      blogSchema.strict(),
    );
    expect(one).toEqual(await getOk(t, `/de/api/content/blogs/${post.id}/`, blogSchema));
    const children = await getOk(
      t,
      `/en${BASE}/${linen.id}/blogs/${post.id}/children/`,
      vendorItemChildrenSchema,
    );
    expect(children).toEqual([]);

    const [foreign] = await t.handle.db
      .select()
      .from(s.blogs)
      .where(ne(s.blogs.vendorId, linen.id))
      .limit(1);
    await expectDetail(`/en${BASE}/${linen.id}/blogs/${foreign!.id}/`, ITEM_NOT_FOUND);
  });

  it("lists the vendor's pages and finds one by slug, slug-with-id or id", async () => {
    const linen = await vendorBySlug('linen-loom');
    const vendorSlug = slugWithId(linen.slug, linen.id);
    const expected = await t.handle.db
      .select()
      .from(s.pages)
      .where(and(eq(s.pages.vendorId, linen.id), eq(s.pages.active, true)))
      .orderBy(asc(s.pages.id));
    const story = expected.find((p) => p.slug === 'our-story')!;
    expect(story).toBeDefined();

    const list = await getOk(t, `/en${BASE}/${vendorSlug}/pages/`, pagePage);
    expect(list.count).toBe(expected.length);
    expect(list.results.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    const card = list.results.find((p) => p.id === story.id)!;
    expect(card).toMatchObject({ ref: 'page', slug: 'our-story', vendor: linen.id });
    expect(card.slugUri).toBe(`/vendors/${vendorSlug}/pages/our-story/`);

    const en = await getOk(t, `/en${BASE}/${vendorSlug}/pages/our-story/`, pageSchema.strict());
    expect(en).toMatchObject({ id: story.id, title: 'Our story', slugUri: card.slugUri });
    expect(en.content.length).toBeGreaterThan(0);
    const de = await getOk(t, `/de${BASE}/${linen.id}/pages/${story.id}/`, pageSchema);
    expect(de).toMatchObject({ id: story.id, title: 'Unsere Geschichte' });
    const withId = await getOk(
      t,
      `/en${BASE}/${linen.id}/pages/our-story-${story.id}/`,
      pageSchema,
    );
    expect(withId.id).toBe(story.id);
    const children = await getOk(
      t,
      `/en${BASE}/${linen.id}/pages/our-story/children/`,
      vendorItemChildrenSchema,
    );
    expect(children).toEqual([]);

    // Neither the shop's own pages nor another vendor's are the vendor's.
    const [shopPage] = await t.handle.db
      .select()
      .from(s.pages)
      .where(isNull(s.pages.vendorId))
      .limit(1);
    await expectDetail(`/en${BASE}/${linen.id}/pages/${shopPage!.id}/`, ITEM_NOT_FOUND);
    await expectDetail(`/en${BASE}/${linen.id}/pages/${shopPage!.slug}/`, ITEM_NOT_FOUND);
    const clay = await vendorBySlug('clay-and-kiln');
    await expectDetail(`/en${BASE}/${clay.id}/pages/our-story/`, ITEM_NOT_FOUND);
    await expectFieldError(t, `/en${BASE}/${linen.id}/pages/Not%20A%20Slug/`, 'itemId');
  });
});

describe('vendor children (spec section 3)', () => {
  it('lists the active sub-vendors of a vendor that groups others, and an empty list otherwise', async () => {
    const [parent, child, hidden] = await vendorRows();
    if (!parent || !child || !hidden) throw new Error('the demo shop needs three vendors');
    const db = t.handle.db;
    const setParent = (id: number, parentId: number | null) =>
      db.update(s.vendors).set({ parentId }).where(eq(s.vendors.id, id));
    try {
      await setParent(child.id, parent.id);
      await setParent(hidden.id, parent.id);
      await db.update(s.vendors).set({ active: false }).where(eq(s.vendors.id, hidden.id));

      const one = await getOk(t, `/de${BASE}/${parent.id}/`, vendorSchema.strict());
      expect(one.children).toEqual([
        expect.objectContaining({
          ref: 'vendor',
          id: child.id,
          title: child.de,
          slugUri: `/vendors/${slugWithId(child.slug, child.id)}/`,
        }),
      ]);
      const list = await getOk(t, `/en${BASE}/?size=50`, vendorPage);
      expect(list.results.find((v) => v.id === parent.id)?.children.map((c) => c.id)).toEqual([
        child.id,
      ]);
      const leaf = await getOk(t, `/en${BASE}/${child.id}/`, vendorSchema.strict());
      expect(leaf.children).toEqual([]);
    } finally {
      await setParent(child.id, null);
      await setParent(hidden.id, null);
      await db.update(s.vendors).set({ active: true }).where(eq(s.vendors.id, hidden.id));
    }
  });
});
