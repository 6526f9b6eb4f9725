import { describe, expect, it } from 'vitest';
import { count, eq, isNotNull } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { seedDemoShop } from './seed.ts';
import { DEMO_PAGE_SLUGS } from '../../test/demo-shop.ts';

const t = useTestApp();

const rows = async (table: PgTable) =>
  (await t.handle.db.select({ n: count() }).from(table))[0]?.n ?? 0;

describe('demo shop seed', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const tables = [
      s.organizations,
      s.products,
      s.productTranslations,
      s.users,
      s.images,
      s.menus,
      s.discounts,
    ];
    const before = await Promise.all(tables.map(rows));
    expect(await seedDemoShop(t.handle.db)).toEqual({ seeded: false });
    expect(await Promise.all(tables.map(rows))).toEqual(before);
  });

  it('has the catalogue the issue asks for', async () => {
    const db = t.handle.db;
    const [vendors] = await db.select({ n: count() }).from(s.vendors);
    expect(vendors?.n).toBeGreaterThanOrEqual(3);
    const parents = await db
      .select({ id: s.products.id })
      .from(s.products)
      .where(eq(s.products.active, true));
    expect(parents.length).toBeGreaterThanOrEqual(60);
    expect(await rows(s.attributes)).toBeGreaterThanOrEqual(6);
    expect(await rows(s.bundles)).toBe(5);
    expect(await rows(s.blogs)).toBe(6);
    const variations = await db
      .select({ n: count() })
      .from(s.products)
      .where(isNotNull(s.products.parentId));
    expect(variations[0]?.n).toBeGreaterThan(0);
    const pages = (await db.select({ slug: s.pages.slug }).from(s.pages)).map((p) => p.slug);
    expect(pages).toEqual(expect.arrayContaining(DEMO_PAGE_SLUGS));
    const userDiscounts = await db
      .select({ n: count() })
      .from(s.discounts)
      .where(isNotNull(s.discounts.userId));
    expect(userDiscounts[0]?.n).toBeGreaterThan(0);
    const timeLimited = await db
      .select({ n: count() })
      .from(s.discounts)
      .where(isNotNull(s.discounts.endsAt));
    expect(timeLimited[0]?.n).toBeGreaterThan(0);
    const promo = await db.select().from(s.promoCodes);
    expect(promo.some((p) => p.discountType === 'percent' && p.fromPrice === null)).toBe(true);
    expect(promo.some((p) => p.discountType === 'fixed' && p.fromPrice !== null)).toBe(true);
    const users = await db.select({ email: s.users.email, isStaff: s.users.isStaff }).from(s.users);
    expect(users).toEqual(
      expect.arrayContaining([
        { email: 'shopper@example.com', isStaff: false },
        { email: 'staff@example.com', isStaff: true },
      ]),
    );
  });

  it('gives every product and bundle a gallery of several pictures, first the front view', async () => {
    const db = t.handle.db;
    const images = await db
      .select({
        productId: s.images.productId,
        bundleId: s.images.bundleId,
        path: s.images.path,
        sorting: s.images.sorting,
      })
      .from(s.images)
      .where(eq(s.images.imageType, 'page_gallery'));
    const products = await db.select({ id: s.products.id, slug: s.products.slug }).from(s.products);
    const bundles = await db.select({ id: s.bundles.id }).from(s.bundles);
    for (const p of products) {
      const gallery = images
        .filter((i) => i.productId === p.id)
        .sort((a, b) => a.sorting - b.sorting)
        .map((i) => i.path);
      expect(gallery, p.slug).toHaveLength(3);
      expect(new Set(gallery).size).toBe(3);
      expect(gallery[0], p.slug).toMatch(/-front\.webp$/);
    }
    for (const b of bundles) {
      expect(images.filter((i) => i.bundleId === b.id).length).toBeGreaterThanOrEqual(2);
    }
    // A variation in another colour shows that colour, the others share their parent's pictures.
    const galleryOf = (slug: string) => {
      const id = products.find((p) => p.slug === slug)?.id;
      return images.filter((i) => i.productId === id).map((i) => i.path);
    };
    expect(galleryOf('stonewashed-linen-duvet-cover-sage-green')[0]).toBe(
      'products/stonewashed-linen-duvet-cover-sage-green-front.webp',
    );
    expect(galleryOf('relaxed-linen-shirt-l')).toEqual(galleryOf('relaxed-linen-shirt'));
  });

  it('writes every translatable text in all four languages', async () => {
    const counts = await t.handle.db
      .select({ locale: s.productTranslations.locale, n: count() })
      .from(s.productTranslations)
      .groupBy(s.productTranslations.locale);
    const n = new Set(counts.map((c) => c.n));
    expect(counts).toHaveLength(4);
    expect(n.size).toBe(1);
  });
});
