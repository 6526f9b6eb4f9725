// Shared helpers of the catalogue API tests: requests, logins, and expectations computed from the
// database rows with the domain's pure rules (never hard-coded prices).
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsSchema, detailErrorSchema } from '@shop/contract';
import { priceProduct, type Discount, type ProductPricing } from '@shop/domain';
import * as s from '../src/db/schema.ts';
import { DEMO_PASSWORD } from '../src/seed/seed.ts';
import { cookieJar, type TestContext } from './helpers.ts';

export type Headers = Record<string, string>;

export const get = (t: TestContext, url: string, headers: Headers = {}) =>
  t.app.inject({ method: 'GET', url, headers });

/** GET that must answer 200 with a body the contract schema accepts. */
export async function getOk<S extends z.ZodType>(
  t: TestContext,
  url: string,
  schema: S,
  headers: Headers = {},
): Promise<z.output<S>> {
  const res = await get(t, url, headers);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return schema.parse(res.json());
}

/** GET that must answer 404 with `{detail}`. */
export async function expectNotFound(t: TestContext, url: string) {
  const res = await get(t, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
  expect(res.headers['content-type']).toContain('application/json');
  const body = detailErrorSchema.strict().parse(res.json());
  expect(body.detail.length).toBeGreaterThan(0);
}

/** GET that must answer 400 with field errors naming `field`. */
export async function expectFieldError(t: TestContext, url: string, field: string) {
  const res = await get(t, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  const body = fieldErrorsSchema.parse(res.json());
  expect(Object.keys(body), `${url}: ${res.body}`).toContain(field);
  expect(body[field]?.length).toBeGreaterThan(0);
}

/** Logs in through the CSRF flow; answers the Cookie header of the session. */
export async function login(t: TestContext, email: string, password = DEMO_PASSWORD) {
  const jar = cookieJar();
  const csrf = await get(t, '/en/api/accounts/login/');
  jar.store(csrf);
  const token = csrf.json<{ csrfToken: string }>().csrfToken;
  const res = await t.app.inject({
    method: 'POST',
    url: '/en/api/accounts/login/',
    payload: { email, password },
    headers: { cookie: jar.header(), 'x-csrftoken': token },
  });
  expect(res.statusCode, res.body).toBe(200);
  jar.store(res);
  return { cookie: jar.header() };
}

export async function userId(t: TestContext, email: string): Promise<number> {
  const [row] = await t.handle.db
    .select({ id: s.users.id })
    .from(s.users)
    .where(eq(s.users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Active parent products (what lists show), in the default order (own `sorting`, then id). */
export async function listedProducts(t: TestContext) {
  return t.handle.db
    .select()
    .from(s.products)
    .where(and(eq(s.products.active, true), isNull(s.products.parentId)))
    .orderBy(asc(s.products.sorting), asc(s.products.id));
}

type DiscountRow = typeof s.discounts.$inferSelect;
const toDomain = (d: DiscountRow): Discount => ({
  value: d.value,
  start: d.startsAt,
  end: d.endsAt,
  user: d.userId !== null,
});

/**
 * What the domain's `priceProduct` says each product or bundle costs for the given user (null:
 * anonymous), computed from the rows: price, profit, VAT, the item's discounts, the user's own.
 */
export async function expectedPrices(
  t: TestContext,
  kind: 'product' | 'bundle',
  ids: number[],
  user: number | null,
  now = new Date(),
): Promise<Map<number, ProductPricing>> {
  const db = t.handle.db;
  const result = new Map<number, ProductPricing>();
  if (ids.length === 0) return result;
  const base =
    kind === 'product'
      ? await db
          .select({
            id: s.products.id,
            price: s.products.price,
            profit: s.products.profit,
            vat: s.vats.percent,
          })
          .from(s.products)
          .innerJoin(s.vats, eq(s.vats.id, s.products.vatId))
          .where(inArray(s.products.id, ids))
      : await db
          .select({
            id: s.bundles.id,
            price: s.bundles.price,
            // Bundles carry no profit of their own.
            profit: sql<number>`0`.mapWith(Number),
            vat: s.vats.percent,
          })
          .from(s.bundles)
          .innerJoin(s.vats, eq(s.vats.id, s.bundles.vatId))
          .where(inArray(s.bundles.id, ids));
  const column = kind === 'product' ? s.discounts.productId : s.discounts.bundleId;
  const discounts = await db
    .select()
    .from(s.discounts)
    .where(
      or(
        inArray(column, ids),
        user === null
          ? undefined
          : and(
              eq(s.discounts.userId, user),
              isNull(s.discounts.productId),
              isNull(s.discounts.bundleId),
            ),
      ),
    );
  for (const row of base) {
    const own = discounts.filter(
      (d) => (kind === 'product' ? d.productId : d.bundleId) === row.id && d.userId === null,
    );
    const mine =
      user === null
        ? []
        : discounts.filter(
            (d) =>
              d.userId === user &&
              ((kind === 'product' ? d.productId : d.bundleId) === row.id ||
                (d.productId === null && d.bundleId === null)),
          );
    result.set(
      row.id,
      priceProduct({
        price: row.price,
        profit: row.profit,
        vatPercent: row.vat,
        discounts: own.map(toDomain),
        userDiscounts: mine.map(toDomain),
        now,
      }),
    );
  }
  return result;
}

/** The priced fields of a card, to compare with `expectedPrices`. */
export const pricesOf = (card: {
  price: number;
  discountPercent: number;
  discountPrice: number;
  priceWithoutProfit: number;
  totalVat: number;
}) => ({
  price: card.price,
  discountPercent: card.discountPercent,
  discountPrice: card.discountPrice,
  priceWithoutProfit: card.priceWithoutProfit,
  totalVat: card.totalVat,
});

export const pricesFrom = (p: ProductPricing) => ({
  price: p.price,
  discountPercent: p.discountPercent,
  discountPrice: p.discountPrice,
  priceWithoutProfit: p.priceWithoutProfit,
  totalVat: p.totalVat,
});

export const sortedNumbers = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
