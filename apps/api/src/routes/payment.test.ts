// Issue 23, payment before thanks: each outcome of the test card provider reaches the shop signed,
// a failed card mails why with a link to pay again, a payment mails its receipt exactly once
// however often (or however concurrently) it is confirmed, and a pending order can be paid
// another way.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderSchema, type CheckoutBody, type Order } from '@shop/contract';
import { PAYMENT_FAILURES } from '@shop/domain';
import * as s from '#api/db/schema.ts';
import { useTestApp } from '../../test/helpers.ts';
import { mailsTo } from '../../test/mail.ts';
import { browserOf, checkoutBody, stockedProduct, type Browser } from '../../test/shopper.ts';
import { payOnCardPage, paymentNotice } from '../../test/payments.ts';
import { CARD_OUTCOMES } from './test-card.ts';

const t = useTestApp();
const ORDERS = '/en/api/sales/orders/';

async function paymentId(kind: 'cod' | 'bank_transfer' | 'test_card') {
  const [row] = await t.handle.db.select().from(s.payments).where(eq(s.payments.kind, kind));
  return row!.id;
}

/** The kinds of mail the order's "mails sent" notes, oldest first. */
const notedMails = async (orderId: number) =>
  (
    await t.handle.db
      .select({ kind: s.orderMails.kind })
      .from(s.orderMails)
      .where(eq(s.orderMails.orderId, orderId))
      .orderBy(s.orderMails.id)
  ).map((row) => row.kind);

/** A guest's order paid by card, with its own mail address. */
async function cardOrder(b: Browser = browserOf(t), overrides: Partial<CheckoutBody> = {}) {
  b.ok(await b.set((await stockedProduct(t, 2)).id, 1));
  const email = `card-${randomUUID()}@example.com`;
  const body = await checkoutBody(t.handle.db, {
    email,
    payment: await paymentId('test_card'),
    ...overrides,
  });
  const res = await b.send('POST', ORDERS, body, { 'idempotency-key': randomUUID() });
  expect(res.statusCode, res.body).toBe(201);
  return orderSchema.parse(res.json());
}

/** The hosted page's form, posted as the shopper's browser posts it. */
const pay = (order: Order, form: Record<string, string>, url = order.paymentUrl!) =>
  payOnCardPage(t.app, url, form);

const cardOf = (outcome: string) =>
  Object.entries(CARD_OUTCOMES).find(([, o]) => o === outcome)![0];

const paymentsOf = (orderId: number) =>
  t.handle.db.select().from(s.orderPayments).where(eq(s.orderPayments.orderId, orderId));
const statusOf = async (id: number) =>
  (await t.handle.db.select().from(s.orders).where(eq(s.orders.id, id)))[0]!.status;

const confirm = (order: Order) =>
  paymentNotice(t.app, {
    order: order.id,
    status: 'paid',
    amount: order.totals.orderTotal,
    payment: `test-card-${order.id}`,
  });

describe('a card that fails', () => {
  const failures = PAYMENT_FAILURES.filter((f) => Object.values(CARD_OUTCOMES).includes(f));

  it('the provider simulates every card failure the shop can name', () => {
    expect(failures).toEqual([
      'declined',
      'insufficient_funds',
      'expired_card',
      'incorrect_cvc',
      'processing_error',
    ]);
  });

  it.each(failures)(
    '%s: back to the frame with the reason, the order pending, a mail with a link to pay again',
    async (failure) => {
      const order = await cardOrder();
      const res = await pay(order, { card: cardOf(failure), action: 'pay' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(
        `/en/checkout/cancel_frame/?order=${order.id}&reason=${failure}`,
      );
      expect(await statusOf(order.id)).toBe('pending');
      expect(await paymentsOf(order.id)).toEqual([]);
      const mails = await mailsTo(t, order.email);
      expect(mails.map((m) => m.subject)).toEqual([
        `Your order ${order.number}`,
        `The payment for order ${order.number} did not go through`,
      ]);
      const text = mails[1]!.text;
      const reasons: Record<string, string> = {
        declined: 'Card declined',
        insufficient_funds: 'Insufficient funds',
        expired_card: 'The card has expired.',
        incorrect_cvc: 'The security code is wrong.',
        processing_error: 'error at the card provider',
      };
      expect(text).toContain(reasons[failure]);
      // The link pays again from any browser: the provider's page, signed for this order.
      const link = /Pay again here: (\S+)/.exec(text)?.[1];
      expect(link).toMatch(new RegExp(`^http://localhost/payments/test-card/${order.id}/\\?`));
      const page = await t.app.inject(new URL(link!).pathname + new URL(link!).search);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Card number');
      // …and paying there works.
      const again = await pay(order, { card: cardOf('paid'), action: 'pay' }, link);
      expect(again.headers.location).toBe(`/en/checkout/success_frame/?order=${order.id}`);
      expect(await statusOf(order.id)).toBe('paid');
      // Every mail of the order is noted for staff, the payment mails too.
      await expect
        .poll(() => notedMails(order.id))
        .toEqual(['confirmation', 'paymentFailed', 'paymentReceived']);
    },
  );

  it('in the order’s language', async () => {
    const b = browserOf(t);
    b.ok(await b.set((await stockedProduct(t, 2)).id, 1));
    const email = `karte-${randomUUID()}@example.com`;
    const res = await b.send(
      'POST',
      '/de/api/sales/orders/',
      await checkoutBody(t.handle.db, { email, payment: await paymentId('test_card') }),
      { 'idempotency-key': randomUUID() },
    );
    const order = orderSchema.parse(res.json());
    expect(order.paymentUrl).toContain('locale=de');
    await pay(order, { card: cardOf('insufficient_funds'), action: 'pay' });
    const [, failed] = await mailsTo(t, email);
    expect(failed!.text).toContain('Deckung nicht ausreichend');
    expect(failed!.text).toContain(`/de/checkout/checkout/?pay=${order.id}`);
  });

  it('a cancel is the shopper’s: “cancelled”, and no mail', async () => {
    const order = await cardOrder();
    const res = await pay(order, { action: 'cancel' });
    expect(res.headers.location).toBe(
      `/en/checkout/cancel_frame/?order=${order.id}&reason=cancelled`,
    );
    expect((await mailsTo(t, order.email)).map((m) => m.subject)).toEqual([
      `Your order ${order.number}`,
    ]);
  });

  it('refuses an unsigned failure notice, or one with an unknown reason', async () => {
    const order = await cardOrder();
    const notice = (reason: string, signature?: string) =>
      paymentNotice(
        t.app,
        { order: order.id, status: 'failed', reason, payment: `test-card-${order.id}` },
        signature,
      );
    expect((await notice('declined', 'forged')).statusCode).toBe(401);
    expect((await notice('stolen')).statusCode).toBe(400);
    expect(await mailsTo(t, order.email)).toHaveLength(1);
  });
});

describe('a card that pays', () => {
  it('mails “payment received” with the order’s link', async () => {
    const order = await cardOrder();
    const res = await pay(order, { card: '4242 4242 4242 4242', action: 'pay' });
    expect(res.headers.location).toBe(`/en/checkout/success_frame/?order=${order.id}`);
    const mails = await mailsTo(t, order.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Your order ${order.number}`,
      `Payment received for order ${order.number}`,
    ]);
    expect(mails[1]!.text).toContain(
      `http://localhost/en/checkout/order-success/?order=${order.id}`,
    );
    await expect.poll(() => notedMails(order.id)).toEqual(['confirmation', 'paymentReceived']);
  });

  it('confirmed again, and many times at once: one payment recorded, one mail', async () => {
    const order = await cardOrder();
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(order)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(204));
    expect((await confirm(order)).statusCode).toBe(204);
    // The hosted page posted twice (a double click) is the same payment.
    await Promise.all([
      pay(order, { card: cardOf('paid'), action: 'pay' }),
      pay(order, { card: cardOf('paid'), action: 'pay' }),
    ]);
    expect(await paymentsOf(order.id)).toEqual([
      expect.objectContaining({ amount: order.totals.orderTotal, refundDue: false }),
    ]);
    const history = await t.handle.db
      .select()
      .from(s.orderStatusChanges)
      .where(eq(s.orderStatusChanges.orderId, order.id));
    expect(history.map((h) => h.status)).toEqual(['pending', 'paid']);
    const received = (await mailsTo(t, order.email)).filter((m) =>
      m.subject.startsWith('Payment received'),
    );
    expect(received).toHaveLength(1);
  });
});

describe('paying another way', () => {
  const change = (b: Browser, id: number, payment: unknown) =>
    b.send('POST', `${ORDERS}${id}/payment/`, { payment });

  it('after a declined card, bank transfer: no payment page, the bank details, and a mail', async () => {
    const b = browserOf(t);
    const order = await cardOrder(b);
    await pay(order, { card: cardOf('declined'), action: 'pay' });
    const res = await change(b, order.id, await paymentId('bank_transfer'));
    expect(res.statusCode, res.body).toBe(200);
    const changed = orderSchema.parse(res.json());
    expect(changed).toMatchObject({
      status: 'pending',
      paymentUrl: null,
      payment: { kind: 'bank_transfer' },
    });
    expect(changed.paymentInstructions).toContain('IBAN');
    const mails = await mailsTo(t, order.email);
    expect(mails.at(-1)!.text).toContain('IBAN');
    // The card's page no longer takes this order.
    expect((await t.app.inject(order.paymentUrl!)).statusCode).toBe(404);
  });

  it('back to the card is allowed while unpaid; never once paid', async () => {
    const b = browserOf(t);
    const order = await cardOrder(b);
    expect((await change(b, order.id, await paymentId('cod'))).statusCode).toBe(200);
    const back = await change(b, order.id, await paymentId('test_card'));
    expect(orderSchema.parse(back.json()).paymentUrl).toMatch(/^\/payments\/test-card\//);
    await pay(order, { card: cardOf('paid'), action: 'pay' });
    const late = await change(b, order.id, await paymentId('cod'));
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      non_field_errors: ['This order is paid already, or no longer waits for its payment.'],
    });
  });

  it('refuses another shopper’s order (404), an unknown method, and a bad body (400)', async () => {
    const b = browserOf(t);
    const order = await cardOrder(b);
    const stranger = browserOf(t);
    expect((await change(stranger, order.id, await paymentId('cod'))).statusCode).toBe(404);
    const unknown = await change(b, order.id, 999_999);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      payment: ['Please choose one of the payment methods offered.'],
    });
    const bad = await b.send('POST', `/de/api/sales/orders/${order.id}/payment/`, {
      payment: 'bank',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<object>())).toEqual(['payment']);
    expect(await statusOf(order.id)).toBe('pending');
  });
});
