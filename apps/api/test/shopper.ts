import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { cartSchema, loginResponseSchema, type Cart, type CheckoutBody } from '@shop/contract';
import type { Database } from '#api/db/client.ts';
import * as s from '#api/db/schema.ts';
import { DEMO_PASSWORD } from '#api/seed/seed.ts';
import { cookieJar, type TestContext } from './helpers.ts';

const CART = '/en/api/sales/cart_products/';
const PROMO = '/en/api/sales/cart/promo_code/';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A browser: its cookie jar and CSRF token, as the storefront's server sends them. */
export function browserOf(t: TestContext) {
  const jar = cookieJar();
  async function send(
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) {
    if (method !== 'GET' && !jar.get('csrftoken')) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/en/api/accounts/login/',
        headers: { cookie: jar.header() },
      });
      jar.store(res);
    }
    // Read from the cookie at each write, as the shop's scripts do: it follows the session.
    const token = jar.get('csrftoken') ?? '';
    const res = await t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: {
        cookie: jar.header(),
        ...(method === 'GET' ? {} : { 'x-csrftoken': token }),
        ...headers,
      },
    });
    jar.store(res);
    return res;
  }
  const ok = (res: LightMyRequestResponse): Cart => {
    expect(res.statusCode, res.body).toBe(200);
    return cartSchema.parse(res.json());
  };
  return {
    jar,
    send,
    ok,
    cart: async () => ok(await send('GET', CART)),
    set: (id: number, quantity: unknown, ref?: 'product' | 'bundle') =>
      send('PATCH', `${CART}${id}/`, { quantity, ...(ref ? { ref } : {}) }),
    remove: (id: number, ref?: 'bundle') =>
      send('DELETE', `${CART}${id}/${ref ? `?ref=${ref}` : ''}`),
    promo: (code: string) => send('POST', PROMO, { code }),
    logIn: async (email: string) => {
      const res = await send('POST', '/en/api/accounts/login/', {
        email,
        password: DEMO_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      return loginResponseSchema.parse(res.json());
    },
  };
}
export type Browser = ReturnType<typeof browserOf>;

/** Active parent products (their prices are their own: no inherited discounts), by id. */
export async function parentProducts(t: TestContext) {
  return t.handle.db
    .select()
    .from(s.products)
    .where(and(eq(s.products.active, true), isNull(s.products.parentId)))
    .orderBy(s.products.id);
}

/** An active parent product with at least `min` tracked in stock, not among `except`. */
export async function stockedProduct(t: TestContext, min: number, except: number[] = []) {
  const row = (await parentProducts(t)).find(
    (p) => p.stock !== null && p.stock >= min && !except.includes(p.id),
  );
  if (!row) throw new Error(`no product with stock ${min}`);
  return row;
}

/** A valid checkout: Germany, Bavaria, München (typed), standard delivery, cash on delivery. */
export async function checkoutBody(
  db: Database,
  overrides: Partial<CheckoutBody> = {},
): Promise<CheckoutBody> {
  const [country] = await db.select().from(s.countries).where(eq(s.countries.code, 'DE'));
  const [region] = await db.select().from(s.regions).where(eq(s.regions.key, 'de-by'));
  const [delivery] = await db.select().from(s.deliveries).where(eq(s.deliveries.key, 'standard'));
  const [payment] = await db.select().from(s.payments).where(eq(s.payments.kind, 'cod'));
  return {
    email: 'buyer@example.com',
    firstName: 'Anna',
    lastName: 'Muster',
    phone: '+49 89 1234567',
    country: country!.id,
    region: region!.id,
    city: 'München',
    address: 'Marienplatz 1',
    postcode: '80331',
    delivery: delivery!.id,
    payment: payment!.id,
    ...overrides,
  };
}
