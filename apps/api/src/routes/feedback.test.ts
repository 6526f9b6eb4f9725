import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '#api/db/schema.ts';
import { useTestApp, type TestContext } from '../../test/helpers.ts';
import { mailsTo } from '../../test/mail.ts';
import { browserOf } from '../../test/shopper.ts';

const FEEDBACK = '/api/organizations/feedbacks/';
const FEEDBACK_LIMIT = 3;
const t = useTestApp({
  // The addresses come from X-Forwarded-For, as behind a trusted proxy.
  trustProxy: true,
  authLimits: { perAccount: 10, perAddress: 20, windowMs: 60_000, feedbackPerAddress: 3 },
});

/** Each test writes from an address of its own, so the rate limit counts only its messages. */
const ip = () => `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

function message(extra: Record<string, unknown> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    name: 'Mira Novak',
    email: `mira-${tag}@example.com`,
    phone: '+49 30 1234567',
    subject: `Linen sizes ${tag}`,
    message: 'Do the linen shirts run small? I usually wear M.',
    ...extra,
  };
}

async function shopAddress(t: TestContext): Promise<string> {
  const [shop] = await t.handle.db.select({ email: s.organizations.email }).from(s.organizations);
  if (!shop?.email) throw new Error('the demo shop has no address');
  return shop.email;
}

const stored = (t: TestContext, email: string) =>
  t.handle.db.select().from(s.feedbacks).where(eq(s.feedbacks.email, email));

describe('POST /api/organizations/feedbacks/', () => {
  it('keeps the message and mails it to the shop, answering in the caller’s language', async () => {
    const b = browserOf(t);
    const body = message();
    const res = await b.send('POST', `/de${FEEDBACK}`, body, { 'x-forwarded-for': ip() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ detail: 'Vielen Dank! Ihre Nachricht wurde gesendet.' });

    const [row] = await stored(t, body.email);
    expect(row).toMatchObject({
      name: body.name,
      phone: body.phone,
      subject: body.subject,
      message: body.message,
      locale: 'de',
      userId: null,
    });

    const mails = (await mailsTo(t, await shopAddress(t))).filter((m) =>
      m.subject.includes(body.subject),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^Contact form, .+: Linen sizes/);
    expect(mails[0]?.text).toContain(`From: Mira Novak (${body.email})`);
    expect(mails[0]?.text).toContain('Language: de');
    expect(mails[0]?.text).toContain(body.message);
  });

  it('names the sender’s account when logged in, and takes a message without a phone', async () => {
    const b = browserOf(t);
    await b.logIn('shopper@example.com');
    const { phone: _phone, ...body } = message();
    const res = await b.send('POST', `/en${FEEDBACK}`, body, { 'x-forwarded-for': ip() });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await stored(t, body.email);
    expect(row?.userId).toBeTypeOf('number');
    expect(row?.phone).toBe('');
  });

  it.each([
    [
      'de',
      {
        name: ['Dieses Feld ist ein Pflichtfeld'],
        email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein'],
        phone: ['Das Feld „Telefon“ hat ein ungültiges Format'],
        subject: ['Dieses Feld ist ein Pflichtfeld'],
        message: ['Das Feld „Nachricht“ muss mindestens 10 Zeichen lang sein'],
      },
    ],
    [
      'ru',
      {
        name: ['Это поле обязательно для заполнения'],
        email: ['Введите корректный адрес электронной почты'],
        phone: ['Поле «Телефон» заполнено в неверном формате'],
        subject: ['Это поле обязательно для заполнения'],
        message: ['Поле «Сообщение» должно содержать не менее 10 символов'],
      },
    ],
    [
      'it',
      {
        name: ['Questo campo è obbligatorio'],
        email: ['Inserisci un indirizzo e-mail valido'],
        phone: ['Il formato del campo «Telefono» non è valido'],
        subject: ['Questo campo è obbligatorio'],
        message: ['Il campo «Messaggio» deve contenere almeno 10 caratteri'],
      },
    ],
    [
      'en',
      {
        name: ['This field is required'],
        email: ['Please enter a valid email'],
        phone: ['The "Phone" field format is invalid'],
        subject: ['This field is required'],
        message: ['The "Message" field must be at least 10 characters long'],
      },
    ],
  ])(
    'refuses every bad field with its message in %s, keeping and mailing nothing',
    async (locale, errors) => {
      const b = browserOf(t);
      const email = `not-an-address-${randomUUID().slice(0, 8)}`;
      const res = await b.send(
        'POST',
        `/${locale}${FEEDBACK}`,
        { name: '   ', email, phone: 'call me', subject: '', message: 'Hi' },
        { 'x-forwarded-for': ip() },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errors);
      expect(await stored(t, email)).toHaveLength(0);
    },
  );

  it('answers a missing body field as required, never a 500', async () => {
    const b = browserOf(t);
    const res = await b.send('POST', `/en${FEEDBACK}`, {}, { 'x-forwarded-for': ip() });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<Record<string, unknown>>()).sort()).toEqual([
      'email',
      'message',
      'name',
      'subject',
    ]);
  });

  it('answers a filled honeypot as sent, but keeps and mails nothing', async () => {
    const b = browserOf(t);
    const body = message({ website: 'https://spam.example/' });
    const res = await b.send('POST', `/en${FEEDBACK}`, body, { 'x-forwarded-for': ip() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ detail: 'Thank you! Your message has been sent.' });
    expect(await stored(t, body.email)).toHaveLength(0);
    const mails = await mailsTo(t, await shopAddress(t));
    expect(mails.some((m) => m.subject.includes(body.subject))).toBe(false);
  });

  it(`refuses the ${FEEDBACK_LIMIT + 1}th message from one address with 429, others still pass`, async () => {
    const b = browserOf(t);
    const address = ip();
    const statuses = [];
    for (let i = 0; i <= FEEDBACK_LIMIT; i++) {
      const res = await b.send('POST', `/en${FEEDBACK}`, message(), { 'x-forwarded-for': address });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    const blocked = message();
    const again = await b.send('POST', `/it${FEEDBACK}`, blocked, { 'x-forwarded-for': address });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json<{ detail: string }>().detail).toContain('Troppi tentativi');
    expect(await stored(t, blocked.email)).toHaveLength(0);

    const other = await b.send('POST', `/en${FEEDBACK}`, message(), { 'x-forwarded-for': ip() });
    expect(other.statusCode).toBe(201);
  });

  it('refuses a message without the CSRF token (403), keeping nothing', async () => {
    const body = message();
    const res = await t.app.inject({ method: 'POST', url: `/en${FEEDBACK}`, payload: body });
    expect(res.statusCode).toBe(403);
    const forged = await t.app.inject({
      method: 'POST',
      url: `/en${FEEDBACK}`,
      payload: body,
      headers: { cookie: 'csrftoken=a'.padEnd(43, 'a'), 'x-csrftoken': 'b'.repeat(32) },
    });
    expect(forged.statusCode).toBe(403);
    expect(await stored(t, body.email)).toHaveLength(0);
  });
});
