import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { paginated, reviewSchema } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

const page = paginated(reviewSchema);
const get = async (url: string) => {
  const res = await t.app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  return page.parse(res.json());
};

describe('product reviews (reading)', () => {
  it("lists one product's reviews, 6 a page, oldest first by default (spec: creation_date)", async () => {
    const [first] = await t.handle.db
      .select({ productId: s.productReviews.productId })
      .from(s.productReviews)
      .orderBy(asc(s.productReviews.id))
      .limit(1);
    const rows = await t.handle.db
      .select()
      .from(s.productReviews)
      .where(eq(s.productReviews.productId, first!.productId))
      .orderBy(asc(s.productReviews.createdAt), asc(s.productReviews.id));
    const answer = await get(`/en/api/products/reviews/?product=${first!.productId}`);
    expect(answer.count).toBe(rows.length);
    expect(answer.results.map((r) => r.id)).toEqual(rows.slice(0, 6).map((r) => r.id));
    expect(answer.results.every((r) => r.product === first!.productId)).toBe(true);
    // An author is a first name and an initial, never an email.
    expect(answer.results.every((r) => !r.author.includes('@'))).toBe(true);
  });

  it('sorts newest first and by rating, and pages with page_size', async () => {
    const newest = await get('/en/api/products/reviews/?sorting=-creation_date&page_size=3');
    const dates = newest.results.map((r) => r.creationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(newest.next).toContain('page=2');
    const best = await get('/en/api/products/reviews/?sorting=-rating');
    const ratings = best.results.map((r) => r.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  it('rejects bad parameters with field errors', async () => {
    const res = await t.app.inject('/en/api/products/reviews/?sorting=stars&page=0');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<object>()).sort()).toEqual(['page', 'sorting']);
  });

  it('answers an empty page for a product without reviews', async () => {
    expect((await get('/en/api/products/reviews/?product=2147483647')).count).toBe(0);
  });
});
