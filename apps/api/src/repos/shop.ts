import { and, asc, eq } from 'drizzle-orm';
import type { Image, Locale, MenuItem, Meta, OrganizationInfo, Widget } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import {
  images,
  languages,
  menus,
  menuTranslations,
  organizations,
  organizationTranslations,
  widgets,
  widgetTranslations,
} from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';

export const mediaUrl = (path: string) => `/media/${path}`;

/** Translated texts a meta block is made of (the translation helpers select these). */
export type MetaTexts = {
  title: string;
  description: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
};

/** Head tags of anything: its own meta texts, else its title and description. */
export function metaOf(row: MetaTexts, image: string | null): Meta {
  return {
    title: row.metaTitle || row.title,
    description: row.metaDescription || row.description,
    keywords: row.metaKeywords,
    image,
  };
}

type ImageRow = typeof images.$inferSelect;
export const toImage = (row: ImageRow): Image => ({
  id: row.id,
  image: mediaUrl(row.path),
  imageType: row.imageType,
  backgroundColor: row.backgroundColor,
});

/** The shop-wide info record (the first organization), or null when the shop is not set up. */
export async function findShopInfo(db: Database, locale: Locale): Promise<OrganizationInfo | null> {
  const t = translated(organizationTranslations, locale, 'ot');
  const [row] = await db
    .select({
      org: organizations,
      title: t.text('title'),
      description: t.text('description'),
      address: t.text('address'),
      metaTitle: t.text('metaTitle'),
      metaDescription: t.text('metaDescription'),
      metaKeywords: t.text('metaKeywords'),
    })
    .from(organizations)
    .leftJoin(t.local, t.onLocal(organizations.id))
    .leftJoin(t.fallback, t.onFallback(organizations.id))
    .orderBy(asc(organizations.id))
    .limit(1);
  if (!row) return null;
  const imageRows = await db
    .select()
    .from(images)
    .where(eq(images.organizationId, row.org.id))
    .orderBy(asc(images.sorting), asc(images.id));
  const shopImages = imageRows.map(toImage);
  const metaImage =
    shopImages.find((i) => i.imageType === 'banner') ??
    shopImages.find((i) => i.imageType === 'logo');
  return {
    id: row.org.id,
    visible: row.org.visible,
    active: row.org.active,
    cart: row.org.cart,
    title: row.title,
    description: row.description,
    email: row.org.email,
    phone: row.org.phone,
    address: row.address,
    currency: row.org.currency,
    images: shopImages,
    gTag: row.org.gTag,
    googleSearchConsoleCode: row.org.googleSearchConsoleCode,
    canonicalUrl: row.org.canonicalUrl,
    meta: metaOf(row, metaImage?.image ?? null),
  };
}

export async function listLanguages(db: Database) {
  return db
    .select({ code: languages.code, name: languages.name })
    .from(languages)
    .where(eq(languages.active, true))
    .orderBy(asc(languages.sorting), asc(languages.code));
}

/** All menus as trees of root items, children in their sorting order. */
export async function listMenus(db: Database, locale: Locale): Promise<MenuItem[]> {
  const t = translated(menuTranslations, locale, 'mt');
  const rows = await db
    .select({
      id: menus.id,
      parentId: menus.parentId,
      url: menus.url,
      location: menus.location,
      title: t.text('title'),
    })
    .from(menus)
    .leftJoin(t.local, t.onLocal(menus.id))
    .leftJoin(t.fallback, t.onFallback(menus.id))
    .orderBy(asc(menus.sorting), asc(menus.id));
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
  const t = translated(widgetTranslations, locale, 'wt');
  return db
    .select({
      id: widgets.id,
      name: widgets.name,
      location: widgets.location,
      title: t.text('title'),
      content: t.text('content'),
    })
    .from(widgets)
    .leftJoin(t.local, t.onLocal(widgets.id))
    .leftJoin(t.fallback, t.onFallback(widgets.id))
    .where(and(eq(widgets.active, true)))
    .orderBy(asc(widgets.sorting), asc(widgets.id));
}
