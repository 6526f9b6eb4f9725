import { asc, inArray } from 'drizzle-orm';
import type { Image } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

export const mediaUrl = (path: string) => `/media/${path}`;

type ImageRow = typeof s.images.$inferSelect;
export const toImage = (row: ImageRow): Image => ({
  id: row.id,
  image: mediaUrl(row.path),
  imageType: row.imageType,
  backgroundColor: row.backgroundColor,
});

/** The columns an image can belong to (each is indexed). */
export type ImageOwner =
  'productId' | 'bundleId' | 'blogId' | 'pageId' | 'vendorId' | 'organizationId';

/**
 * Images of the given owners in their sorting order, grouped by owner id: one query for a whole
 * page of products, bundles, posts, pages or vendors, and the only image loader of the API.
 */
export async function imagesBy(
  db: Database,
  owner: ImageOwner,
  ids: readonly number[],
): Promise<Map<number, Image[]>> {
  const byOwner = new Map<number, Image[]>();
  if (ids.length === 0) return byOwner;
  const rows = await db
    .select()
    .from(s.images)
    .where(inArray(s.images[owner], [...ids]))
    .orderBy(asc(s.images.sorting), asc(s.images.id));
  for (const row of rows) {
    const id = row[owner];
    if (id === null) continue;
    const list = byOwner.get(id) ?? [];
    list.push(toImage(row));
    byOwner.set(id, list);
  }
  return byOwner;
}
