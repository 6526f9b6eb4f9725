// Helpers of the change-count tests (migration 0011, decision 0038): the two counts as the
// database has them, and the writes a shop makes (an order, a sign-up, a review) through the API.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CheckoutBody } from '@shop/contract';
import type { Database } from '../src/db/client.ts';
import * as s from '../src/db/schema.ts';
import type { Browser } from './shopper.ts';

/** Both rows of shop_data_versions: 1 follows shop-wide answers, 2 pages and cards. */
export async function counts(db: Database): Promise<{ shop: number; pages: number }> {
  const rows = await db
    .select({ id: s.shopDataVersions.id, version: s.shopDataVersions.version })
    .from(s.shopDataVersions)
    .orderBy(s.shopDataVersions.id);
  const of = (id: number) => Number(rows.find((r) => r.id === id)?.version);
  return { shop: of(1), pages: of(2) };
}

export { checkoutBody } from './shopper.ts';

/** Posts the browser's cart as an order, as the checkout page does. */
export const placeOrder = (b: Browser, body: CheckoutBody) =>
  b.send('POST', '/en/api/sales/orders/', body, { 'idempotency-key': randomUUID() });

/** The password signUp gives an account. */
export const SIGN_UP_PASSWORD = 'linen-and-clay-2026';

/** Registers a new account through the API (201). */
export async function signUp(b: Browser, email = `new-${randomUUID().slice(0, 8)}@example.com`) {
  const res = await b.send('POST', '/en/api/accounts/register/', {
    email,
    password: SIGN_UP_PASSWORD,
    firstName: 'Mira',
    lastName: 'Novak',
  });
  expect(res.statusCode, res.body).toBe(201);
  return email;
}

/** A product review by the browser's (logged-in) shopper (201 new, 200 edited). */
export async function review(b: Browser, product: number, text = 'Holds up well.') {
  const res = await b.send('POST', '/en/api/products/reviews/', { product, rating: 4, text });
  expect([200, 201], res.body).toContain(res.statusCode);
}

/** Sets `stock` of these products: a write no count follows. */
export async function setStock(db: Database, ids: number[], stock: number) {
  for (const id of ids) await db.update(s.products).set({ stock }).where(eq(s.products.id, id));
}

/** The stock of a product now. */
export async function stockOf(db: Database, id: number) {
  const [row] = await db
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, id));
  return row?.stock ?? null;
}
