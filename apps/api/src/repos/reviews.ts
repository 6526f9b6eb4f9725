import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Review } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';

export type ReviewSorting = 'creation_date' | '-creation_date' | 'rating' | '-rating';

/** Shown as 'Anna B.': a first name and an initial, never an email. */
const authorName = (first: string, last: string) =>
  [first, last ? `${last[0]}.` : ''].filter(Boolean).join(' ') || '—';

/** One page of product reviews (all products, or `productId`), in the requested order. */
export async function productReviews(
  db: Database,
  options: {
    productId?: number | undefined;
    userId?: number;
    sorting: ReviewSorting;
    page: number;
    pageSize: number;
  },
): Promise<{ count: number; results: Review[] }> {
  const r = s.productReviews;
  const conditions: (SQL | undefined)[] = [];
  if (options.productId !== undefined) conditions.push(eq(r.productId, options.productId));
  if (options.userId !== undefined) conditions.push(eq(r.userId, options.userId));
  const where = and(...conditions);
  const order = {
    creation_date: [asc(r.createdAt), asc(r.id)],
    '-creation_date': [desc(r.createdAt), desc(r.id)],
    rating: [asc(r.rating), asc(r.id)],
    '-rating': [desc(r.rating), desc(r.id)],
  }[options.sorting];
  const [total] = await db.select({ n: count() }).from(r).where(where);
  const rows = await db
    .select({ review: r, firstName: s.users.firstName, lastName: s.users.lastName })
    .from(r)
    .innerJoin(s.users, eq(s.users.id, r.userId))
    .where(where)
    .orderBy(...order)
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return {
    count: total?.n ?? 0,
    results: rows.map(({ review, firstName, lastName }) => ({
      id: review.id,
      rating: review.rating,
      text: review.text,
      author: authorName(firstName, lastName),
      creationDate: review.createdAt.toISOString(),
      product: review.productId,
    })),
  };
}
