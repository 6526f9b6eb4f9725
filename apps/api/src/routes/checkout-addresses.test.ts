import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deliveriesSchema, orderSchema, type CheckoutBody, type Order } from '@shop/contract';
import { deliveryPrice } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, checkoutBody, parentProducts, type Browser } from '../../test/shopper.ts';

/* Issue 23, real addresses: a typed city, a postcode per country, pickup without an address,
 * one delivery price wherever it is shown, cash wording by delivery. */

const t = useTestApp();

const place = (b: Browser, payload: unknown, locale = 'en') =>
  b.send('POST', `/${locale}/api/sales/orders/`, payload, { 'idempotency-key': randomUUID() });

async function idOf<T extends { id: number }>(rows: Promise<T[]>, what: string): Promise<number> {
  const [row] = await rows;
  if (!row) throw new Error(`the demo shop has no ${what}`);
  return row.id;
}
const region = (key: string) =>
  idOf(t.handle.db.select().from(s.regions).where(eq(s.regions.key, key)), key);
const country = (code: string) =>
  idOf(t.handle.db.select().from(s.countries).where(eq(s.countries.code, code)), code);
const delivery = (key: string) =>
  idOf(t.handle.db.select().from(s.deliveries).where(eq(s.deliveries.key, key)), key);

/** A shopper with one line in the cart, of a grand total below or from the free-delivery €50. */
async function shopperWithCart(total: 'below' | 'from') {
  const b = browserOf(t);
  const products = (await parentProducts(t)).filter((p) => p.stock === null || p.stock >= 10);
  const product =
    total === 'below'
      ? products.find((p) => p.price >= 5 && p.price < 40)
      : products.find((p) => p.price >= 60 && p.price < 500);
  if (!product) throw new Error(`no product for a cart ${total} €50`);
  const cart = b.ok(await b.set(product.id, 1));
  return { b, cart };
}

async function mailOf(order: Order): Promise<string> {
  const dir = join(t.mailDir, 'mail');
  const texts = await Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')));
  const mail = texts.find((text) => text.includes(order.number));
  if (!mail) throw new Error(`no mail of order ${order.number}`);
  // Quoted-printable soft breaks and escapes, undone: the text as the shopper reads it.
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    );
}

const body = (overrides: Partial<CheckoutBody> = {}) => checkoutBody(t.handle.db, overrides);

describe('a shipping address as shoppers write it', () => {
  it('takes a Berlin address typed in (the city is free text, Berlin a region of Germany)', async () => {
    const { b } = await shopperWithCart('below');
    const res = await place(
      b,
      await body({
        region: await region('de-be'),
        city: 'Berlin',
        address: 'Alexanderplatz 1',
        postcode: '10178',
      }),
      'de',
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({
      country: { title: 'Deutschland' },
      region: { title: 'Berlin' },
      city: 'Berlin',
      address: 'Alexanderplatz 1',
      postcode: '10178',
    });
    expect(await mailOf(order)).toContain('10178 Berlin');
  });

  it.each([
    ['en', 'This field is required'],
    ['de', 'Dieses Feld ist ein Pflichtfeld'],
    ['ru', 'Это поле обязательно для заполнения'],
    ['it', 'Questo campo è obbligatorio'],
  ])('refuses an order without a city, at its field (%s)', async (locale, message) => {
    const { b } = await shopperWithCart('below');
    for (const city of [undefined, '', '   ']) {
      const payload: Record<string, unknown> = { ...(await body()), city };
      const res = await place(b, payload, locale);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ city: [message] });
    }
    expect((await b.cart()).items).toHaveLength(1);
  });

  it('refuses every missing part of the address at once, the region where the country has some', async () => {
    const { b } = await shopperWithCart('below');
    const { country: _c, region: _r, city: _y, address: _a, postcode: _p, ...rest } = await body();
    const none = await place(b, rest);
    expect(none.statusCode, none.body).toBe(400);
    expect(Object.keys(none.json()).sort()).toEqual(['address', 'city', 'country', 'postcode']);
    const noRegion = await place(b, { ...(await body()), region: null });
    expect(noRegion.json()).toEqual({ region: ['This field is required'] });
  });

  it.each([
    ['DE', 'de-by', '8033', 'Please enter a valid postcode for Germany, e.g. 10115'],
    ['DE', 'de-by', 'D-80331', 'Please enter a valid postcode for Germany, e.g. 10115'],
    ['AT', 'at-tirol', '60200', 'Please enter a valid postcode for Austria, e.g. 1010'],
    ['CH', 'ch-zh', '800', 'Please enter a valid postcode for Switzerland, e.g. 8001'],
    ['IT', 'it-lom', '2012', 'Please enter a valid postcode for Italy, e.g. 20121'],
  ])('refuses a postcode not of %s’s shape (%s, %j)', async (code, key, postcode, message) => {
    const { b } = await shopperWithCart('below');
    const where = { country: await country(code), region: await region(key) };
    const res = await place(b, await body({ ...where, postcode }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ postcode: [message] });
  });

  it.each([
    ['DE', 'de-by', '80331'],
    ['AT', 'at-tirol', '6020'],
    ['CH', 'ch-zh', '8001'],
    ['IT', 'it-lom', '20121'],
  ])('takes a postcode of %s’s shape', async (code, key, postcode) => {
    const { b } = await shopperWithCart('below');
    const where = { country: await country(code), region: await region(key) };
    const res = await place(b, await body({ ...where, postcode: ` ${postcode} ` }));
    expect(res.statusCode, res.body).toBe(201);
    expect(orderSchema.parse(res.json()).postcode).toBe(postcode);
  });

  it('answers the postcode error in the caller’s language', async () => {
    const { b } = await shopperWithCart('below');
    const res = await place(b, await body({ postcode: '123' }), 'ru');
    expect(res.json()).toEqual({
      postcode: ['Введите правильный почтовый индекс для страны «Германия», например 10115'],
    });
  });
});

describe('pickup', () => {
  it('needs no address, and shows the pickup point on the order and in the mail', async () => {
    const { b } = await shopperWithCart('below');
    const { country: _c, region: _r, city: _y, address: _a, postcode: _p, ...rest } = await body();
    const res = await place(b, { ...rest, delivery: await delivery('pickup') });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    const point =
      'Makers Market warehouse, Musterstraße 12, 10115 Berlin, Germany (Mon–Fri 9:00–17:00)';
    expect(order).toMatchObject({
      country: null,
      region: null,
      city: '',
      address: '',
      postcode: '',
      delivery: { pickup: true, pickupPoint: point, price: 0 },
    });
    // Cash is paid at the pickup point, not to a courier.
    expect(order.paymentInstructions).toContain(point);
    expect(order.paymentInstructions).not.toMatch(/courier/i);
    const seen = orderSchema.parse(
      (await b.send('GET', `/en/api/sales/orders/${order.id}/`)).json(),
    );
    expect(seen.delivery).toEqual(order.delivery);
    const mail = await mailOf(order);
    expect(mail).toMatch(new RegExp(`Pickup point\\s+${point.replace(/[()]/g, '\\$&')}`));
    expect(mail).not.toContain('Delivery address');
    expect(mail).not.toMatch(/courier/i);
  });

  it('drops an address typed before pickup was chosen, and tells the point in German', async () => {
    const { b } = await shopperWithCart('below');
    const res = await place(
      b,
      await body({ delivery: await delivery('pickup'), city: 'Augsburg', postcode: '86150' }),
      'de',
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    expect(order).toMatchObject({ city: '', postcode: '', country: null });
    expect(order.delivery.pickupPoint).toContain('Lager des Manufakturmarkts');
    const mail = await mailOf(order);
    expect(mail).not.toContain('Augsburg');
    expect(mail).toContain('Abholstelle');
  });

  it('lists which deliveries are pickups, with their point in each language', async () => {
    for (const [locale, text] of [
      ['en', 'Makers Market warehouse'],
      ['de', 'Lager des Manufakturmarkts'],
      ['ru', 'Склад Makers Market'],
      ['it', 'Magazzino del Mercato degli Artigiani'],
    ] as const) {
      const list = deliveriesSchema.parse(
        (await t.app.inject(`/${locale}/api/deliveries/deliveries/`)).json(),
      );
      expect(list.filter((d) => d.pickup).map((d) => d.pickupPoint)).toEqual([
        expect.stringContaining(text),
      ]);
      expect(list.filter((d) => !d.pickup).every((d) => d.pickupPoint === '')).toBe(true);
    }
  });

  it('a courier delivery with cash on delivery asks to have cash ready for the courier', async () => {
    const { b } = await shopperWithCart('below');
    const order = orderSchema.parse((await place(b, await body())).json());
    expect(order.paymentInstructions).toMatch(/courier/);
    expect(await mailOf(order)).toMatch(/ready in cash for the courier/);
  });
});

describe('one delivery price wherever it shows', () => {
  it.each([
    ['below', '€4.90'],
    ['from', 'Free'],
  ] as const)(
    'standard delivery of a cart %s €50: the offer, the order and the mail say %s',
    async (total, shown) => {
      const { b, cart } = await shopperWithCart(total);
      const list = deliveriesSchema.parse(
        (await t.app.inject('/en/api/deliveries/deliveries/')).json(),
      );
      const standard = list.find((d) => d.title === 'Standard delivery');
      if (!standard) throw new Error('no standard delivery');
      // What the checkout's options and summary show: the domain's price for this cart.
      const offered = deliveryPrice(standard, cart.totals.grandTotal);
      expect(offered).toBe(total === 'below' ? 4.9 : 0);
      const order = orderSchema.parse((await place(b, await body())).json());
      expect(order.totals.delivery).toBe(offered);
      expect(order.delivery.price).toBe(offered);
      expect(order.totals.orderTotal).toBeCloseTo(cart.totals.grandTotal + offered, 2);
      // One row of the mail's totals: its label, then its amount.
      expect(await mailOf(order)).toMatch(
        new RegExp(`Delivery \\(Standard delivery\\)\\s+${shown.replace('.', '\\.')}`),
      );
    },
  );
});
