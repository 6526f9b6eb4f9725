// Issue 24, the back office's calls: who may call them (anonymous 401, shopper 403, staff 200),
// the order's moves along the domain's transitions with the shopper mailed in their language, a
// cancel that puts the stock back in its transaction, two staff moving one order at once (one
// wins), the shop switch, review moderation and the feedback inbox. Runs on PGlite and, with
// DATABASE_URL set, on PostgreSQL (where the two parallel moves really overlap).
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  orderSchema,
  paginated,
  staffFeedbackSchema,
  staffOrderRowSchema,
  staffOrderSchema,
  staffReviewSchema,
  type CheckoutBody,
  type StaffOrder,
} from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { translatorFor } from '#api/lib/i18n.ts';
import { mailsTo } from '../../test/mail.ts';
import { browserOf, checkoutBody, stockedProduct, type Browser } from '../../test/shopper.ts';
import { expectStaffOnlyReads, useStaffTestApp } from '../../test/staff.ts';

const { t, staffBrowser } = useStaffTestApp();
const de = translatorFor('de');
const en = translatorFor('en');

const staffOrders = paginated(staffOrderRowSchema);

async function paymentId(kind: 'cod' | 'bank_transfer' | 'test_card') {
  const [row] = await t.handle.db.select().from(s.payments).where(eq(s.payments.kind, kind));
  return row!.id;
}

async function stockOf(id: number) {
  const [row] = await t.handle.db
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, id));
  return row?.stock ?? null;
}

/**
 * An order placed by a fresh anonymous shopper in `locale`, of `quantity` of a stocked product:
 * the order, the product and the shopper's e-mail.
 */
async function placeOrder(
  kind: 'cod' | 'bank_transfer' | 'test_card',
  { locale = 'en', quantity = 1 }: { locale?: string; quantity?: number } = {},
) {
  const b = browserOf(t);
  const product = await stockedProduct(t, quantity + 2);
  b.ok(await b.set(product.id, quantity));
  const email = `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const body: CheckoutBody = await checkoutBody(t.handle.db, {
    email,
    payment: await paymentId(kind),
  });
  const res = await b.send('POST', `/${locale}/api/sales/orders/`, body, {
    'idempotency-key': randomUUID(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order: orderSchema.parse(res.json()), product, email };
}

const move = (b: Browser, id: number, payload: unknown, locale = 'en') =>
  b.send('POST', `/${locale}/api/staff/orders/${id}/move/`, payload);

async function detail(b: Browser, id: number): Promise<StaffOrder> {
  const res = await b.send('GET', `/en/api/staff/orders/${id}/`);
  expect(res.statusCode, res.body).toBe(200);
  return staffOrderSchema.parse(res.json());
}

describe('who may call the staff API', () => {
  const reads = [
    '/en/api/staff/orders/',
    '/en/api/staff/shop/',
    '/en/api/staff/reviews/',
    '/en/api/staff/feedback/',
  ];

  it('anonymous: 401 in the caller’s language; a shopper: 403; staff: 200, never stored', async () => {
    const { order } = await placeOrder('cod');
    await expectStaffOnlyReads(t, [...reads, `/en/api/staff/orders/${order.id}/`]);
  });

  it('refuses a shopper’s write (403) and changes nothing', async () => {
    const shopper = browserOf(t);
    await shopper.logIn('shopper@example.com');
    const { order } = await placeOrder('bank_transfer');
    const res = await move(shopper, order.id, { to: 'paid', version: 1 });
    expect(res.statusCode).toBe(403);
    const [row] = await t.handle.db.select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row?.status).toBe('pending');
    const closed = await shopper.send('PATCH', '/en/api/staff/shop/', { visible: false });
    expect(closed.statusCode).toBe(403);
  });

  it('refuses a staff write without the CSRF token (403), changing nothing', async () => {
    const staff = await staffBrowser();
    const { order } = await placeOrder('bank_transfer');
    const res = await t.app.inject({
      method: 'POST',
      url: `/en/api/staff/orders/${order.id}/move/`,
      payload: { to: 'paid', version: 1 },
      headers: { cookie: staff.jar.header() },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: en('errors.csrf') });
    expect((await detail(staff, order.id)).status).toBe('pending');
  });
});

describe('the order list', () => {
  it('filters by status, payment, dates and a search by number, e-mail or name, and pages', async () => {
    const staff = await staffBrowser();
    const a = await placeOrder('bank_transfer');
    const b = await placeOrder('cod');
    const list = async (query: string) => {
      const res = await staff.send('GET', `/en/api/staff/orders/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return staffOrders.parse(res.json());
    };
    const numbers = async (query: string) => (await list(query)).results.map((r) => r.number);

    expect(await numbers(`q=${a.order.number}`)).toEqual([a.order.number]);
    expect(await numbers(`q=${encodeURIComponent(b.email.toUpperCase())}`)).toEqual([
      b.order.number,
    ]);
    expect(await numbers('q=Anna%20Must')).toEqual(
      expect.arrayContaining([a.order.number, b.order.number]),
    );
    expect(await numbers(`payment=bank_transfer&q=${a.email}`)).toEqual([a.order.number]);
    expect(await numbers(`payment=cod&q=${a.email}`)).toEqual([]);
    expect(await numbers(`status=pending&q=${a.email}`)).toEqual([a.order.number]);
    expect(await numbers(`status=paid&q=${a.email}`)).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await numbers(`from=${today}&to=${today}&q=${a.email}`)).toEqual([a.order.number]);
    expect(await numbers(`to=2000-01-01&q=${a.email}`)).toEqual([]);
    // A pattern character is a letter: '%' finds nothing.
    expect(await numbers('q=%25')).toEqual([]);

    const first = await list('page_size=1');
    expect(first.count).toBeGreaterThanOrEqual(2);
    expect(first.results).toHaveLength(1);
    expect(first.next).toContain('page=2');
    // Newest first.
    expect(first.results[0]!.id).toBeGreaterThanOrEqual(b.order.id);
  });

  it('refuses a bad filter with field errors in the caller’s language', async () => {
    const staff = await staffBrowser();
    const res = await staff.send('GET', '/de/api/staff/orders/?status=lost&from=yesterday');
    expect(res.statusCode).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(errors.status).toEqual([de('forms.select')]);
    expect(errors.from?.[0]).toBeTruthy();
  });
});

describe('moving an order', () => {
  it('bank transfer: paid, processing, shipped with tracking; each the shopper should know of mails them in their language', async () => {
    const staff = await staffBrowser();
    const { order, email } = await placeOrder('bank_transfer', { locale: 'de' });
    let shown = await detail(staff, order.id);
    expect(shown.moves).toEqual(['paid', 'processing', 'cancelled']);
    expect(shown.locale).toBe('de');

    const paid = await move(staff, order.id, { to: 'paid', version: shown.version });
    expect(paid.statusCode, paid.body).toBe(200);
    shown = staffOrderSchema.parse(paid.json());
    expect(shown.status).toBe('paid');
    expect(shown.moves).toEqual(['processing']);

    shown = staffOrderSchema.parse(
      (await move(staff, order.id, { to: 'processing', version: shown.version })).json(),
    );
    const shipped = await move(staff, order.id, {
      to: 'shipped',
      version: shown.version,
      trackingNumber: ' DHL-123 ',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    shown = staffOrderSchema.parse(shipped.json());
    expect(shown.status).toBe('shipped');
    expect(shown.trackingNumber).toBe('DHL-123');
    expect(shown.history.map((h) => [h.status, h.by])).toEqual([
      ['pending', null],
      ['paid', expect.any(String)],
      ['processing', expect.any(String)],
      ['shipped', expect.any(String)],
    ]);
    expect(shown.mails.map((m) => [m.kind, m.locale])).toEqual([
      ['confirmation', 'de'],
      ['paid', 'de'],
      ['shipped', 'de'],
    ]);

    expect(shown.mails.map((m) => m.subject)).toEqual([
      de('orders.mailSubject', { number: order.number }),
      de('orders.mailPaidSubject', { number: order.number }),
      de('orders.mailShippedSubject', { number: order.number }),
    ]);
    // The mails themselves (subjects are MIME-encoded: the texts are read), in German.
    const texts = (await mailsTo(t, email)).map((m) => m.text);
    const amount = new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(
      order.totals.orderTotal,
    );
    expect(
      texts.some((text) =>
        text.includes(de('orders.mailPaidText', { number: order.number, amount })),
      ),
    ).toBe(true);
    expect(
      texts.some((text) => text.includes(de('orders.mailShippedText', { number: order.number }))),
    ).toBe(true);
    expect(
      texts.some((text) => text.includes(de('orders.mailTracking', { tracking: 'DHL-123' }))),
    ).toBe(true);
    // Processing is no news to the shopper: the confirmation and two mails.
    expect(texts).toHaveLength(3);

    // Every move is in the staff log, with the status before and after.
    const log = await t.handle.db
      .select()
      .from(s.staffActions)
      .where(and(eq(s.staffActions.subject, 'order'), eq(s.staffActions.subjectId, order.id)))
      .orderBy(asc(s.staffActions.id));
    expect(log.map((l) => l.action)).toEqual(['move:paid', 'move:processing', 'move:shipped']);
    expect(log[0]?.before).toMatchObject({ status: 'pending' });
    expect(log[0]?.after).toMatchObject({ status: 'paid' });
  });

  it('refuses a move the domain does not allow (409, translated) and writes nothing', async () => {
    const staff = await staffBrowser();
    const { order } = await placeOrder('cod');
    const shown = await detail(staff, order.id);
    const res = await move(staff, order.id, { to: 'shipped', version: shown.version }, 'de');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: de('staff.orders.notAllowed', {
        from: de('orders.statuses.pending'),
        to: de('orders.statuses.shipped'),
      }),
    });
    const after = await detail(staff, order.id);
    expect(after.status).toBe('pending');
    expect(after.version).toBe(shown.version);
    expect(after.history).toHaveLength(1);
  });

  it('refuses to mark a card order paid by hand (409): its provider pays it', async () => {
    const staff = await staffBrowser();
    const { order } = await placeOrder('test_card');
    const shown = await detail(staff, order.id);
    expect(shown.moves).not.toContain('paid');
    const res = await move(staff, order.id, { to: 'paid', version: shown.version }, 'it');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: translatorFor('it')('staff.orders.paidByProvider') });
  });

  it('refuses bad input with field errors in the caller’s language (400)', async () => {
    const staff = await staffBrowser();
    const { order } = await placeOrder('cod');
    const res = await move(staff, order.id, { to: 'pending', version: 0 }, 'ru');
    expect(res.statusCode).toBe(400);
    const errors = res.json<Record<string, string[]>>();
    expect(errors.to).toEqual([translatorFor('ru')('forms.select')]);
    expect(errors.version?.[0]).toBeTruthy();
    expect((await detail(staff, order.id)).status).toBe('pending');
  });

  it('answers a move from a version seen before another staff move with "changed meanwhile" (409)', async () => {
    const staff = await staffBrowser();
    const { order } = await placeOrder('bank_transfer');
    const seen = await detail(staff, order.id);
    expect((await move(staff, order.id, { to: 'paid', version: seen.version })).statusCode).toBe(
      200,
    );
    // The second screen still shows the old version: even an allowed move is refused.
    const late = await move(staff, order.id, { to: 'processing', version: seen.version }, 'de');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ detail: de('staff.orders.changedMeanwhile') });
    expect((await detail(staff, order.id)).status).toBe('paid');
  });

  it('cancel puts the stock back in the same transaction, records who and when, and mails the shopper', async () => {
    const staff = await staffBrowser();
    const { order, product, email } = await placeOrder('cod', { quantity: 2 });
    const before = await stockOf(product.id);
    expect(before).toBe((product.stock ?? 0) - 2);
    const shown = await detail(staff, order.id);
    const res = await move(staff, order.id, { to: 'cancelled', version: shown.version });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = staffOrderSchema.parse(res.json());
    expect(cancelled.status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(product.stock);
    const last = cancelled.history.at(-1);
    expect(last?.status).toBe('cancelled');
    expect(last?.by).toBeTruthy();
    expect(Date.parse(last!.at)).toBeGreaterThan(Date.parse(order.createdAt) - 1);
    expect((await mailsTo(t, email)).map((m) => m.subject)).toContain(
      en('orders.mailCancelledSubject', { number: order.number }),
    );
    // A cancelled order goes nowhere, and the stock is not put back twice.
    const again = await move(staff, order.id, { to: 'cancelled', version: cancelled.version });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(product.id)).toBe(product.stock);
  });

  it('two staff moving the same order at once: one wins, the other hears "changed meanwhile"', async () => {
    const first = await staffBrowser();
    const second = await staffBrowser();
    const { order, product } = await placeOrder('bank_transfer', { quantity: 1 });
    const seen = await detail(first, order.id);
    const stockBefore = await stockOf(product.id);
    const answers = await Promise.all([
      move(first, order.id, { to: 'cancelled', version: seen.version }),
      move(second, order.id, { to: 'cancelled', version: seen.version }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json()).toEqual({ detail: en('staff.orders.changedMeanwhile') });
    // The stock came back once, and the history has one cancel.
    expect(await stockOf(product.id)).toBe((stockBefore ?? 0) + 1);
    const after = await detail(first, order.id);
    expect(after.history.filter((h) => h.status === 'cancelled')).toHaveLength(1);

    // Two different moves at once (paid and cancel) of another order: one of them.
    const other = await placeOrder('bank_transfer');
    const v = (await detail(first, other.order.id)).version;
    const both = await Promise.all([
      move(first, other.order.id, { to: 'paid', version: v }),
      move(second, other.order.id, { to: 'cancelled', version: v }),
    ]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const final = await detail(first, other.order.id);
    expect(final.history).toHaveLength(2);
  });
});

describe('the shop switch', () => {
  it('closes the shop to visitors at once (434), staff still see it, and opens it again', async () => {
    const staff = await staffBrowser();
    const visitor = browserOf(t);
    const guarded = '/en/api/products/products/';
    expect((await visitor.send('GET', guarded)).statusCode).toBe(200);
    const closed = await staff.send('PATCH', '/en/api/staff/shop/', { visible: false });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ visible: false, active: true, cart: true });
    try {
      expect((await visitor.send('GET', guarded)).statusCode).toBe(434);
      expect((await staff.send('GET', guarded)).statusCode).toBe(200);
      expect((await staff.send('GET', '/en/api/staff/shop/')).json()).toMatchObject({
        visible: false,
      });
    } finally {
      const opened = await staff.send('PATCH', '/en/api/staff/shop/', { visible: true });
      expect(opened.json()).toMatchObject({ visible: true });
    }
    expect((await visitor.send('GET', guarded)).statusCode).toBe(200);
    const log = await t.handle.db
      .select()
      .from(s.staffActions)
      .where(eq(s.staffActions.subject, 'shop'))
      .orderBy(asc(s.staffActions.id));
    expect(log.map((l) => l.action)).toEqual(['close', 'open']);
  });

  it('refuses a bad body (400)', async () => {
    const staff = await staffBrowser();
    const res = await staff.send('PATCH', '/en/api/staff/shop/', { visible: 'maybe' });
    expect(res.statusCode).toBe(400);
  });
});

describe('review moderation', () => {
  it('hides a product review from the shop (reason kept), shows it again, deletes it with the reason kept', async () => {
    const staff = await staffBrowser();
    const listed = paginated(staffReviewSchema).parse(
      (await staff.send('GET', '/en/api/staff/reviews/?kind=product')).json(),
    );
    const review = listed.results[0]!;
    expect(review.kind).toBe('product');
    // Newest first.
    const dates = listed.results.map((r) => Date.parse(r.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const [row] = await t.handle.db
      .select()
      .from(s.productReviews)
      .where(eq(s.productReviews.id, review.id));
    const publicIds = async () =>
      (
        await browserOf(t).send(
          'GET',
          `/en/api/products/reviews/?product=${row!.productId}&page_size=100`,
        )
      )
        .json<{ results: { id: number }[] }>()
        .results.map((r) => r.id);
    expect(await publicIds()).toContain(review.id);

    const url = `/de/api/staff/reviews/product/${review.id}/`;
    const noReason = await staff.send('POST', url, { action: 'hide' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: [de('staff.reviews.reasonRequired')] });

    expect((await staff.send('POST', url, { action: 'hide', reason: 'Insults' })).statusCode).toBe(
      204,
    );
    expect(await publicIds()).not.toContain(review.id);
    const hidden = paginated(staffReviewSchema)
      .parse((await staff.send('GET', '/en/api/staff/reviews/?kind=product&page_size=100')).json())
      .results.find((r) => r.id === review.id);
    expect(hidden).toMatchObject({ hidden: true, hiddenReason: 'Insults' });

    expect((await staff.send('POST', url, { action: 'show' })).statusCode).toBe(204);
    expect(await publicIds()).toContain(review.id);

    expect((await staff.send('POST', url, { action: 'delete', reason: 'Spam' })).statusCode).toBe(
      204,
    );
    expect(await publicIds()).not.toContain(review.id);
    const log = await t.handle.db
      .select()
      .from(s.staffActions)
      .where(
        and(eq(s.staffActions.subject, 'product_review'), eq(s.staffActions.subjectId, review.id)),
      )
      .orderBy(asc(s.staffActions.id));
    expect(log.map((l) => [l.action, l.reason])).toEqual([
      ['hide', 'Insults'],
      ['show', ''],
      ['delete', 'Spam'],
    ]);
    // The deleted review's text survives in the log.
    expect(log[2]?.before).toMatchObject({ text: row!.text });
    expect((await staff.send('POST', url, { action: 'show' })).statusCode).toBe(404);
  });

  it('lists shop and product reviews together, and hides a shop review', async () => {
    const staff = await staffBrowser();
    const all = paginated(staffReviewSchema).parse(
      (await staff.send('GET', '/en/api/staff/reviews/?page_size=100')).json(),
    );
    const kinds = new Set(all.results.map((r) => r.kind));
    expect(kinds).toEqual(new Set(['product', 'shop']));
    const shopReview = all.results.find((r) => r.kind === 'shop')!;
    const res = await staff.send('POST', `/en/api/staff/reviews/shop/${shopReview.id}/`, {
      action: 'hide',
      reason: 'Off topic',
    });
    expect(res.statusCode).toBe(204);
    const shown = (await browserOf(t).send('GET', '/en/api/organizations/reviews/?page_size=100'))
      .json<{ results: { id: number }[] }>()
      .results.map((r) => r.id);
    expect(shown).not.toContain(shopReview.id);
  });
});

describe('the feedback inbox', () => {
  it('lists messages of the contact form newest first and marks them read, then answered', async () => {
    const sender = browserOf(t);
    const subject = `Question ${randomUUID().slice(0, 8)}`;
    const sent = await sender.send('POST', '/it/api/organizations/feedbacks/', {
      name: 'Giulia',
      email: 'giulia@example.com',
      subject,
      message: 'Do you ship to Sicily as well?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const staff = await staffBrowser();
    const page = paginated(staffFeedbackSchema);
    const inbox = page.parse((await staff.send('GET', '/en/api/staff/feedback/?state=new')).json());
    const message = inbox.results[0]!;
    expect(message).toMatchObject({ subject, state: 'new', language: 'it' });

    const read = await staff.send('POST', `/en/api/staff/feedback/${message.id}/`, {
      mark: 'read',
    });
    expect(staffFeedbackSchema.parse(read.json()).state).toBe('read');
    const answered = await staff.send('POST', `/en/api/staff/feedback/${message.id}/`, {
      mark: 'answered',
    });
    expect(staffFeedbackSchema.parse(answered.json()).state).toBe('answered');
    // Marked read again later: it stays answered.
    const again = await staff.send('POST', `/en/api/staff/feedback/${message.id}/`, {
      mark: 'read',
    });
    expect(staffFeedbackSchema.parse(again.json()).state).toBe('answered');

    const ids = async (state: string) =>
      page
        .parse((await staff.send('GET', `/en/api/staff/feedback/?state=${state}`)).json())
        .results.map((r) => r.id);
    expect(await ids('new')).not.toContain(message.id);
    expect(await ids('answered')).toContain(message.id);
    const bad = await staff.send('POST', `/en/api/staff/feedback/${message.id}/`, {
      mark: 'lost',
    });
    expect(bad.statusCode).toBe(400);
  });
});
