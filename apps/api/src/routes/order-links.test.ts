import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderSchema, paginated, type Order } from '@shop/contract';
import * as s from '#api/db/schema.ts';
import { DEFAULT_AUTH_LIMITS } from '#api/lib/auth-limit-defaults.ts';
import { SIGN_UP_PASSWORD as PASSWORD, signUp } from '../../test/change-counts.ts';
import { useTestApp } from '../../test/helpers.ts';
import { linkToken, mailsTo } from '../../test/mail.ts';
import { browserOf, checkoutBody, stockedProduct, type Browser } from '../../test/shopper.ts';

// The links in mails are built on the configured origin, never on the request's Host.
const ORIGIN = 'https://shop.example';
const t = useTestApp({
  publicOrigin: ORIGIN,
  authLimits: { ...DEFAULT_AUTH_LIMITS, perAddress: 100 },
});

const newEmail = () => `guest-${randomUUID().slice(0, 8)}@example.com`;

/** A guest (a browser with no account) orders one item, delivered to Marienplatz 1. */
async function guestOrder(email: string, locale = 'en'): Promise<{ b: Browser; order: Order }> {
  const b = browserOf(t);
  const product = await stockedProduct(t, 5);
  b.ok(await b.set(product.id, 1));
  const res = await b.send(
    'POST',
    `/${locale}/api/sales/orders/`,
    await checkoutBody(t.handle.db, { email }),
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return { b, order: orderSchema.parse(res.json()) };
}

/** The order page link of the order mail (its text part), split into id and token. */
async function mailedOrderLink(email: string) {
  const [mail] = await mailsTo(t, email);
  const match = /(https:\/\/shop\.example\/\w+\/account\/orders\/(\d+)\/\?token=([\w-]+))/.exec(
    mail?.text ?? '',
  );
  if (!match) throw new Error(`no order link in ${mail?.text}`);
  return { url: match[1] ?? '', id: Number(match[2]), token: match[3] ?? '' };
}

describe('the order mail', () => {
  it('is HTML and text in the order’s language, with the shop, the lines and the order’s link', async () => {
    const email = newEmail();
    const { order } = await guestOrder(email, 'de');
    const [mail] = await mailsTo(t, email);
    expect(mail?.contentType).toBe('multipart/alternative');
    expect(mail?.types).toEqual(['text/plain', 'text/html']);
    expect(mail?.subject).toContain(order.number);

    const { url, id } = await mailedOrderLink(email);
    expect(id).toBe(order.id);
    const html = mail?.html ?? '';
    expect(html).toContain('<html dir="ltr" lang="de"');
    expect(html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Zu Ihrer Bestellung');
    for (const item of order.items) {
      expect(html).toContain(`${item.quantity} × ${item.title}`);
      expect(mail?.text).toContain(`${item.quantity} × ${item.title}`);
    }
    expect(html).toContain('Marienplatz 1');
    expect(mail?.text).toContain('Marienplatz 1');
    // Nothing fetched from elsewhere: every address in the mail is the shop's own.
    for (const [, src] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect(src?.startsWith(`${ORIGIN}/`), src).toBe(true);
    }
  });

  it('links to the order for anyone holding the link, in any browser; a changed link finds nothing', async () => {
    const email = newEmail();
    const { order } = await guestOrder(email);
    const { id, token } = await mailedOrderLink(email);
    const stranger = browserOf(t);

    const opened = await stranger.send('GET', `/en/api/sales/orders/${id}/?token=${token}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.headers['cache-control']).toContain('no-store');
    expect(orderSchema.parse(opened.json())).toMatchObject({
      id: order.id,
      number: order.number,
      address: 'Marienplatz 1',
      payment: { title: 'Cash on delivery' },
      trackingNumber: '',
    });

    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const url of [
      `/en/api/sales/orders/${id}/`,
      `/en/api/sales/orders/${id}/?token=${flipped}`,
      `/en/api/sales/orders/${id + 1}/?token=${token}`,
    ]) {
      expect((await stranger.send('GET', url)).statusCode, url).toBe(404);
    }
    // Not a token at all: refused by the contract, in the caller's language.
    const malformed = await stranger.send('GET', `/de/api/sales/orders/${id}/?token=%3Cx%3E`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ token: [expect.stringMatching(/ungültig/)] });
  });

  it('shows the tracking number staff entered', async () => {
    const email = newEmail();
    const { b, order } = await guestOrder(email);
    await t.handle.db
      .update(s.orders)
      .set({ trackingNumber: 'DHL 00340434161094042557' })
      .where(eq(s.orders.id, order.id));
    const res = await b.send('GET', `/en/api/sales/orders/${order.id}/`);
    expect(orderSchema.parse(res.json()).trackingNumber).toBe('DHL 00340434161094042557');
  });
});

describe('guest orders follow the shopper', () => {
  const ownerOf = async (id: number) =>
    (await t.handle.db.select().from(s.orders).where(eq(s.orders.id, id)))[0]?.userId;

  it('join the account of the same address once it is confirmed, not before', async () => {
    const email = newEmail();
    const first = await guestOrder(email);
    // The same address typed another way is the same mailbox.
    const second = await guestOrder(email.toUpperCase());
    const other = await guestOrder(newEmail());

    const b = browserOf(t);
    await signUp(b, email);
    // Registered, not confirmed: anyone can type an address, so nothing is theirs yet.
    expect(await ownerOf(first.order.id)).toBeNull();
    expect(await ownerOf(second.order.id)).toBeNull();

    const token = await linkToken(t, email, 'confirm-email');
    const confirmed = await b.send('POST', '/en/api/accounts/confirm_email/', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const login = await b.send('POST', '/en/api/accounts/login/', { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);

    const mine = paginated(orderSchema).parse(
      (await b.send('GET', '/en/api/sales/orders/')).json(),
    );
    expect(mine.results.map((o) => o.id).sort()).toEqual([first.order.id, second.order.id].sort());
    expect(await ownerOf(other.order.id)).toBeNull();
    // The account reads them like its own (the detail, "Order again").
    expect((await b.send('GET', `/en/api/sales/orders/${first.order.id}/`)).statusCode).toBe(200);
  });

  it('a guest order placed after the confirmation joins the account at its next login; another account never sees it', async () => {
    const email = newEmail();
    const before = await guestOrder(email);
    const b = browserOf(t);
    await signUp(b, email);
    const token = await linkToken(t, email, 'confirm-email');
    expect((await b.send('POST', '/en/api/accounts/confirm_email/', { token })).statusCode).toBe(
      200,
    );
    expect((await b.send('POST', '/en/api/accounts/logout/')).statusCode).toBeLessThan(300);
    // Logged out: the next order with this address is a guest's again (another browser too).
    const after = await guestOrder(email.toUpperCase());
    expect(await ownerOf(after.order.id)).toBeNull();

    // Someone else's account logging in takes nothing of it …
    const stranger = browserOf(t);
    await stranger.logIn('shopper@example.com');
    expect(await ownerOf(after.order.id)).toBeNull();
    const strangers = paginated(orderSchema).parse(
      (await stranger.send('GET', '/en/api/sales/orders/')).json(),
    );
    expect(strangers.results.map((o) => o.id)).not.toContain(after.order.id);
    expect(strangers.results.map((o) => o.id)).not.toContain(before.order.id);
    expect((await stranger.send('GET', `/en/api/sales/orders/${after.order.id}/`)).statusCode).toBe(
      404,
    );

    // … the address's own account, logging in, has both in "My orders".
    const login = await b.send('POST', '/en/api/accounts/login/', { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(200);
    const mine = paginated(orderSchema).parse(
      (await b.send('GET', '/en/api/sales/orders/')).json(),
    );
    expect(mine.results.map((o) => o.id).sort()).toEqual([before.order.id, after.order.id].sort());
  });

  it('an address registered but not confirmed claims nothing at a login attempt', async () => {
    const email = newEmail();
    const { order } = await guestOrder(email);
    const b = browserOf(t);
    await signUp(b, email);
    const login = await b.send('POST', '/en/api/accounts/login/', { email, password: PASSWORD });
    expect(login.statusCode, login.body).toBe(403);
    expect(await ownerOf(order.id)).toBeNull();
  });

  it('the confirm link opened six times at once confirms once and claims the guest orders', async () => {
    const email = newEmail();
    const placed = [await guestOrder(email), await guestOrder(email)];
    const b = browserOf(t);
    await signUp(b, email);
    const token = await linkToken(t, email, 'confirm-email');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        browserOf(t).send('POST', '/en/api/accounts/confirm_email/', { token }),
      ),
    );
    // The link is spent once: one confirms, the others hear what a second click hears (400),
    // never a 500.
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 400, 400, 400, 400, 400]);
    const again = await b.send('POST', '/en/api/accounts/confirm_email/', { token });
    expect(answers.find((res) => res.statusCode === 400)?.body).toBe(again.body);
    const [user] = await t.handle.db.select().from(s.users).where(eq(s.users.email, email));
    for (const { order } of placed) expect(await ownerOf(order.id)).toBe(user!.id);
  });

  it('are not taken from another account, and a reset link proves the mailbox too', async () => {
    const email = newEmail();
    const { order } = await guestOrder(email);
    // Another account's order, with this address typed in as the contact: it stays theirs.
    const shopper = browserOf(t);
    const owner = await shopper.logIn('shopper@example.com');
    const product = await stockedProduct(t, 5);
    shopper.ok(await shopper.set(product.id, 1));
    const theirs = await shopper.send(
      'POST',
      '/en/api/sales/orders/',
      await checkoutBody(t.handle.db, { email }),
      { 'idempotency-key': randomUUID() },
    );
    expect(theirs.statusCode, theirs.body).toBe(201);

    const b = browserOf(t);
    await signUp(b, email);
    await mailsTo(t, email);
    // Not confirmed by its link, but by a password reset: the mailbox answered either way.
    await b.send('POST', '/en/api/accounts/password_reset/', { email });
    const reset = await linkToken(t, email, 'reset-password');
    const changed = await b.send('POST', '/en/api/accounts/password_reset/confirm/', {
      token: reset,
      password: `${PASSWORD}-2`,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [user] = await t.handle.db.select().from(s.users).where(eq(s.users.email, email));
    expect(await ownerOf(order.id)).toBe(user?.id);
    expect(await ownerOf(orderSchema.parse(theirs.json()).id)).toBe(owner.id);
  });
});
