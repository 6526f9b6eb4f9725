import { asc, eq } from 'drizzle-orm';
import type { Locale, OrganizationInfo } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import { languages, organizations, organizationTranslations } from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { imagesBy } from './images.ts';
import { metaOf } from './meta.ts';

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
  const shopImages = (await imagesBy(db, 'organizationId', [row.org.id])).get(row.org.id) ?? [];
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
