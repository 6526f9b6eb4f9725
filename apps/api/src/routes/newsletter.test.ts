import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import { DEFAULT_AUTH_LIMITS } from '#api/lib/auth-limit-defaults.ts';
import { isSubscribed } from '#api/repos/newsletter.ts';
import { useTestApp } from '../../test/helpers.ts';
import { mailsTo } from '../../test/mail.ts';
import { browserOf } from '../../test/shopper.ts';

// The app's clock: real time unless a test moves it on (confirm links end after 7 days).
let offset = 0;
const t = useTestApp({
  now: () => new Date(Date.now() + offset),
  authLimits: { ...DEFAULT_AUTH_LIMITS, perAddress: 100 },
});

const N = '/en/api/accounts/newsletter';
const newEmail = () => `reader-${randomUUID().slice(0, 8)}@example.com`;

/** The `confirm` or `unsubscribe` token of the newest newsletter mail to `to`. */
async function mailedToken(to: string, kind: 'confirm' | 'unsubscribe') {
  const mails = await mailsTo(t, to);
  const text = mails.at(-1)?.text ?? '';
  const match = new RegExp(`/en/newsletter/\\?${kind}=([\\w.-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${kind} link mailed to ${to}`);
  return match[1];
}

describe('the newsletter for anyone, with a double opt-in (issue 23)', () => {
  it('subscribes a guest only once the mailed link is opened; again changes nothing', async () => {
    const guest = browserOf(t);
    const email = newEmail();
    const asked = await guest.send('POST', `${N}/`, { email });
    expect(asked.statusCode, asked.body).toBe(200);
    // The same answer for an address that is new, waiting or already on the list.
    const other = await guest.send('POST', `${N}/`, { email: newEmail() });
    expect(other.body).toBe(asked.body);
    const [mail, ...more] = await mailsTo(t, email);
    expect(more).toEqual([]);
    expect(mail?.subject).toContain('Confirm your newsletter subscription');
    expect(await isSubscribed(t.handle.db, email)).toBe(false);

    const token = await mailedToken(email, 'confirm');
    const confirmed = await guest.send('POST', `${N}/confirm/`, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      detail: 'Thank you! You are now subscribed to our newsletter.',
    });
    expect(await isSubscribed(t.handle.db, email)).toBe(true);
    // Opening the link again, or signing up again: still one subscription, no new mail.
    expect((await guest.send('POST', `${N}/confirm/`, { token })).statusCode).toBe(200);
    expect((await guest.send('POST', `${N}/`, { email: email.toUpperCase() })).body).toBe(
      asked.body,
    );
    expect(await mailsTo(t, email)).toHaveLength(1);
    const rows = await t.handle.db
      .select()
      .from(s.newsletterSubscribers)
      .where(eq(s.newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
  });

  it('eight sign-ups and confirms of one address at once leave one subscriber', async () => {
    const email = newEmail();
    const signUps = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        browserOf(t).send('POST', `${N}/`, { email: i % 2 ? email : email.toUpperCase() }),
      ),
    );
    expect(signUps.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    const rows = () =>
      t.handle.db
        .select()
        .from(s.newsletterSubscribers)
        .where(eq(s.newsletterSubscribers.email, email));
    // Nothing is kept before the mailed link is opened.
    expect(await rows()).toHaveLength(0);
    const token = await mailedToken(email, 'confirm');
    const confirms = await Promise.all(
      Array.from({ length: 8 }, () => browserOf(t).send('POST', `${N}/confirm/`, { token })),
    );
    expect(confirms.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await rows()).toHaveLength(1);
    expect(await isSubscribed(t.handle.db, email)).toBe(true);
  });

  it('unsubscribes with the mailed link', async () => {
    const b = browserOf(t);
    const email = newEmail();
    await b.send('POST', `${N}/`, { email });
    await b.send('POST', `${N}/confirm/`, { token: await mailedToken(email, 'confirm') });
    expect(await isSubscribed(t.handle.db, email)).toBe(true);
    const left = await b.send('POST', `${N}/unsubscribe/`, {
      token: await mailedToken(email, 'unsubscribe'),
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await isSubscribed(t.handle.db, email)).toBe(false);
    // Signing up again asks again.
    await b.send('POST', `${N}/`, { email });
    expect(await mailsTo(t, email)).toHaveLength(2);
    expect(await isSubscribed(t.handle.db, email)).toBe(false);
  });

  it('refuses a changed, foreign or expired link, and a bad address, with field errors', async () => {
    const b = browserOf(t);
    const email = newEmail();
    await b.send('POST', `${N}/`, { email });
    const token = await mailedToken(email, 'confirm');
    const [, end, signature] = token.split('.');
    const forged = `${Buffer.from('eve@example.com').toString('base64url')}.${end}.${signature}`;
    const refused = await b.send('POST', `${N}/confirm/`, { token: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ token: ['This link is not valid.'] });
    // A confirm link does not unsubscribe, nor the other way round.
    expect((await b.send('POST', `${N}/unsubscribe/`, { token })).statusCode).toBe(400);
    const german = await b.send('POST', '/de/api/accounts/newsletter/confirm/', { token: 'x' });
    expect(german.statusCode).toBe(400);
    expect(Object.keys(german.json<Record<string, unknown>>())).toEqual(['token']);
    offset = 7 * 86_400_000 + 1000;
    try {
      const late = await b.send('POST', `${N}/confirm/`, { token });
      expect(late.json()).toEqual({ token: ['This link has expired. Ask for a new one.'] });
    } finally {
      offset = 0;
    }
    expect(await isSubscribed(t.handle.db, email)).toBe(false);
    const bad = await b.send('POST', `${N}/`, { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Record<string, unknown>>())).toEqual(['email']);
  });

  it("keeps an account's switch and its address's place on the list the same", async () => {
    const b = browserOf(t);
    await b.logIn('shopper@example.com');
    const on = await b.send('PATCH', '/en/api/accounts/user_info/', { newsletter: true });
    expect(on.json<{ newsletter: boolean }>().newsletter).toBe(true);
    expect(await isSubscribed(t.handle.db, 'shopper@example.com')).toBe(true);
    // On the list already (by the account's switch): signing up again mails nothing.
    const guest = browserOf(t);
    await guest.send('POST', `${N}/`, { email: 'shopper@example.com' });
    expect(await mailsTo(t, 'shopper@example.com')).toSatisfy((mails: { subject: string }[]) =>
      mails.every((m) => !m.subject.includes('newsletter')),
    );
    const off = await b.send('PATCH', '/en/api/accounts/user_info/', { newsletter: false });
    expect(off.json<{ newsletter: boolean }>().newsletter).toBe(false);
    expect(await isSubscribed(t.handle.db, 'shopper@example.com')).toBe(false);
    // A guest sign-up with the account's address, confirmed: the account shows it.
    await guest.send('POST', `${N}/`, { email: 'shopper@example.com' });
    await guest.send('POST', `${N}/confirm/`, {
      token: await mailedToken('shopper@example.com', 'confirm'),
    });
    const me = await b.send('GET', '/en/api/accounts/user_info/');
    expect(me.json<{ newsletter: boolean }>().newsletter).toBe(true);
  });
});
