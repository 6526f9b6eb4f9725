// Issue 24, the back office's shop settings and dashboard (decision 0059): who may call them
// (401, 403, CSRF), promo codes created then taken by the cart and the checkout, ended and then
// refused; a delivery's price seen by the checkout's delivery list and order; a payment method
// switched off leaves the checkout's list and is refused; bad input is 400 in the caller's
// language and changes nothing; every write is in the staff log with before and after; a shipped
// order's tracking number set outside the move, mailed to the shopper; the dashboard's figures
// move with the orders placed, paid and cancelled. Runs on PGlite and, with DATABASE_URL set, on
// PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  orderSchema,
  paginated,
  staffDashboardSchema,
  staffOrderRowSchema,
  staffDeliverySchema,
  staffOrderSchema,
  staffPaymentSchema,
  staffPromoCodeSchema,
  type CheckoutBody,
  type StaffDashboard,
} from '@shop/contract';
import { countsAsRevenue, fromCents, toCents } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { mailsTo } from '../../test/mail.ts';
import { browserOf, checkoutBody, stockedProduct, type Browser } from '../../test/shopper.ts';
import { expectStaffOnlyReads, useStaffTestApp } from '../../test/staff.ts';

const { t, staffBrowser } = useStaffTestApp();
const de = translatorFor('de');
const en = translatorFor('en');
const ru = translatorFor('ru');

/** A PUT with the browser's cookies and CSRF token (the shopper helper sends the other verbs). */
async function put(b: Browser, url: string, payload: unknown) {
  if (!b.jar.get('csrftoken')) await b.send('GET', '/en/api/accounts/login/');
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload: payload as Record<string, unknown>,
    headers: { cookie: b.jar.header(), 'x-csrftoken': b.jar.get('csrftoken') ?? '' },
  });
  b.jar.store(res);
  return res;
}

async function paymentRow(kind: 'cod' | 'bank_transfer' | 'test_card') {
  const [row] = await t.handle.db.select().from(s.payments).where(eq(s.payments.kind, kind));
  return row!;
}

async function deliveryRow(key: string) {
  const [row] = await t.handle.db.select().from(s.deliveries).where(eq(s.deliveries.key, key));
  return row!;
}

async function logOf(subject: string, id: number) {
  return t.handle.db
    .select()
    .from(s.staffActions)
    .where(and(eq(s.staffActions.subject, subject), eq(s.staffActions.subjectId, id)))
    .orderBy(asc(s.staffActions.id));
}

/** A fresh anonymous shopper with one stocked product in the cart. */
async function shopperWithCart(quantity = 1) {
  const b = browserOf(t);
  const product = await stockedProduct(t, quantity + 1);
  b.ok(await b.set(product.id, quantity));
  return b;
}

async function checkout(b: Browser, overrides: Partial<CheckoutBody> = {}, locale = 'en') {
  const body = await checkoutBody(t.handle.db, {
    email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
    ...overrides,
  });
  return b.send('POST', `/${locale}/api/sales/orders/`, body, {
    'idempotency-key': randomUUID(),
  });
}

async function placeOrder(kind: 'cod' | 'bank_transfer', quantity = 1) {
  const b = await shopperWithCart(quantity);
  const res = await checkout(b, { payment: (await paymentRow(kind)).id });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

const promoCount = async () =>
  (await t.handle.db.select({ n: count() }).from(s.promoCodes))[0]?.n ?? 0;

describe('who may call the settings', () => {
  const reads = [
    '/en/api/staff/dashboard/',
    '/en/api/staff/promo-codes/',
    '/en/api/staff/deliveries/',
    '/en/api/staff/payments/',
  ];

  it('anonymous: 401 in the caller’s language; a shopper: 403; staff: 200, never stored', async () => {
    await expectStaffOnlyReads(t, reads);
  });

  it('refuses a shopper’s writes (403) and writes without the CSRF token (403), changing nothing', async () => {
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const staff = await staffBrowser();
    const bank = await paymentRow('bank_transfer');
    const standard = await deliveryRow('standard');
    const before = await promoCount();
    const promo = { code: 'NOPE-1', discountType: 'fixed', discountValue: 5 };
    expect((await shopper.send('POST', '/en/api/staff/promo-codes/', promo)).statusCode).toBe(403);
    expect(
      (await shopper.send('PATCH', `/en/api/staff/payments/${bank.id}/`, { active: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await put(shopper, `/en/api/staff/deliveries/${standard.id}/`, {
          price: 1,
          active: true,
        })
      ).statusCode,
    ).toBe(403);
    const writes = [
      { method: 'POST', url: '/en/api/staff/promo-codes/', payload: promo },
      { method: 'PATCH', url: `/en/api/staff/payments/${bank.id}/`, payload: { active: false } },
      {
        method: 'PUT',
        url: `/en/api/staff/deliveries/${standard.id}/`,
        payload: { price: 1, active: true },
      },
      { method: 'POST', url: '/en/api/staff/promo-codes/1/expire/', payload: {} },
      {
        method: 'POST',
        url: '/en/api/staff/orders/1/tracking/',
        payload: { trackingNumber: 'X', version: 1 },
      },
    ] as const;
    for (const write of writes) {
      const res = await t.app.inject({ ...write, headers: { cookie: staff.jar.header() } });
      expect(res.statusCode, write.url).toBe(403);
      expect(res.json()).toEqual({ detail: en('errors.csrf') });
    }
    expect(await promoCount()).toBe(before);
    expect((await paymentRow('bank_transfer')).active).toBe(true);
    expect((await deliveryRow('standard')).price).toBe(standard.price);
  });
});

describe('promo codes', () => {
  it('a code created by staff is taken by the cart and the order; ended, it is refused as expired', async () => {
    const staff = await staffBrowser();
    const created = await staff.send('POST', '/en/api/staff/promo-codes/', {
      code: ' spring-10 ',
      discountType: 'percent',
      discountValue: 10,
    });
    expect(created.statusCode, created.body).toBe(201);
    const promo = staffPromoCodeSchema.parse(created.json());
    expect(promo).toMatchObject({ code: 'SPRING-10', state: 'valid', orders: 0, fromPrice: null });
    const listed = (await staff.send('GET', '/en/api/staff/promo-codes/')).json<unknown[]>();
    expect(listed).toContainEqual(promo);

    // A shopper types it in lower case: the cart takes it, and the order keeps the discount.
    const shopper = await shopperWithCart(2);
    const cart = shopper.ok(await shopper.promo('spring-10'));
    expect(cart.promoCode?.code).toBe('SPRING-10');
    expect(cart.totals.promoDiscount).toBeGreaterThan(0);
    const placed = await checkout(shopper);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(orderSchema.parse(placed.json()).totals.promoDiscount).toBe(cart.totals.promoDiscount);
    const used = (await staff.send('GET', '/en/api/staff/promo-codes/')).json<unknown[]>();
    expect(
      used.map((p) => staffPromoCodeSchema.parse(p)).find((p) => p.id === promo.id)?.orders,
    ).toBe(1);

    // Another shopper holds it in the cart when staff end it.
    const holder = await shopperWithCart(1);
    expect(holder.ok(await holder.promo('SPRING-10')).promoCode?.code).toBe('SPRING-10');
    const ended = await staff.send('POST', `/en/api/staff/promo-codes/${promo.id}/expire/`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(staffPromoCodeSchema.parse(ended.json()).state).toBe('expired');

    // Refused as expired, in the shopper's language; the holder's cart and checkout drop it.
    const late = await shopperWithCart(1);
    const refused = await late.send('POST', '/ru/api/sales/cart/promo_code/', {
      code: 'spring-10',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: [ru('cart.promoExpired')] });
    const held = await holder.cart();
    expect(held.totals.promoDiscount).toBe(0);
    const order = await checkout(holder);
    expect(order.statusCode, order.body).toBe(201);
    expect(orderSchema.parse(order.json()).totals.promoDiscount).toBe(0);

    // Ending it again changes nothing; both writes are in the staff log with before and after.
    const again = await staff.send('POST', `/en/api/staff/promo-codes/${promo.id}/expire/`, {});
    expect(staffPromoCodeSchema.parse(again.json()).endsAt).toBe(
      staffPromoCodeSchema.parse(ended.json()).endsAt,
    );
    const log = await logOf('promo_code', promo.id);
    expect(log.map((l) => l.action)).toEqual(['create', 'expire']);
    expect(log[0]?.before).toBeNull();
    expect(log[0]?.after).toMatchObject({ code: 'SPRING-10', endsAt: null });
    expect(log[1]?.before).toMatchObject({ endsAt: null });
    expect(log[1]?.after).toMatchObject({
      endsAt: staffPromoCodeSchema.parse(ended.json()).endsAt,
    });
  });

  it('a code whose first day is tomorrow is not valid yet; a minimum total is kept', async () => {
    const staff = await staffBrowser();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await staff.send('POST', '/en/api/staff/promo-codes/', {
      code: 'LATER_5',
      discountType: 'fixed',
      discountValue: 5,
      fromPrice: 20,
      startsOn: tomorrow,
      endsOn: tomorrow,
    });
    expect(res.statusCode, res.body).toBe(201);
    const promo = staffPromoCodeSchema.parse(res.json());
    expect(promo).toMatchObject({ state: 'notYet', fromPrice: 20 });
    expect(promo.startsAt).toBe(`${tomorrow}T00:00:00.000Z`);
    // Valid to the end of its last day.
    expect(new Date(promo.endsAt!).getTime() - new Date(promo.startsAt!).getTime()).toBe(
      86_400_000,
    );
    const shopper = await shopperWithCart(1);
    const refused = await shopper.promo('later_5');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: [en('cart.promoNotYet')] });
    // Ended before it began: expired, not "not yet".
    const ended = await staff.send('POST', `/en/api/staff/promo-codes/${promo.id}/expire/`, {});
    expect(staffPromoCodeSchema.parse(ended.json()).state).toBe('expired');
  });

  it('refuses bad input with field errors in the caller’s language (400) and writes nothing', async () => {
    const staff = await staffBrowser();
    await staff.send('POST', '/en/api/staff/promo-codes/', {
      code: 'TAKEN',
      discountType: 'fixed',
      discountValue: 1,
    });
    const before = await promoCount();
    const cases: [unknown, string, string][] = [
      [
        { code: 'ab', discountType: 'fixed', discountValue: 1 },
        'code',
        de('staffSettings.errors.codeFormat'),
      ],
      [
        { code: 'WITH SPACE', discountType: 'fixed', discountValue: 1 },
        'code',
        de('staffSettings.errors.codeFormat'),
      ],
      [
        { code: 'PCT', discountType: 'percent', discountValue: 150 },
        'discountValue',
        de('staffSettings.errors.percentMax'),
      ],
      [
        { code: 'ZERO', discountType: 'fixed', discountValue: 0 },
        'discountValue',
        de('staffSettings.errors.positive'),
      ],
      [
        { code: 'NEG', discountType: 'fixed', discountValue: 1, fromPrice: -1 },
        'fromPrice',
        de('staffSettings.errors.notNegative'),
      ],
      [
        {
          code: 'DATES',
          discountType: 'fixed',
          discountValue: 1,
          startsOn: '2026-12-10',
          endsOn: '2026-12-01',
        },
        'endsOn',
        de('staffSettings.errors.endsBeforeStart'),
      ],
      [
        { code: 'taken', discountType: 'fixed', discountValue: 2 },
        'code',
        de('staffSettings.errors.codeTaken'),
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff.send('POST', '/de/api/staff/promo-codes/', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<Record<string, string[]>>()[field], JSON.stringify(body)).toContain(message);
    }
    expect(await promoCount()).toBe(before);
    const missing = await staff.send('POST', '/en/api/staff/promo-codes/999999/expire/', {});
    expect(missing.statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('a new price shows in the checkout’s delivery list and the next order; off, it is not offered', async () => {
    const staff = await staffBrowser();
    const express = await deliveryRow('express');
    const url = `/en/api/staff/deliveries/${express.id}/`;
    try {
      const res = await put(staff, url, { price: 7.77, freeFrom: null, active: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(staffDeliverySchema.parse(res.json())).toMatchObject({
        price: 7.77,
        freeFrom: null,
        active: true,
      });
      const visitor = browserOf(t);
      const offered = async () =>
        (await visitor.send('GET', '/en/api/deliveries/deliveries/')).json<
          { id: number; price: number }[]
        >();
      expect((await offered()).find((d) => d.id === express.id)?.price).toBe(7.77);
      const shopper = await shopperWithCart(1);
      const placed = await checkout(shopper, { delivery: express.id });
      expect(placed.statusCode, placed.body).toBe(201);
      expect(orderSchema.parse(placed.json()).totals.delivery).toBe(7.77);

      const off = await put(staff, url, { price: 7.77, freeFrom: null, active: false });
      expect(off.statusCode, off.body).toBe(200);
      expect((await offered()).some((d) => d.id === express.id)).toBe(false);
      const refused = await checkout(await shopperWithCart(1), { delivery: express.id });
      expect(refused.statusCode).toBe(400);
    } finally {
      await put(staff, url, {
        price: express.price,
        freeFrom: express.freeFrom,
        active: express.active,
      });
    }
    const log = await logOf('delivery', express.id);
    expect(log[0]?.before).toEqual({
      price: express.price,
      freeFrom: express.freeFrom,
      active: express.active,
    });
    expect(log[0]?.after).toEqual({ price: 7.77, freeFrom: null, active: true });
    expect(log.map((l) => (l.after as { active: boolean }).active)).toEqual([true, false, true]);
  });

  it('refuses a negative price in the caller’s language (400) and changes nothing', async () => {
    const staff = await staffBrowser();
    const standard = await deliveryRow('standard');
    const url = `/it/api/staff/deliveries/${standard.id}/`;
    const res = await put(staff, url, { price: -1, freeFrom: -2, active: 'yes' });
    expect(res.statusCode).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(errors['price']).toContain(translatorFor('it')('staffSettings.errors.notNegative'));
    expect(errors['freeFrom']).toBeDefined();
    expect(errors['active']).toBeDefined();
    expect(await deliveryRow('standard')).toEqual(standard);
    expect(await logOf('delivery', standard.id)).toEqual([]);
    const missing = await put(staff, '/en/api/staff/deliveries/999999/', {
      price: 1,
      active: true,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('payment methods', () => {
  it('switched off, a method leaves the checkout’s list and is refused; on again, it is back', async () => {
    const staff = await staffBrowser();
    const bank = await paymentRow('bank_transfer');
    const url = `/en/api/staff/payments/${bank.id}/`;
    const visitor = browserOf(t);
    const offered = async () =>
      (await visitor.send('GET', '/en/api/payments/payments/'))
        .json<{ kind: string }[]>()
        .map((p) => p.kind);
    expect(await offered()).toContain('bank_transfer');
    try {
      const off = await staff.send('PATCH', url, { active: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(staffPaymentSchema.parse(off.json())).toMatchObject({
        kind: 'bank_transfer',
        active: false,
        configured: true,
      });
      expect(await offered()).not.toContain('bank_transfer');
      const refused = await checkout(await shopperWithCart(1), { payment: bank.id });
      expect(refused.statusCode).toBe(400);
    } finally {
      const on = await staff.send('PATCH', url, { active: true });
      expect(on.statusCode, on.body).toBe(200);
    }
    expect(await offered()).toContain('bank_transfer');
    const log = await logOf('payment', bank.id);
    expect(log.map((l) => [l.action, l.before, l.after])).toEqual([
      ['off', { active: true }, { active: false }],
      ['on', { active: false }, { active: true }],
    ]);
    const bad = await staff.send('PATCH', url, { active: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect((await paymentRow('bank_transfer')).active).toBe(true);
  });
});

describe('the tracking number of a shipped order', () => {
  const tracking = (b: Browser, id: number, body: unknown, locale = 'en') =>
    b.send('POST', `/${locale}/api/staff/orders/${id}/tracking/`, body);
  const move = async (b: Browser, id: number, to: string, version: number) => {
    const res = await b.send('POST', `/en/api/staff/orders/${id}/move/`, { to, version });
    expect(res.statusCode, res.body).toBe(200);
    return staffOrderSchema.parse(res.json());
  };

  it('is set and changed outside the move, logged, and mailed to the shopper in their language', async () => {
    const staff = await staffBrowser();
    const shopper = await shopperWithCart(1);
    const email = `track-${randomUUID().slice(0, 8)}@example.com`;
    const placed = await checkout(shopper, { email }, 'de');
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());

    // Not shipped yet: refused with the order's status named.
    const early = await tracking(staff, order.id, { trackingNumber: 'X1', version: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({
      detail: en('staffSettings.tracking.notShipped', { status: en('orders.statuses.pending') }),
    });

    let shown = await move(staff, order.id, 'processing', 1);
    shown = await move(staff, order.id, 'shipped', shown.version);
    expect(shown.trackingNumber).toBe('');

    const set = await tracking(staff, order.id, {
      trackingNumber: ' DHL-777 ',
      version: shown.version,
    });
    expect(set.statusCode, set.body).toBe(200);
    const withNumber = staffOrderSchema.parse(set.json());
    expect(withNumber.trackingNumber).toBe('DHL-777');
    expect(withNumber.version).toBe(shown.version + 1);
    expect(withNumber.mails.at(-1)).toMatchObject({ kind: 'tracking', locale: 'de' });

    // A screen from before the change is refused as stale; the same number again mails nothing.
    const stale = await tracking(staff, order.id, {
      trackingNumber: 'OLD',
      version: shown.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: en('staff.orders.changedMeanwhile') });
    const same = await tracking(staff, order.id, {
      trackingNumber: 'DHL-777',
      version: withNumber.version,
    });
    expect(staffOrderSchema.parse(same.json()).mails).toHaveLength(withNumber.mails.length);
    const changed = staffOrderSchema.parse(
      (
        await tracking(staff, order.id, { trackingNumber: 'UPS-9', version: withNumber.version })
      ).json(),
    );
    expect(changed.trackingNumber).toBe('UPS-9');

    // The shopper read both numbers, in German; and sees the last one on their order.
    const texts = (await mailsTo(t, email)).map((m) => m.text);
    for (const number of ['DHL-777', 'UPS-9'])
      expect(
        texts.some((text) => text.includes(de('orders.mailTracking', { tracking: number }))),
      ).toBe(true);
    expect(
      texts.some((text) =>
        text.includes(de('staffSettings.tracking.mailText', { number: order.number })),
      ),
    ).toBe(true);
    const log = await logOf('order', order.id);
    expect(log.filter((l) => l.action === 'tracking').map((l) => [l.before, l.after])).toEqual([
      [
        { trackingNumber: '', version: shown.version },
        { trackingNumber: 'DHL-777', version: shown.version + 1 },
      ],
      [
        { trackingNumber: 'DHL-777', version: shown.version + 1 },
        { trackingNumber: 'UPS-9', version: shown.version + 2 },
      ],
    ]);

    // Too long: 400 in the caller's language, nothing changed.
    const long = await tracking(
      staff,
      order.id,
      { trackingNumber: 'x'.repeat(101), version: changed.version },
      'ru',
    );
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json<object>())).toEqual(['trackingNumber']);
    const [row] = await t.handle.db.select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row?.trackingNumber).toBe('UPS-9');
  });
});

describe('the dashboard', () => {
  const read = async (b: Browser): Promise<StaffDashboard> => {
    const res = await b.send('GET', '/en/api/staff/dashboard/');
    expect(res.statusCode, res.body).toBe(200);
    return staffDashboardSchema.parse(res.json());
  };
  const plus = (a: number, b: number) => fromCents(toCents(a) + toCents(b));

  it('orders and revenue move with orders placed, paid and cancelled; what waits and what is out of stock', async () => {
    const staff = await staffBrowser();
    const before = await read(staff);
    expect(before.perDay).toHaveLength(30);

    // A bank transfer placed and paid: an order and revenue, in today, the week and the month.
    const paid = await placeOrder('bank_transfer');
    const afterPlaced = await read(staff);
    expect(afterPlaced.today.orders).toBe(before.today.orders + 1);
    expect(afterPlaced.today.revenue).toBe(before.today.revenue);
    expect(afterPlaced.awaitingPayment).toBe(before.awaitingPayment + 1);
    const moved = await staff.send('POST', `/en/api/staff/orders/${paid.id}/move/`, {
      to: 'paid',
      version: 1,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(countsAsRevenue('paid')).toBe(true);
    const afterPaid = await read(staff);
    for (const period of ['today', 'week', 'month'] as const) {
      expect(afterPaid[period].orders).toBe(before[period].orders + 1);
      expect(afterPaid[period].revenue).toBe(plus(before[period].revenue, paid.totals.orderTotal));
    }
    expect(afterPaid.awaitingPayment).toBe(before.awaitingPayment);
    expect(afterPaid.awaitingShipping).toBe(before.awaitingShipping + 1);
    expect(afterPaid.perDay.at(-1)?.orders).toBe((before.perDay.at(-1)?.orders ?? 0) + 1);

    // Cash on delivery waits for shipping, not payment; cancelled, it waits for nothing and
    // still counts as an order placed, never as revenue.
    const cod = await placeOrder('cod');
    const afterCod = await read(staff);
    expect(afterCod.awaitingShipping).toBe(afterPaid.awaitingShipping + 1);
    expect(afterCod.awaitingPayment).toBe(afterPaid.awaitingPayment);
    const cancelled = await staff.send('POST', `/en/api/staff/orders/${cod.id}/move/`, {
      to: 'cancelled',
      version: 1,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const afterCancel = await read(staff);
    expect(afterCancel.awaitingShipping).toBe(afterPaid.awaitingShipping);
    expect(afterCancel.today.orders).toBe(before.today.orders + 2);
    expect(afterCancel.today.revenue).toBe(afterPaid.today.revenue);

    // An order that takes a product's last items puts it out of stock.
    const product = await stockedProduct(t, 2);
    await t.handle.db.update(s.products).set({ stock: 2 }).where(eq(s.products.id, product.id));
    const buyer = browserOf(t);
    buyer.ok(await buyer.set(product.id, 2));
    expect((await checkout(buyer)).statusCode).toBe(201);
    const afterSoldOut = await read(staff);
    expect(afterSoldOut.outOfStock).toBe(before.outOfStock + 1);
    if (afterSoldOut.outOfStock <= 10)
      expect(afterSoldOut.outOfStockProducts.map((p) => p.id)).toContain(product.id);
  });

  it('each waiting figure links to a list of exactly the orders it counts (cash on delivery waits for shipping)', async () => {
    const staff = await staffBrowser();
    const list = async (query: string) => {
      const res = await staff.send('GET', `/en/api/staff/orders/?page_size=100&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return paginated(staffOrderRowSchema).parse(res.json());
    };
    const bank = await placeOrder('bank_transfer');
    const cod = await placeOrder('cod');
    const figures = await read(staff);
    const awaitingPayment = await list('awaiting=payment');
    const awaitingShipping = await list('awaiting=shipping');
    expect(awaitingPayment.count).toBe(figures.awaitingPayment);
    expect(awaitingShipping.count).toBe(figures.awaitingShipping);
    const ids = (page: typeof awaitingPayment) => page.results.map((o) => o.id);
    expect(ids(awaitingPayment)).toContain(bank.id);
    expect(ids(awaitingPayment)).not.toContain(cod.id);
    expect(ids(awaitingShipping)).toContain(cod.id);
    expect(ids(awaitingShipping)).not.toContain(bank.id);
    // The pending list the dashboard linked before holds both: it is not the figure's list.
    const pending = await list('status=pending');
    expect(ids(pending)).toEqual(expect.arrayContaining([bank.id, cod.id]));
    expect(pending.count).not.toBe(figures.awaitingPayment);
    // Combined with another filter, and refused in the caller's language when unknown.
    expect((await list(`awaiting=payment&payment=cod`)).count).toBe(0);
    const bad = await staff.send('GET', '/de/api/staff/orders/?awaiting=later');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['awaiting']);
  });
});
