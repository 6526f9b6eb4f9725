import { and, count, desc, eq, inArray, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale, WishlistItem } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import type { PricingContext } from './pricing.ts';
import { productCards } from './products.ts';

/*
 * The logged-in user's wishlist: one item per product (the table's unique key), every query scoped
 * to the owner, so another user's item is simply not found.
 */

export type WishlistRow = { id: number; productId: number; comment: string };

const w = s.wishlistItems;
const columns = { id: w.id, productId: w.productId, comment: w.comment };

/**
 * Ids of the products the shop shows: active, and a variation only while its parent is active (as
 * the product page and the cart decide). Items of other products stay stored but are not shown, so
 * they come back when the vendor sells the product again.
 */
export function shownProductIds(db: Database) {
  const parent = alias(s.products, 'parent');
  return db
    .select({ id: s.products.id })
    .from(s.products)
    .leftJoin(parent, eq(parent.id, s.products.parentId))
    .where(
      and(eq(s.products.active, true), or(isNull(s.products.parentId), eq(parent.active, true))),
    );
}

const shownOf = (db: Database, userId: number | Placeholder) =>
  and(eq(w.userId, userId), inArray(w.productId, shownProductIds(db)));

/** One page of the user's items, newest first. */
export async function listWishlist(
  db: Database,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ count: number; rows: WishlistRow[] }> {
  const where = shownOf(db, userId);
  const [total] = await db.select({ n: count() }).from(w).where(where);
  const rows = await db
    .select(columns)
    .from(w)
    .where(where)
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.n ?? 0, rows };
}

/** The user's item with this id, or null (someone else's, gone, or its product not shown). */
export async function findWishlistItem(
  db: Database,
  userId: number,
  id: number,
): Promise<WishlistRow | null> {
  const [row] = await db
    .select(columns)
    .from(w)
    .where(and(eq(w.id, id), shownOf(db, userId)));
  return row ?? null;
}

/** Whether the shop shows the product (see shownProductIds). */
async function isShown(db: Database, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: s.products.id })
    .from(s.products)
    .where(and(eq(s.products.id, productId), inArray(s.products.id, shownProductIds(db))));
  return row !== undefined;
}

/**
 * Saves the product for the user: `created` false when it was saved already (that item is
 * answered, nothing is added). Null when the shop does not show the product. Two requests at once
 * end with one item: the second insert meets the unique key and reads the first one's row.
 */
export async function addWishlistItem(
  db: Database,
  userId: number,
  productId: number,
): Promise<{ row: WishlistRow; created: boolean } | null> {
  if (!(await isShown(db, productId))) return null;
  // A removal in between (the user's other tab) leaves neither row: then insert again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [created] = await db
      .insert(w)
      .values({ userId, productId })
      .onConflictDoNothing({ target: [w.userId, w.productId] })
      .returning(columns);
    if (created) return { row: created, created: true };
    const [existing] = await db
      .select(columns)
      .from(w)
      .where(and(eq(w.userId, userId), eq(w.productId, productId)));
    if (existing) return { row: existing, created: false };
  }
  throw new Error(`wishlist item of product ${productId} neither inserted nor found`);
}

/** Sets the comment of the user's item; null when the user has no such (shown) item. */
export async function setWishlistComment(
  db: Database,
  userId: number,
  id: number,
  comment: string,
): Promise<WishlistRow | null> {
  const [row] = await db
    .update(w)
    .set({ comment })
    .where(and(eq(w.id, id), shownOf(db, userId)))
    .returning(columns);
  return row ?? null;
}

/**
 * Removes the user's item, whether or not its product is shown (nothing to protect there, and a
 * stale page may still hold it); false when the user has no item with this id.
 */
export async function removeWishlistItem(
  db: Database,
  userId: number,
  id: number,
): Promise<boolean> {
  const rows = await db
    .delete(w)
    .where(and(eq(w.id, id), eq(w.userId, userId)))
    .returning({ id: w.id });
  return rows.length > 0;
}

/** The items as answered: each with its product card priced for the caller, in the rows' order. */
export async function wishlistView(
  db: Database,
  locale: Locale,
  rows: readonly WishlistRow[],
  ctx: PricingContext,
): Promise<WishlistItem[]> {
  const cards = await productCards(
    db,
    locale,
    rows.map((r) => r.productId),
    ctx,
  );
  const byId = new Map(cards.map((card) => [card.id, card]));
  return rows.flatMap((row) => {
    const product = byId.get(row.productId);
    return product ? [{ id: row.id, product, comment: row.comment }] : [];
  });
}

/**
 * For the header (issue 25): the newest `max` items the wishlist shows, `{id, product}` (the
 * cards' hearts) and their `createdAt` (the order), unpriced, each row with `total`, the count of
 * all the rows before the limit. Read inside the badges' one statement (repos/badges.ts).
 */
export function wishlistBadgeQuery(
  db: Database,
  userId: number | Placeholder,
  max: number | Placeholder,
) {
  return db
    .select({
      id: w.id,
      product: w.productId,
      createdAt: w.createdAt,
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(w)
    .where(shownOf(db, userId))
    .orderBy(desc(w.createdAt), desc(w.id))
    .limit(max);
}
