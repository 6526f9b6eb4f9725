import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { ContentItem, Image, Locale, Vendor } from '@shop/contract';
import { slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { imagesBy } from './images.ts';
import { metaImage, metaOf } from './meta.ts';

/**
 * The contract's `icons` are the small marks of a vendor. The seed gives vendors a 'logo' (square
 * mark) and a 'banner', never an 'icon', so logos count as icons too: otherwise no vendor would
 * have one.
 */
const ICON_TYPES: ReadonlySet<Image['imageType']> = new Set(['icon', 'logo']);

type VendorTexts = ReturnType<typeof translated<typeof s.vendorTranslations>>;

/** The columns every vendor read selects: slug, and its texts in the locale (English fallback). */
const vendorTexts = (t: VendorTexts) => ({
  slug: s.vendors.slug,
  title: t.text('title'),
  description: t.text('description'),
  metaTitle: t.text('metaTitle'),
  metaDescription: t.text('metaDescription'),
  metaKeywords: t.text('metaKeywords'),
});

/** The active sub-vendors of each of `parents`, as content items, in list order (newest first). */
async function childrenOf(
  db: Database,
  locale: Locale,
  parents: number[],
): Promise<Map<number, ContentItem[]>> {
  const byParent = new Map<number, ContentItem[]>();
  if (parents.length === 0) return byParent;
  const t = translated(s.vendorTranslations, locale, 'ct');
  const rows = await db
    .select({
      id: s.vendors.id,
      parentId: s.vendors.parentId,
      ...vendorTexts(t),
    })
    .from(s.vendors)
    .leftJoin(t.local, t.onLocal(s.vendors.id))
    .leftJoin(t.fallback, t.onFallback(s.vendors.id))
    .where(and(eq(s.vendors.active, true), inArray(s.vendors.parentId, parents)))
    .orderBy(desc(s.vendors.createdAt), desc(s.vendors.id));
  const images = await imagesBy(
    db,
    'vendorId',
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    if (row.parentId === null) continue;
    const slug = slugWithId(row.slug, row.id);
    const childImages = images.get(row.id) ?? [];
    const list = byParent.get(row.parentId) ?? [];
    list.push({
      ref: 'vendor',
      id: row.id,
      slugUri: `/vendors/${slug}/`,
      meta: metaOf(row, metaImage(childImages)),
      title: row.title,
      description: row.description,
      images: childImages,
    });
    byParent.set(row.parentId, list);
  }
  return byParent;
}

/** Active vendors matching `where`, newest first (the spec's default sorting 'date'), paged. */
async function selectVendors(
  db: Database,
  locale: Locale,
  where: SQL | undefined,
  page: number,
  pageSize: number,
): Promise<{ count: number; results: Vendor[] }> {
  const t = translated(s.vendorTranslations, locale, 'vt');
  const condition = and(eq(s.vendors.active, true), where);
  const [total] = await db.select({ n: count() }).from(s.vendors).where(condition);
  const rows = await db
    .select({
      id: s.vendors.id,
      ...vendorTexts(t),
    })
    .from(s.vendors)
    .leftJoin(t.local, t.onLocal(s.vendors.id))
    .leftJoin(t.fallback, t.onFallback(s.vendors.id))
    .where(condition)
    .orderBy(desc(s.vendors.createdAt), desc(s.vendors.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const images = await imagesBy(
    db,
    'vendorId',
    rows.map((r) => r.id),
  );
  const children = await childrenOf(
    db,
    locale,
    rows.map((r) => r.id),
  );
  const results = rows.map((row): Vendor => {
    const slug = slugWithId(row.slug, row.id);
    const vendorImages = images.get(row.id) ?? [];
    return {
      id: row.id,
      ref: 'vendor',
      title: row.title,
      slug,
      slugUri: `/vendors/${slug}/`,
      description: row.description,
      images: vendorImages,
      icons: vendorImages.filter((i) => ICON_TYPES.has(i.imageType)),
      meta: metaOf(row, metaImage(vendorImages)),
      children: children.get(row.id) ?? [],
    };
  });
  return { count: total?.n ?? 0, results };
}

export function vendorList(db: Database, locale: Locale, page: number, pageSize: number) {
  return selectVendors(db, locale, undefined, page, pageSize);
}

/** One active vendor, or null. */
export async function findVendor(db: Database, locale: Locale, id: number): Promise<Vendor | null> {
  const { results } = await selectVendors(db, locale, eq(s.vendors.id, id), 1, 1);
  return results[0] ?? null;
}

/** Whether the vendor exists and is active: everything listed under a vendor needs that first. */
export async function isActiveVendor(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.vendors.id })
    .from(s.vendors)
    .where(and(eq(s.vendors.id, id), eq(s.vendors.active, true)));
  return row !== undefined;
}
