import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  cartSchema,
  deliveriesSchema,
  orderSchema,
  paginated,
  paymentsSchema,
  type CheckoutBody,
} from '@shop/contract';
import { orderTotals, titleWithVariation } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, checkoutBody, stockedProduct, type Browser } from '../../test/shopper.ts';
import { payOnCardPage } from '../../test/payments.ts';

const t = useTestApp();
const ORDERS = '/en/api/sales/orders/';

/** A valid checkout body (test/shopper.ts checkoutBody). */
const body = (overrides: Partial<CheckoutBody> = {}) => checkoutBody(t.handle.db, overrides);

const place = (b: Browser, payload: unknown, key: string | null = randomUUID(), locale = 'en') =>
  b.send('POST', `/${locale}/api/sales/orders/`, payload, key ? { 'idempotency-key': key } : {});

async function stockOf(id: number) {
  const [row] = await t.handle.db
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, id));
  return row?.stock;
}

async function setStock(id: number, stock: number | null) {
  await t.handle.db.update(s.products).set({ stock }).where(eq(s.products.id, id));
}

describe('what a checkout offers', () => {
  it('lists the deliveries with prices; standard is free from €50, in every language', async () => {
    const en = deliveriesSchema.parse(
      (await t.app.inject('/en/api/deliveries/deliveries/')).json(),
    );
    expect(en.find((d) => d.title === 'Standard delivery')).toMatchObject({
      price: 4.9,
      freeFrom: 50,
    });
    const de = deliveriesSchema.parse(
      (await t.app.inject('/de/api/deliveries/deliveries/')).json(),
    );
    expect(de.map((d) => d.title)).toContain('Standardversand');
  });

  it('offers the payments a provider is configured for, and none while the cart is off', async () => {
    const on = paymentsSchema.parse((await t.app.inject('/en/api/payments/payments/')).json());
    expect(on.map((p) => p.kind)).toEqual(['cod', 'bank_transfer', 'test_card']);
    await t.handle.db.update(s.organizations).set({ cart: false });
    try {
      expect((await t.app.inject('/en/api/payments/payments/')).json()).toEqual([]);
    } finally {
      await t.handle.db.update(s.organizations).set({ cart: true });
    }
  });

  it('lists countries, their regions and their cities, translated', async () => {
    const countries = (await t.app.inject('/de/api/core/delivery_countries/')).json<
      { id: number; code: string; title: string }[]
    >();
    const germany = countries.find((c) => c.code === 'DE')!;
    expect(germany.title).toBe('Deutschland');
    const regions = (
      await t.app.inject(`/de/api/core/delivery_regions/?country=${germany.id}`)
    ).json<{ id: number; title: string; country: number }[]>();
    expect(regions.every((r) => r.country === germany.id)).toBe(true);
    const [nrw] = await t.handle.db.select().from(s.regions).where(eq(s.regions.key, 'de-nw'));
    const cities = (await t.app.inject(`/de/api/core/delivery_cities/?region=${nrw!.id}`)).json<
      { title: string }[]
    >();
    expect(cities.map((c) => c.title)).toContain('Köln');
    expect((await t.app.inject('/en/api/core/delivery_regions/?country=abc')).statusCode).toBe(400);
  });
});

describe('placing an order', () => {
  it('is refused without the CSRF header, and without an Idempotency-Key (in the caller’s language)', async () => {
    const noCsrf = await t.app.inject({ method: 'POST', url: ORDERS, payload: await body() });
    expect(noCsrf.statusCode).toBe(403);
    const b = browserOf(t);
    const res = await place(b, await body(), null, 'de');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ detail: string }>().detail).toContain('Idempotency-Key-Header');
  });

  it.each([
    ['POST', ORDERS],
    ['POST', `${ORDERS}repeat/`],
    ['POST', '/en/api/sales/cart_products/1/add/'],
    ['PATCH', '/en/api/sales/cart_products/1/'],
    ['DELETE', '/en/api/sales/cart_products/1/'],
    ['POST', '/en/api/sales/cart/promo_code/'],
    ['DELETE', '/en/api/sales/cart/promo_code/'],
  ] as const)('refuses %s %s without the CSRF token, changing nothing', async (method, url) => {
    const before = (await t.handle.db.select().from(s.orders)).length;
    const res = await t.app.inject({ method, url, payload: {} });
    expect(res.statusCode).toBe(403);
    expect((await t.handle.db.select().from(s.orders)).length).toBe(before);
  });

  it.each<[keyof CheckoutBody, unknown]>([
    ['email', 'not-an-email'],
    ['firstName', ''],
    ['lastName', 'x'.repeat(101)],
    ['phone', 'call me'],
    ['country', 'DE'],
    ['region', -1],
    ['city', 42],
    ['address', ''],
    ['postcode', 'x'.repeat(21)],
    ['delivery', null],
    ['payment', 'cash'],
    ['comment', 'x'.repeat(1001)],
    ['promoCode', 'x'.repeat(51)],
  ])('answers a field error for a bad %s (%j), and places nothing', async (field, value) => {
    const b = browserOf(t);
    b.ok(await b.set((await stockedProduct(t, 2)).id, 1));
    const res = await place(b, { ...(await body()), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<Record<string, unknown>>())).toEqual([field]);
    expect((await b.cart()).items).toHaveLength(1);
  });

  it('refuses an empty cart', async () => {
    const res = await place(browserOf(t), await body());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['Your cart is empty.'] });
  });

  it('answers field errors for every bad field, in the caller’s language, and changes nothing', async () => {
    const b = browserOf(t);
    const product = await stockedProduct(t, 2);
    b.ok(await b.set(product.id, 1));
    const bad = await place(b, { ...(await body()), email: 'nope', firstName: '', postcode: '' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Record<string, string[]>>()).sort()).toEqual([
      'email',
      'firstName',
      'postcode',
    ]);
    const unknown = await place(
      b,
      await body({ delivery: 99_999, payment: 99_999, country: 99_999 }),
      randomUUID(),
      'de',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      delivery: ['Bitte wählen Sie eine der angebotenen Versandarten.'],
      payment: ['Bitte wählen Sie eine der angebotenen Zahlungsarten.'],
      country: ['In dieses Land liefern wir nicht.'],
    });
    const [tyrol] = await t.handle.db.select().from(s.regions).where(eq(s.regions.key, 'at-tirol'));
    const mismatch = await place(b, await body({ region: tyrol!.id }));
    expect(mismatch.json()).toEqual({
      region: ['Please choose a region of the selected country.'],
    });
    expect((await b.cart()).items).toHaveLength(1);
    expect(await stockOf(product.id)).toBe(product.stock);
  });

  it('places the order in one go: server prices, stock taken, cart emptied, status and mail recorded', async () => {
    const b = browserOf(t);
    const product = await stockedProduct(t, 3);
    const cart = b.ok(await b.set(product.id, 2));
    const res = await place(b, await body());
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    const line = cart.items[0]!;
    const expected = orderTotals(
      [
        {
          price: line.unitPrice,
          discountPercent: line.discountPercent,
          vatPercent: (
            await t.handle.db
              .select({ percent: s.vats.percent })
              .from(s.vats)
              .where(eq(s.vats.id, product.vatId))
          )[0]!.percent,
          quantity: 2,
        },
      ],
      null,
      { price: 4.9, freeFrom: 50 },
    );
    expect(order.totals).toMatchObject({
      total: expected.total,
      grandTotal: expected.grandTotal,
      totalVat: expected.totalVat,
      delivery: expected.delivery,
      orderTotal: expected.orderTotal,
    });
    expect(order).toMatchObject({
      status: 'pending',
      email: 'buyer@example.com',
      paymentUrl: null,
    });
    expect(order.number).toMatch(/^\d{6}-\d{6}$/);
    expect(order.items).toEqual([
      // Sold as the variation it was: "Duvet cover (Colour: Natural)".
      expect.objectContaining({
        product: product.id,
        quantity: 2,
        title: titleWithVariation(line.item.title, line.variation),
      }),
    ]);
    expect(await stockOf(product.id)).toBe(product.stock! - 2);
    expect((await b.cart()).items).toEqual([]);
    const history = await t.handle.db
      .select()
      .from(s.orderStatusChanges)
      .where(eq(s.orderStatusChanges.orderId, order.id));
    expect(history.map((h) => h.status)).toEqual(['pending']);
    const mails = await readdir(join(t.mailDir, 'mail'));
    const texts = await Promise.all(mails.map((f) => readFile(join(t.mailDir, 'mail', f), 'utf8')));
    const mail = texts.find((text) => text.includes(order.number));
    expect(mail).toBeDefined();
    expect(mail).toContain('Marienplatz 1');
    expect(mail).toContain('Cash on delivery');
  });

  it('answers the same order for the same key, and never takes stock twice', async () => {
    const b = browserOf(t);
    const product = await stockedProduct(t, 3);
    b.ok(await b.set(product.id, 1));
    const key = randomUUID();
    const payload = await body();
    const [first, second] = await Promise.all([place(b, payload, key), place(b, payload, key)]);
    const third = await place(b, payload, key);
    const ids = [first, second, third].map((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return orderSchema.parse(r.json()).id;
    });
    expect(new Set(ids).size).toBe(1);
    expect(await stockOf(product.id)).toBe(product.stock! - 1);
    const stored = await t.handle.db
      .select()
      .from(s.orders)
      .where(and(eq(s.orders.idempotencyKey, key)));
    expect(stored).toHaveLength(1);
  });

  it('refuses more than the stock with the cart’s productQuantity shape, and changes nothing', async () => {
    const b = browserOf(t);
    const product = await stockedProduct(t, 4);
    b.ok(await b.set(product.id, 3));
    await setStock(product.id, 2);
    try {
      const res = await place(b, await body());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        productQuantity: 2,
        quantity: ['Only 2 left in stock.'],
        item: { id: product.id, ref: 'product' },
      });
      expect(await stockOf(product.id)).toBe(2);
      expect((await b.cart()).items.map((i) => i.quantity)).toEqual([3]);
    } finally {
      await setStock(product.id, product.stock);
    }
  });

  it('takes a promo code typed at checkout, and refuses an expired one at its field', async () => {
    const b = browserOf(t);
    const product = await stockedProduct(t, 2);
    b.ok(await b.set(product.id, 1));
    const expired = await place(b, await body({ promoCode: 'expired5' }), randomUUID(), 'de');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ promoCode: ['Dieser Gutscheincode ist abgelaufen.'] });
    const res = await place(b, await body({ promoCode: 'fiveoff' }));
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order.promoCode?.code).toBe('FIVEOFF');
    expect(order.totals.promoDiscount).toBe(Math.min(5, order.totals.discountPrice));
    const [stored] = await t.handle.db.select().from(s.orders).where(eq(s.orders.id, order.id));
    const [code] = await t.handle.db
      .select()
      .from(s.promoCodes)
      .where(eq(s.promoCodes.code, 'FIVEOFF'));
    // The code's use is recorded on the order.
    expect(stored?.promoCodeId).toBe(code?.id);
  });

  it('never oversells: 20 buyers of the last 5 at once make exactly 5 orders', async () => {
    const product = await stockedProduct(t, 5);
    const buyers = Array.from({ length: 20 }, () => browserOf(t));
    for (const b of buyers) b.ok(await b.set(product.id, 1));
    await setStock(product.id, 5);
    try {
      const payload = await body();
      const answers = await Promise.all(buyers.map((b) => place(b, payload)));
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((code) => code === 201)).toHaveLength(5);
      expect(statuses.filter((code) => code === 400)).toHaveLength(15);
      expect(await stockOf(product.id)).toBe(0);
    } finally {
      await setStock(product.id, product.stock);
    }
  });
});

describe('orders afterwards', () => {
  it('shows an order to its owner only; others get 404', async () => {
    const b = browserOf(t);
    b.ok(await b.set((await stockedProduct(t, 2)).id, 1));
    const order = orderSchema.parse((await place(b, await body())).json());
    expect((await b.send('GET', `${ORDERS}${order.id}/`)).statusCode).toBe(200);
    const stranger = browserOf(t);
    await stranger.cart();
    expect((await stranger.send('GET', `${ORDERS}${order.id}/`)).statusCode).toBe(404);
    const other = browserOf(t);
    await other.logIn('anna.becker@example.com');
    expect((await other.send('GET', `${ORDERS}${order.id}/`)).statusCode).toBe(404);
  });

  it('lists a user’s orders newest first and puts an order back into the cart', async () => {
    const b = browserOf(t);
    await b.logIn('anna.becker@example.com');
    const product = await stockedProduct(t, 4);
    b.ok(await b.set(product.id, 2));
    const first = orderSchema.parse((await place(b, await body())).json());
    b.ok(await b.set(product.id, 1));
    const second = orderSchema.parse((await place(b, await body())).json());
    const list = paginated(orderSchema).parse((await b.send('GET', ORDERS)).json());
    expect(list.results.slice(0, 2).map((o) => o.id)).toEqual([second.id, first.id]);
    expect((await browserOf(t).send('GET', ORDERS)).statusCode).toBe(401);

    const repeated = await b.send('POST', `${ORDERS}repeat/`, { order: first.id });
    expect(repeated.statusCode, repeated.body).toBe(200);
    const cart = cartSchema.parse(repeated.json());
    expect(cart.items.map((i) => [i.product, i.quantity])).toEqual([[product.id, 2]]);
    const stranger = browserOf(t);
    await stranger.logIn('staff@example.com');
    expect((await stranger.send('POST', `${ORDERS}repeat/`, { order: first.id })).statusCode).toBe(
      404,
    );
  });
});

describe('paying by test card', () => {
  async function cardOrder(b: Browser) {
    const [card] = await t.handle.db
      .select()
      .from(s.payments)
      .where(eq(s.payments.kind, 'test_card'));
    b.ok(await b.set((await stockedProduct(t, 2)).id, 1));
    const res = await place(b, await body({ payment: card!.id }));
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  }
  const statusOf = async (id: number) =>
    (await t.handle.db.select().from(s.orders).where(eq(s.orders.id, id)))[0]!.status;
  const pay = (url: string, form: Record<string, string>) => payOnCardPage(t.app, url, form);

  it('opens a hosted page for the order only, with a signed link', async () => {
    const order = await cardOrder(browserOf(t));
    expect(order.paymentUrl).toMatch(/^\/payments\/test-card\/\d+\/\?locale=en&token=/);
    const pageRes = await t.app.inject(order.paymentUrl!);
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/text\/html/);
    expect(pageRes.body).toContain('Card number');
    const forged = order.paymentUrl!.replace(/token=[^&]+/, 'token=forged');
    expect((await t.app.inject(forged)).statusCode).toBe(404);
  });

  it('a declined card goes to the cancel frame and leaves the order pending', async () => {
    const order = await cardOrder(browserOf(t));
    const res = await pay(order.paymentUrl!, { card: '4000 0000 0000 0002', action: 'pay' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/en/checkout/cancel_frame/?order=${order.id}&reason=declined`,
    );
    expect(await statusOf(order.id)).toBe('pending');
    const unknown = await pay(order.paymentUrl!, { card: '1234', action: 'pay' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This card number is not valid.');
  });

  it('the accepted card is confirmed server to server: the order is paid, its history says when', async () => {
    const b = browserOf(t);
    const order = await cardOrder(b);
    const res = await pay(order.paymentUrl!, { card: '4242 4242 4242 4242', action: 'pay' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/en/checkout/success_frame/?order=${order.id}`);
    expect(await statusOf(order.id)).toBe('paid');
    const history = await t.handle.db
      .select()
      .from(s.orderStatusChanges)
      .where(eq(s.orderStatusChanges.orderId, order.id));
    expect(history.map((h) => h.status)).toEqual(['pending', 'paid']);
    const seen = orderSchema.parse((await b.send('GET', `${ORDERS}${order.id}/`)).json());
    expect(seen).toMatchObject({ status: 'paid', paymentUrl: null });
    // Paying again changes nothing.
    await pay(order.paymentUrl!, { card: '4242424242424242', action: 'pay' });
    expect(
      (
        await t.handle.db
          .select()
          .from(s.orderStatusChanges)
          .where(eq(s.orderStatusChanges.orderId, order.id))
      ).length,
    ).toBe(2);
  });

  it('refuses a confirmation that is not signed, or not of the order’s amount', async () => {
    const order = await cardOrder(browserOf(t));
    const payload = JSON.stringify({
      order: order.id,
      status: 'paid',
      amount: order.totals.orderTotal,
    });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/payments/test-card/webhook',
      headers: { 'content-type': 'application/json', 'x-payment-signature': 'forged' },
      payload,
    });
    expect(unsigned.statusCode).toBe(401);
    const wrong = JSON.stringify({ order: order.id, status: 'paid', amount: 0.01 });
    const underpaid = await t.app.inject({
      method: 'POST',
      url: '/payments/test-card/webhook',
      headers: {
        'content-type': 'application/json',
        'x-payment-signature': t.app.payments.signer.sign(wrong),
      },
      payload: wrong,
    });
    expect(underpaid.statusCode).toBe(400);
    expect(await statusOf(order.id)).toBe('pending');
  });
});
