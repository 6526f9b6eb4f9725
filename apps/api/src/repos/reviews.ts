import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Locale, Review } from '@shop/contract';
import { slugWithId } from '@shop/domain';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { translated } from '#api/db/translations.ts';
import { shownProductIds } from './wishlist.ts';

/*
 * Shop reviews and product reviews. Both are one per author (the tables' unique keys): a second
 * review by the same user edits the first. Every write is scoped to its author, so another user's
 * review is simply not found. Text is stored exactly as written; escaping is the page's job.
 */

export type ReviewSorting = 'creation_date' | '-creation_date' | 'rating' | '-rating';

type Paging = { sorting: ReviewSorting; page: number; pageSize: number };
type Page = { count: number; results: Review[] };

/** Shown as 'Anna B.': a first name and an initial, never an email. */
const authorName = (first: string, last: string) =>
  [first, last ? `${last[0]}.` : ''].filter(Boolean).join(' ') || '—';

type Table = typeof s.productReviews | typeof s.organizationReviews;

function orderOf(r: Table, sorting: ReviewSorting) {
  return {
    creation_date: [asc(r.createdAt), asc(r.id)],
    '-creation_date': [desc(r.createdAt), desc(r.id)],
    rating: [asc(r.rating), asc(r.id)],
    '-rating': [desc(r.rating), desc(r.id)],
  }[sorting];
}

/**
 * A list everyone reads leaves out what staff hid; the author's own list and the answer to their
 * own write still show their review (decision 0053).
 */
const shownToAll = (options: { userId?: number; id?: number }) =>
  options.userId === undefined && options.id === undefined;

/** Either table's reviews: one author's, or one review; a list for everyone without the hidden. */
function ownerConditions(r: Table, options: { userId?: number; id?: number }) {
  const conditions: (SQL | undefined)[] = [];
  if (options.userId !== undefined) conditions.push(eq(r.userId, options.userId));
  if (options.id !== undefined) conditions.push(eq(r.id, options.id));
  if (shownToAll(options)) conditions.push(isNull(r.hiddenAt));
  return conditions;
}

const offsetOf = (p: Paging) => (p.page - 1) * p.pageSize;

type ReviewFields = {
  id: number;
  rating: number;
  text: string;
  locale: Locale;
  createdAt: Date;
};

const toReview = (review: ReviewFields, firstName: string, lastName: string): Review => ({
  id: review.id,
  rating: review.rating,
  text: review.text,
  author: authorName(firstName, lastName),
  creationDate: review.createdAt.toISOString(),
  language: review.locale,
});

/* ---------------------------------------------------------------- product reviews */

/** One page of product reviews (all products, one product, or one user's), in the requested order. */
export async function productReviews(
  db: Database,
  locale: Locale,
  options: Paging & { productId?: number | undefined; userId?: number; id?: number },
): Promise<Page> {
  const r = s.productReviews;
  const where = and(
    options.productId === undefined ? undefined : eq(r.productId, options.productId),
    ...ownerConditions(r, options),
  );
  const pt = translated(s.productTranslations, locale, 'pt');
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(r).where(where),
    db
      .select({
        review: r,
        firstName: s.users.firstName,
        lastName: s.users.lastName,
        slug: s.products.slug,
        title: pt.text('title'),
      })
      .from(r)
      .innerJoin(s.users, eq(s.users.id, r.userId))
      .innerJoin(s.products, eq(s.products.id, r.productId))
      .leftJoin(pt.local, pt.onLocal(s.products.id))
      .leftJoin(pt.fallback, pt.onFallback(s.products.id))
      .where(where)
      .orderBy(...orderOf(r, options.sorting))
      .limit(options.pageSize)
      .offset(offsetOf(options)),
  ]);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ review, firstName, lastName, slug, title }) => ({
      ...toReview(review, firstName, lastName),
      product: review.productId,
      productTitle: title,
      productSlugUri: `/products/${slugWithId(slug, review.productId)}/`,
    })),
  };
}

const ONE: Paging = { sorting: 'creation_date', page: 1, pageSize: 1 };

/** One product review as answered, or null. */
export async function productReview(
  db: Database,
  locale: Locale,
  id: number,
): Promise<Review | null> {
  return (await productReviews(db, locale, { ...ONE, id })).results[0] ?? null;
}

/** `(xmax = 0)` is true for a row this statement inserted, false for one it updated. */
const inserted = sql<boolean>`(xmax = 0)`;

/** What a second review by the same author changes in the first: all it says, dated now. */
const edit = (input: { rating: number; text: string; locale: Locale }) => ({
  rating: input.rating,
  text: input.text,
  locale: input.locale,
  createdAt: sql`now()`,
});

/** Deletes the author's review from either table; false when they have none with this id. */
async function deleteOwnReview(db: Database, r: Table, userId: number, id: number) {
  const rows = await db
    .delete(r)
    .where(and(eq(r.id, id), eq(r.userId, userId)))
    .returning({ id: r.id });
  return rows.length > 0;
}

/**
 * Writes the user's review of the product: a new one, or an edit of the one they wrote before
 * (rating, text, language, and the date moves to now). Null when the shop does not show the
 * product. One statement, so two posts at once still leave one review.
 */
export async function saveProductReview(
  db: Database,
  input: { userId: number; productId: number; rating: number; text: string; locale: Locale },
): Promise<{ id: number; created: boolean } | null> {
  const [shown] = await db
    .select({ id: s.products.id })
    .from(s.products)
    .where(and(eq(s.products.id, input.productId), inArray(s.products.id, shownProductIds(db))));
  if (!shown) return null;
  const r = s.productReviews;
  const [row] = await db
    .insert(r)
    .values(input)
    .onConflictDoUpdate({
      target: [r.productId, r.userId],
      set: edit(input),
    })
    .returning({ id: r.id, created: inserted });
  if (!row) throw new Error(`review of product ${input.productId} neither inserted nor updated`);
  return row;
}

/** Deletes the user's product review; false when they have none with this id. */
export async function deleteProductReview(
  db: Database,
  userId: number,
  id: number,
): Promise<boolean> {
  return deleteOwnReview(db, s.productReviews, userId, id);
}

/* ---------------------------------------------------------------- shop reviews */

/** One page of shop reviews (everyone's or one user's), in the requested order. */
export async function shopReviews(
  db: Database,
  options: Paging & { userId?: number; id?: number },
): Promise<Page> {
  const r = s.organizationReviews;
  const where = and(...ownerConditions(r, options));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(r).where(where),
    db
      .select({ review: r, firstName: s.users.firstName, lastName: s.users.lastName })
      .from(r)
      .innerJoin(s.users, eq(s.users.id, r.userId))
      .where(where)
      .orderBy(...orderOf(r, options.sorting))
      .limit(options.pageSize)
      .offset(offsetOf(options)),
  ]);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ review, firstName, lastName }) => toReview(review, firstName, lastName)),
  };
}

/** One shop review as answered, or null. */
export async function shopReview(db: Database, id: number): Promise<Review | null> {
  return (await shopReviews(db, { ...ONE, id })).results[0] ?? null;
}

/** Writes the user's one shop review: new, or an edit of theirs (see saveProductReview). */
export async function saveShopReview(
  db: Database,
  input: { userId: number; rating: number; text: string; locale: Locale },
): Promise<{ id: number; created: boolean }> {
  const r = s.organizationReviews;
  const [row] = await db
    .insert(r)
    .values(input)
    .onConflictDoUpdate({
      target: [r.userId],
      set: edit(input),
    })
    .returning({ id: r.id, created: inserted });
  if (!row) throw new Error('shop review neither inserted nor updated');
  return row;
}

/** Deletes the user's shop review; false when they have none with this id. */
export async function deleteShopReview(db: Database, userId: number, id: number): Promise<boolean> {
  return deleteOwnReview(db, s.organizationReviews, userId, id);
}
