// Issue 24, the shop's three switches from the back office (decision 0062): visible, active and
// the cart, turned by staff only, with CSRF, bad input refused without a change, one staff log
// entry per switch changed; the shop follows at once (cart off: adding is refused with the shop's
// message; inactive: visitors get the closed answer, staff the shop). And the order detail's part
// of the staff log: each move and tracking change, newest first, with who, when, before → after.
// Runs on PGlite and, with DATABASE_URL set, on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cartDisabledErrorSchema,
  orderSchema,
  organizationInfoSchema,
  staffOrderSchema,
  staffShopSchema,
  type StaffOrder,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { useTestApp } from '../../test/helpers.ts';
import { browserOf, checkoutBody, stockedProduct, type Browser } from '../../test/shopper.ts';

const t = useTestApp({
  authLimits: { perAccount: 1_000_000, perAddress: 1_000_000, windowMs: 60_000 },
});

const SHOP = '/en/api/staff/shop/';
const GUARDED = '/en/api/products/products/';

async function staffBrowser(): Promise<Browser> {
  const b = browserOf(t);
  await b.logIn('staff@example.com');
  return b;
}

/** The record as the database holds it. */
async function switches() {
  const [row] = await t.handle.db
    .select({
      visible: s.organizations.visible,
      active: s.organizations.active,
      cart: s.organizations.cart,
    })
    .from(s.organizations)
    .orderBy(asc(s.organizations.id))
    .limit(1);
  return row;
}

/** The shop's staff log entries this test wrote (the tests share one database). */
async function shopLog() {
  return t.handle.db
    .select()
    .from(s.staffActions)
    .where(and(eq(s.staffActions.subject, 'shop'), gt(s.staffActions.id, logStart)))
    .orderBy(asc(s.staffActions.id));
}

let logStart = 0;
beforeEach(async () => {
  const [row] = await t.handle.db.select({ id: max(s.staffActions.id) }).from(s.staffActions);
  logStart = row?.id ?? 0;
});

/** The shop info as the storefront reads it, through the API's shop info cache. */
async function shopInfo(b: Browser) {
  const res = await b.send('GET', '/en/api/organizations/organization_info/');
  expect(res.statusCode, res.body).toBe(200);
  return organizationInfoSchema.parse(res.json());
}

// Each test leaves the shop as the seed has it: open, with its cart.
afterEach(async () => {
  await t.handle.db.update(s.organizations).set({ visible: true, active: true, cart: true });
});

describe('who may turn the shop’s switches', () => {
  it('anonymous 401, a shopper 403, staff without CSRF 403: nothing changes, nothing is logged', async () => {
    const anonymous = browserOf(t);
    expect((await anonymous.send('PATCH', SHOP, { cart: false })).statusCode).toBe(401);
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const forbidden = await shopper.send('PATCH', SHOP, { active: false, cart: false });
    expect(forbidden.statusCode).toBe(403);
    const staff = await staffBrowser();
    const noToken = await t.app.inject({
      method: 'PATCH',
      url: SHOP,
      payload: { cart: false },
      headers: { cookie: staff.jar.header() },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toEqual({ detail: translatorFor('en')('errors.csrf') });
    expect(await switches()).toEqual({ visible: true, active: true, cart: true });
    expect(await shopLog()).toEqual([]);
  });

  it('refuses bad input with field errors in the caller’s language and changes nothing', async () => {
    const staff = await staffBrowser();
    const de = translatorFor('de');
    const bad = await staff.send('PATCH', SHOP.replace('/en/', '/de/'), {
      visible: false,
      cart: 'maybe',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ cart: [de('forms.invalid', { field: 'cart' })] });
    const empty = await staff.send('PATCH', SHOP.replace('/en/', '/de/'), {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ non_field_errors: [de('staff.shop.nothingToChange')] });
    // Not half-applied: the valid `visible` of the refused body did not close the shop.
    expect(await switches()).toEqual({ visible: true, active: true, cart: true });
    expect(await shopLog()).toEqual([]);
  });
});

describe('the cart switch', () => {
  it('cart off: the shop info says so at once and adding to the cart is refused with the shop’s message; on again: adding works', async () => {
    const staff = await staffBrowser();
    const visitor = browserOf(t);
    const product = await stockedProduct(t, 3);
    expect((await shopInfo(visitor)).cart).toBe(true);

    const off = await staff.send('PATCH', SHOP, { cart: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(staffShopSchema.parse(off.json())).toEqual({ visible: true, active: true, cart: false });
    expect(off.headers['cache-control']).toBe('private, no-store');
    expect((await shopInfo(visitor)).cart).toBe(false);
    const refused = await visitor.set(product.id, 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      detail: translatorFor('en')('orders.cartDisabled'),
      code: 'cart_disabled',
    });
    const add = await visitor.send('POST', `/it/api/sales/cart_products/${product.id}/add/`, {
      quantity: 1,
    });
    expect(add.statusCode).toBe(400);
    expect(add.json()).toEqual({
      detail: translatorFor('it')('orders.cartDisabled'),
      code: 'cart_disabled',
    });
    // The shop itself stays open: only the cart is off.
    expect((await visitor.send('GET', GUARDED)).statusCode).toBe(200);
    // Turning it off again changes and logs nothing more.
    expect((await staff.send('PATCH', SHOP, { cart: false })).statusCode).toBe(200);

    const on = await staff.send('PATCH', SHOP, { cart: true });
    expect(on.json()).toEqual({ visible: true, active: true, cart: true });
    expect((await shopInfo(visitor)).cart).toBe(true);
    visitor.ok(await visitor.set(product.id, 1));

    const log = await shopLog();
    const [staffUser] = await t.handle.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, 'staff@example.com'));
    expect(
      log.map(({ userId, action, before, after }) => ({ userId, action, before, after })),
    ).toEqual([
      { userId: staffUser!.id, action: 'cart-off', before: { cart: true }, after: { cart: false } },
      { userId: staffUser!.id, action: 'cart-on', before: { cart: false }, after: { cart: true } },
    ]);
  });
});

describe('the cart switch, told by its code (decision 0071)', () => {
  it('every cart and checkout write answers 400 `cart_disabled` with the message in the caller’s language, and changes nothing', async () => {
    const staff = await staffBrowser();
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const product = await stockedProduct(t, 5);
    // A past order to order again, and a line in the cart, both while the cart is on.
    shopper.ok(await shopper.set(product.id, 1));
    const placed = await shopper.send(
      'POST',
      '/en/api/sales/orders/',
      await checkoutBody(t.handle.db, { email: 'shopper@example.com' }),
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderSchema.parse(placed.json());
    shopper.ok(await shopper.set(product.id, 2));
    const orderCount = async () =>
      (await shopper.send('GET', '/en/api/sales/orders/')).json<{ count: number }>().count;
    const ordersBefore = await orderCount();

    expect((await staff.send('PATCH', SHOP, { cart: false })).statusCode).toBe(200);
    try {
      const body = await checkoutBody(t.handle.db, { email: 'shopper@example.com' });
      const writes = [
        [
          'de',
          () =>
            shopper.send('PATCH', `/de/api/sales/cart_products/${product.id}/`, { quantity: 3 }),
        ],
        [
          'it',
          () =>
            shopper.send('POST', `/it/api/sales/cart_products/${product.id}/add/`, { quantity: 1 }),
        ],
        ['ru', () => shopper.send('POST', '/ru/api/sales/cart/promo_code/', { code: 'WELCOME10' })],
        ['en', () => shopper.send('POST', '/en/api/sales/orders/repeat/', { order: order.id })],
        [
          'de',
          () =>
            shopper.send('POST', '/de/api/sales/orders/', body, {
              'idempotency-key': randomUUID(),
            }),
        ],
      ] as const;
      for (const [locale, write] of writes) {
        const res = await write();
        expect(res.statusCode, res.body).toBe(400);
        expect(cartDisabledErrorSchema.parse(res.json())).toEqual({
          detail: translatorFor(locale)('orders.cartDisabled'),
          code: 'cart_disabled',
        });
      }
      // Nothing changed: the cart holds what it held, and no second order was placed.
      const cart = await shopper.cart();
      expect(cart.items.map((i) => [i.product, i.quantity])).toEqual([[product.id, 2]]);
      expect(await orderCount()).toBe(ordersBefore);
    } finally {
      expect((await staff.send('PATCH', SHOP, { cart: true })).statusCode).toBe(200);
    }
  });
});

describe('the active switch', () => {
  it('inactive: visitors get the closed answer (434), staff the shop; several switches in one call log one entry each', async () => {
    const staff = await staffBrowser();
    const visitor = browserOf(t);
    expect((await visitor.send('GET', GUARDED)).statusCode).toBe(200);
    const res = await staff.send('PATCH', SHOP, { active: false, cart: false });
    expect(res.json()).toEqual({ visible: true, active: false, cart: false });
    expect((await visitor.send('GET', GUARDED)).statusCode).toBe(434);
    expect((await staff.send('GET', GUARDED)).statusCode).toBe(200);
    // The shop info stays readable (the storefront shows coming-soon from it).
    const info = await shopInfo(visitor);
    expect([info.visible, info.active]).toEqual([true, false]);
    expect((await staff.send('GET', SHOP)).json()).toEqual({
      visible: true,
      active: false,
      cart: false,
    });

    await staff.send('PATCH', SHOP, { active: true, cart: true });
    expect((await visitor.send('GET', GUARDED)).statusCode).toBe(200);
    expect((await shopLog()).map((l) => [l.action, l.before, l.after])).toEqual([
      ['deactivate', { active: true }, { active: false }],
      ['cart-off', { cart: true }, { cart: false }],
      ['activate', { active: false }, { active: true }],
      ['cart-on', { cart: false }, { cart: true }],
    ]);
  });
});

describe('the order detail’s part of the staff log', () => {
  async function bankTransferOrder() {
    const b = browserOf(t);
    const product = await stockedProduct(t, 3);
    b.ok(await b.set(product.id, 1));
    const [payment] = await t.handle.db
      .select()
      .from(s.payments)
      .where(eq(s.payments.kind, 'bank_transfer'));
    const body = await checkoutBody(t.handle.db, {
      email: `buyer-${randomUUID().slice(0, 8)}@example.com`,
      payment: payment!.id,
    });
    const res = await b.send('POST', '/en/api/sales/orders/', body, {
      'idempotency-key': randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(201);
    return orderSchema.parse(res.json());
  }

  async function detail(b: Browser, id: number): Promise<StaffOrder> {
    const res = await b.send('GET', `/en/api/staff/orders/${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return staffOrderSchema.parse(res.json());
  }

  it('lists each move and tracking change of this order only, newest first: who, when, before → after', async () => {
    const staff = await staffBrowser();
    const order = await bankTransferOrder();
    const other = await bankTransferOrder();
    expect((await detail(staff, order.id)).actions).toEqual([]);

    const moveTo = async (id: number, to: string, extra: object = {}) => {
      const { version } = await detail(staff, id);
      const res = await staff.send('POST', `/en/api/staff/orders/${id}/move/`, {
        to,
        version,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return staffOrderSchema.parse(res.json());
    };
    await moveTo(order.id, 'paid');
    await moveTo(other.id, 'cancelled');
    await moveTo(order.id, 'processing');
    const shipped = await moveTo(order.id, 'shipped', { trackingNumber: 'DHL-1' });
    // The move's own answer carries the entry it wrote.
    expect(shipped.actions[0]).toMatchObject({
      action: 'move:shipped',
      after: { status: 'shipped', trackingNumber: 'DHL-1' },
    });
    const fixed = await staff.send('POST', `/en/api/staff/orders/${order.id}/tracking/`, {
      trackingNumber: 'DHL-2',
      version: shipped.version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    const [me] = await t.handle.db
      .select()
      .from(s.users)
      .where(and(eq(s.users.email, 'staff@example.com')));
    const name = `${me!.firstName} ${me!.lastName}`.trim() || me!.email;
    const { actions } = await detail(staff, order.id);
    expect(actions.map(({ action, by, before, after }) => ({ action, by, before, after }))).toEqual(
      [
        {
          action: 'tracking',
          by: name,
          before: { trackingNumber: 'DHL-1' },
          after: { trackingNumber: 'DHL-2' },
        },
        {
          action: 'move:shipped',
          by: name,
          before: { status: 'processing' },
          after: { status: 'shipped', trackingNumber: 'DHL-1' },
        },
        {
          action: 'move:processing',
          by: name,
          before: { status: 'paid' },
          after: { status: 'processing' },
        },
        { action: 'move:paid', by: name, before: { status: 'pending' }, after: { status: 'paid' } },
      ],
    );
    const times = actions.map((a) => Date.parse(a.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The other order's cancel is its own.
    expect((await detail(staff, other.id)).actions.map((a) => a.action)).toEqual([
      'move:cancelled',
    ]);
  });
});
