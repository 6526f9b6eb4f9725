import { and, asc, eq, sql } from 'drizzle-orm';
import type { Locale, StaffPictures } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import type { CheckedPicture } from '#api/lib/pictures.ts';
import { inTransaction } from '#api/lib/transactions.ts';
import { mediaUrl } from './images.ts';
import { storeMediaFile } from './media-files.ts';
import { logStaffAction } from './staff-log.ts';

/*
 * A product's pictures in the back office (issue 24). Each change locks the product row (so two
 * staff members' changes to one product's pictures queue), writes, records itself in the staff
 * log and commits together. The `images` table moves the pages' change counts as it commits
 * (migration 0011): the product page and its cards show the change at once.
 */

const GALLERY = 'page_gallery' as const;

/** Where a product's uploads live under /media/: the product's own folder, the content's hash. */
const uploadFolder = (productId: number) => `uploads/products/${productId}/`;

type PictureRow = { id: number; path: string; width: number | null; height: number | null };

async function pictureRows(db: Database, productId: number): Promise<PictureRow[]> {
  return db
    .select({
      id: s.images.id,
      path: s.images.path,
      width: s.images.width,
      height: s.images.height,
    })
    .from(s.images)
    .where(and(eq(s.images.productId, productId), eq(s.images.imageType, GALLERY)))
    .orderBy(asc(s.images.sorting), asc(s.images.id));
}

/** The product's pictures as the staff page lists them; null when there is no such product. */
export async function listPictures(
  db: Database,
  locale: Locale,
  productId: number,
): Promise<StaffPictures | null> {
  const pt = translated(s.productTranslations, locale, 'pt');
  const [product] = await db
    .select({ id: s.products.id, slug: s.products.slug, title: pt.text('title') })
    .from(s.products)
    .leftJoin(pt.local, pt.onLocal(s.products.id))
    .leftJoin(pt.fallback, pt.onFallback(s.products.id))
    .where(eq(s.products.id, productId));
  if (!product) return null;
  const rows = await pictureRows(db, productId);
  return {
    product,
    pictures: rows.map((row) => ({
      id: row.id,
      image: mediaUrl(row.path),
      width: row.width,
      height: row.height,
    })),
  };
}

type Change = { productId: number; userId: number; now: Date };

/** Locks the product (false: there is none) so its pictures' order changes one at a time. */
async function lockProduct(tx: Database, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: s.products.id })
    .from(s.products)
    .where(eq(s.products.id, productId))
    .for('update');
  return row !== undefined;
}

async function logPictures(
  tx: Database,
  change: Change,
  action: string,
  before: PictureRow[],
  after: PictureRow[],
) {
  const list = (rows: PictureRow[]) => ({
    pictures: rows.map((r) => ({ id: r.id, path: r.path })),
  });
  await logStaffAction(tx, {
    userId: change.userId,
    subject: 'product',
    subjectId: change.productId,
    action,
    before: list(before),
    after: list(after),
    now: change.now,
  });
}

/** Stores the picture and puts it after the product's others; false when there is no product. */
export async function addPicture(
  db: Database,
  change: Change,
  picture: CheckedPicture,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await lockProduct(tx, change.productId))) return false;
    const before = await pictureRows(tx, change.productId);
    const path = `${uploadFolder(change.productId)}${picture.hash}.${picture.ext}`;
    await storeMediaFile(tx, {
      path,
      hash: picture.hash,
      mimeType: picture.mimeType,
      size: picture.bytes.length,
      width: picture.width,
      height: picture.height,
      data: picture.bytes,
    });
    const [last] = await tx
      .select({ sorting: sql<number>`coalesce(max(${s.images.sorting}), -1)` })
      .from(s.images)
      .where(and(eq(s.images.productId, change.productId), eq(s.images.imageType, GALLERY)));
    await tx.insert(s.images).values({
      path,
      imageType: GALLERY,
      productId: change.productId,
      width: picture.width,
      height: picture.height,
      sorting: Number(last?.sorting ?? -1) + 1,
    });
    await logPictures(tx, change, 'picture.add', before, await pictureRows(tx, change.productId));
    return true;
  });
}

/** Swaps the picture with its neighbour; at either end nothing changes. */
export async function movePicture(
  db: Database,
  change: Change,
  pictureId: number,
  direction: 'up' | 'down',
): Promise<'moved' | 'unchanged' | 'missing'> {
  return inTransaction(db, async (tx) => {
    if (!(await lockProduct(tx, change.productId))) return 'missing';
    const before = await pictureRows(tx, change.productId);
    const at = before.findIndex((row) => row.id === pictureId);
    if (at === -1) return 'missing';
    const to = direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= before.length) return 'unchanged';
    const after = [...before];
    [after[at], after[to]] = [after[to] as PictureRow, after[at] as PictureRow];
    // The whole order is written again as 0..n-1: equal or sparse numbers (the seed's, a
    // script's) become a plain sequence, so the next move is one swap.
    for (const [sorting, row] of after.entries()) {
      await tx.update(s.images).set({ sorting }).where(eq(s.images.id, row.id));
    }
    await logPictures(tx, change, 'picture.move', before, after);
    return 'moved';
  });
}

/**
 * Takes the picture off the product. Its original goes too when it was uploaded for this product
 * and no other of its pictures shows the same bytes; the seed's shared pictures stay.
 */
export async function removePicture(
  db: Database,
  change: Change,
  pictureId: number,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await lockProduct(tx, change.productId))) return false;
    const before = await pictureRows(tx, change.productId);
    const removed = before.find((row) => row.id === pictureId);
    if (!removed) return false;
    await tx.delete(s.images).where(eq(s.images.id, removed.id));
    const after = before.filter((row) => row.id !== removed.id);
    if (
      removed.path.startsWith(uploadFolder(change.productId)) &&
      !after.some((row) => row.path === removed.path)
    )
      await tx.delete(s.mediaFiles).where(eq(s.mediaFiles.path, removed.path));
    await logPictures(tx, change, 'picture.remove', before, after);
    return true;
  });
}
