import { beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { paginated, reviewSchema } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { expectCsrfRefused, useTestApp, type Write } from '../../test/helpers.ts';
import { browserOf, parentProducts, type Browser } from '../../test/shopper.ts';

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

/* ---------------------------------------------------------------- writing */

const PRODUCT_REVIEWS = '/en/api/products/reviews/';
const SHOP_REVIEWS = '/en/api/organizations/reviews/';
const XSS = `<script>alert("x")</script><img src=x onerror="alert(1)"> & "quotes" 'single'`;

describe('writing and deleting reviews', () => {
  let me: Browser;
  let other: Browser;
  let productId: number;
  beforeAll(async () => {
    me = browserOf(t);
    await me.logIn('shopper@example.com');
    other = browserOf(t);
    await other.logIn('anna.becker@example.com');
    // A product nobody reviewed in the seed.
    const reviewed = new Set(
      (await t.handle.db.select().from(s.productReviews)).map((r) => r.productId),
    );
    productId = (await parentProducts(t)).find((p) => !reviewed.has(p.id))!.id;
  });

  const myId = async () =>
    (
      await t.handle.db
        .select({ id: s.users.id })
        .from(s.users)
        .where(eq(s.users.email, 'shopper@example.com'))
    )[0]!.id;

  it.each([
    ['GET', `${PRODUCT_REVIEWS}my`, undefined],
    ['POST', PRODUCT_REVIEWS, { product: 1, rating: 5, text: 'x' }],
    ['DELETE', `${PRODUCT_REVIEWS}1/`, undefined],
    ['GET', `${SHOP_REVIEWS}my`, undefined],
    ['POST', SHOP_REVIEWS, { rating: 5, text: 'x' }],
    ['DELETE', `${SHOP_REVIEWS}1/`, undefined],
  ] as const)('answers %s %s with 401 when anonymous and stores nothing', async (m, url, body) => {
    const before = await t.handle.db.select().from(s.productReviews);
    const res = await browserOf(t).send(m, url, body);
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json()).toEqual({ detail: translatorFor('en')('auth.loginRequired') });
    expect(await t.handle.db.select().from(s.productReviews)).toEqual(before);
  });

  it('writes a product review (201), a second POST edits it (200), one row per user and product', async () => {
    const first = await me.send('POST', '/de/api/products/reviews/', {
      product: productId,
      rating: 2,
      text: 'Erster Eindruck',
    });
    expect(first.statusCode, first.body).toBe(201);
    const created = reviewSchema.parse(first.json());
    expect(created).toMatchObject({
      rating: 2,
      text: 'Erster Eindruck',
      product: productId,
      language: 'de',
      author: 'Alex S.',
    });
    const second = await me.send('POST', PRODUCT_REVIEWS, {
      product: productId,
      rating: 4,
      text: 'Second thoughts',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(reviewSchema.parse(second.json())).toMatchObject({
      id: created.id,
      rating: 4,
      text: 'Second thoughts',
      language: 'en',
    });
    const rows = await t.handle.db
      .select()
      .from(s.productReviews)
      .where(eq(s.productReviews.productId, productId));
    expect(rows.map((r) => [r.userId, r.rating, r.text])).toEqual([
      [await myId(), 4, 'Second thoughts'],
    ]);
    // Mine is listed under `my`, filtered by product, and among the product's reviews.
    const mine = page.parse(
      (await me.send('GET', `${PRODUCT_REVIEWS}my?product=${productId}`)).json(),
    );
    expect(mine.results.map((r) => r.id)).toEqual([created.id]);
    expect(mine.results[0]!.productTitle).not.toBe('');
    expect(mine.results[0]!.productSlugUri).toMatch(new RegExp(`-${productId}/$`));
    const others = page.parse(
      (await other.send('GET', `${PRODUCT_REVIEWS}my?product=${productId}`)).json(),
    );
    expect(others.count).toBe(0);
  });

  it("follows the reviews in the product's rating and review count (cards and detail)", async () => {
    const card = async () => {
      const res = await t.app.inject(`/en/api/products/products/${productId}/`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ rating: number | null; reviewsCount: number }>();
    };
    await me.send('POST', PRODUCT_REVIEWS, { product: productId, rating: 4, text: 'Fine' });
    await other.send('POST', PRODUCT_REVIEWS, { product: productId, rating: 1, text: 'Meh' });
    expect(await card()).toMatchObject({ rating: 2.5, reviewsCount: 2 });
    const detail = await t.app.inject(`/en/api/products/products/${productId}/detail_view/`);
    expect(detail.json()).toMatchObject({ rating: 2.5, reviewsCount: 2 });
    const [otherReview] = page.parse(
      (await other.send('GET', `${PRODUCT_REVIEWS}my?product=${productId}`)).json(),
    ).results;
    expect((await other.send('DELETE', `${PRODUCT_REVIEWS}${otherReview!.id}/`)).statusCode).toBe(
      204,
    );
    expect(await card()).toMatchObject({ rating: 4, reviewsCount: 1 });
    // The product list's card says the same (walk the pages until the product shows up).
    let inList: { rating: number | null; reviewsCount: number } | undefined;
    for (let n = 1; !inList; n++) {
      const res = await t.app.inject(`/en/api/products/products/?page_size=100&page=${n}`);
      const body = res.json<{
        next: string | null;
        results: { id: number; rating: number | null; reviewsCount: number }[];
      }>();
      inList = body.results.find((p) => p.id === productId);
      if (!inList && !body.next) break;
    }
    expect(inList).toMatchObject({ rating: 4, reviewsCount: 1 });
  });

  it("never deletes another user's review (404) and deletes one's own (204)", async () => {
    const [mine] = page.parse(
      (await me.send('GET', `${PRODUCT_REVIEWS}my?product=${productId}`)).json(),
    ).results;
    const before = await t.handle.db.select().from(s.productReviews);
    const stranger = await other.send('DELETE', `${PRODUCT_REVIEWS}${mine!.id}/`);
    expect(stranger.statusCode, stranger.body).toBe(404);
    expect(await t.handle.db.select().from(s.productReviews)).toEqual(before);
    // Nor through the shop reviews' path with a product review's id.
    const shopReviewsBefore = await t.handle.db.select().from(s.organizationReviews);
    const userId = await myId();
    const [annasShopReview] = shopReviewsBefore.filter((r) => r.userId !== userId);
    expect((await me.send('DELETE', `${SHOP_REVIEWS}${annasShopReview!.id}/`)).statusCode).toBe(
      404,
    );
    expect(await t.handle.db.select().from(s.organizationReviews)).toEqual(shopReviewsBefore);
    expect((await me.send('DELETE', `${PRODUCT_REVIEWS}${mine!.id}/`)).statusCode).toBe(204);
    expect((await me.send('DELETE', `${PRODUCT_REVIEWS}${mine!.id}/`)).statusCode).toBe(404);
  });

  it('refuses a product the shop does not show, and bad fields, with field errors in the caller language', async () => {
    const gone = await me.send('POST', '/de/api/products/reviews/', {
      product: 2147483647,
      rating: 5,
      text: 'x',
    });
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toEqual({ product: [translatorFor('de')('reviews.productUnavailable')] });
    const bad = await me.send('POST', PRODUCT_REVIEWS, {
      product: productId,
      rating: 6,
      text: '  ',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>()).sort()).toEqual(['rating', 'text']);
    const zero = await me.send('POST', SHOP_REVIEWS, { rating: 0, text: 'x'.repeat(2001) });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json<object>()).sort()).toEqual(['rating', 'text']);
  });

  it('stores XSS payloads verbatim and answers them as JSON text', async () => {
    const res = await me.send('POST', PRODUCT_REVIEWS, {
      product: productId,
      rating: 3,
      text: XSS,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(reviewSchema.parse(res.json()).text).toBe(XSS);
    const [row] = await t.handle.db
      .select({ text: s.productReviews.text })
      .from(s.productReviews)
      .where(eq(s.productReviews.id, reviewSchema.parse(res.json()).id));
    expect(row!.text).toBe(XSS);
  });

  it('keeps one shop review per user: 201, then 200 editing it; listed under my', async () => {
    await t.handle.db
      .delete(s.organizationReviews)
      .where(eq(s.organizationReviews.userId, await myId()));
    const first = await me.send('POST', '/ru/api/organizations/reviews/', {
      rating: 3,
      text: 'Неплохо',
    });
    expect(first.statusCode, first.body).toBe(201);
    const created = reviewSchema.parse(first.json());
    expect(created).toMatchObject({ rating: 3, language: 'ru', author: 'Alex S.' });
    expect(created.product).toBeUndefined();
    const second = await me.send('POST', SHOP_REVIEWS, { rating: 5, text: XSS });
    expect(second.statusCode, second.body).toBe(200);
    expect(reviewSchema.parse(second.json())).toMatchObject({
      id: created.id,
      rating: 5,
      text: XSS,
      language: 'en',
    });
    const rows = await t.handle.db
      .select()
      .from(s.organizationReviews)
      .where(eq(s.organizationReviews.userId, await myId()));
    expect(rows).toHaveLength(1);
    const mine = await me.send('GET', `${SHOP_REVIEWS}my`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(page.parse(mine.json()).results.map((r) => r.id)).toEqual([created.id]);
    expect((await other.send('DELETE', `${SHOP_REVIEWS}${created.id}/`)).statusCode).toBe(404);
    expect((await me.send('DELETE', `${SHOP_REVIEWS}${created.id}/`)).statusCode).toBe(204);
    expect(page.parse((await me.send('GET', `${SHOP_REVIEWS}my`)).json()).count).toBe(0);
  });

  it('refuses every write without the CSRF token (403) and changes nothing', async () => {
    const userId = await myId();
    const [mine] = (await t.handle.db.select().from(s.productReviews)).filter(
      (r) => r.userId === userId,
    );
    const product = await t.handle.db.select().from(s.productReviews);
    const shop = await t.handle.db.select().from(s.organizationReviews);
    const writes: Write[] = [
      ['POST', PRODUCT_REVIEWS, { product: productId, rating: 1, text: 'forged' }],
      ['DELETE', `${PRODUCT_REVIEWS}${mine!.id}/`, undefined],
      ['POST', SHOP_REVIEWS, { rating: 1, text: 'forged' }],
      ['DELETE', `${SHOP_REVIEWS}${shop[0]!.id}/`, undefined],
    ];
    await expectCsrfRefused(t.app, me.jar.header(), writes);
    expect(await t.handle.db.select().from(s.productReviews)).toEqual(product);
    expect(await t.handle.db.select().from(s.organizationReviews)).toEqual(shop);
  });
});

describe('shop reviews (reading) and paging bounds', () => {
  it('lists 6 a page, oldest first by default, in every sorting, with the language of each', async () => {
    const rows = await t.handle.db
      .select()
      .from(s.organizationReviews)
      .orderBy(asc(s.organizationReviews.createdAt), asc(s.organizationReviews.id));
    expect(rows.length).toBeGreaterThan(6);
    const first = await get(SHOP_REVIEWS);
    expect(first.count).toBe(rows.length);
    expect(first.results.map((r) => r.id)).toEqual(rows.slice(0, 6).map((r) => r.id));
    expect(first.results.map((r) => r.language)).toEqual(rows.slice(0, 6).map((r) => r.locale));
    expect(first.next).toContain('page=2');
    expect(first.previous).toBeNull();
    const last = await get(`${SHOP_REVIEWS}?page=2`);
    expect(last.results.map((r) => r.id)).toEqual(rows.slice(6, 12).map((r) => r.id));
    expect(last.next).toBeNull();
    for (const [sorting, key, dir] of [
      ['-creation_date', 'creationDate', -1],
      ['rating', 'rating', 1],
      ['-rating', 'rating', -1],
    ] as const) {
      const all = await get(`${SHOP_REVIEWS}?sorting=${sorting}&page_size=100`);
      const values = all.results.map((r) => r[key]);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -dir : a > b ? dir : 0)));
    }
  });

  it('answers an empty page past the last one, and 400 for page 0 or a page size over 100', async () => {
    const past = await get(`${SHOP_REVIEWS}?page=99`);
    expect(past.results).toEqual([]);
    expect(past.previous).toContain('page=');
    for (const query of ['page=0', 'page=-1', 'page=x', 'page_size=0', 'page_size=101']) {
      for (const base of [SHOP_REVIEWS, PRODUCT_REVIEWS]) {
        const res = await t.app.inject(`${base}?${query}`);
        expect(res.statusCode, `${base}?${query}`).toBe(400);
      }
    }
    const sorting = await t.app.inject(`${SHOP_REVIEWS}?sorting=date`);
    expect(sorting.statusCode).toBe(400);
    expect(Object.keys(sorting.json<object>())).toEqual(['sorting']);
  });
});
