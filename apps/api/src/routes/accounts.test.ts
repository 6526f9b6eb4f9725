import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_LIMITS } from '#api/lib/auth-limit-defaults.ts';
import { useTestApp } from '../../test/helpers.ts';
import { linkToken, mailsTo } from '../../test/mail.ts';
import { browserOf, type Browser } from '../../test/shopper.ts';

// The app's clock: real time unless a test moves it on (links expire by it).
let offset = 0;
// Every request here comes from one address: its mail-sending calls get room for the whole file.
const t = useTestApp({
  now: () => new Date(Date.now() + offset),
  authLimits: { ...DEFAULT_AUTH_LIMITS, perAddress: 100 },
});

const A = '/en/api/accounts';
const PASSWORD = 'linen-and-clay-2026';
const newEmail = () => `new-${randomUUID().slice(0, 8)}@example.com`;

const register = (b: Browser, email: string, extra: Record<string, unknown> = {}, locale = 'en') =>
  b.send('POST', `/${locale}/api/accounts/register/`, {
    email,
    password: PASSWORD,
    firstName: 'Mira',
    lastName: 'Novak',
    ...extra,
  });
const login = (b: Browser, email: string, password = PASSWORD) =>
  b.send('POST', `${A}/login/`, { email, password });

describe('registering and confirming the address', () => {
  it('creates an account, mails the link, refuses login until it is opened, then lets in', async () => {
    const b = browserOf(t);
    const email = newEmail();
    const res = await register(b, email);
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.text).toMatch(/\/en\/account\/confirm-email\/\?token=[\w-]{40,}/);

    const early = await login(b, email);
    expect(early.statusCode).toBe(403);
    expect(early.json<{ detail: string }>().detail).toContain('We can send it again');

    const token = await linkToken(t, email, 'confirm-email');
    const confirmed = await b.send('POST', `${A}/confirm_email/`, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const again = await b.send('POST', `${A}/confirm_email/`, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['This link has already been used or is not valid.'] });
    expect((await login(b, email)).statusCode).toBe(200);
  });

  it('answers a taken address like a new one, and mails its owner how to log in or reset', async () => {
    const b = browserOf(t);
    const taken = await register(b, 'shopper@example.com', {}, 'de');
    const fresh = await register(b, newEmail(), {}, 'de');
    expect(taken.statusCode).toBe(201);
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect(taken.json<{ detail: string }>().detail).toContain('E-Mail an diese Adresse');
    const [mail] = (await mailsTo(t, 'shopper@example.com')).slice(-1);
    expect(mail?.subject).toBe('Sie haben bereits ein Konto');
    expect(mail?.text).toMatch(/\/de\/account\/login\//);
    expect(mail?.text).toMatch(/\/de\/account\/forgot-password\//);
    // The account is as it was: its own password still logs in.
    expect((await login(browserOf(t), 'shopper@example.com', 'demo1234')).statusCode).toBe(200);
  });

  it('refuses a common password and one like the email, in the caller’s language', async () => {
    const b = browserOf(t);
    const common = await register(b, newEmail(), { password: 'Password123' }, 'de');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({
      password: ['Dieses Passwort ist zu verbreitet – bitte wählen Sie ein anderes.'],
    });
    const email = newEmail();
    const like = await register(b, email, { password: `${email.split('@')[0]}!!` });
    expect(Object.keys(like.json<Record<string, unknown>>())).toEqual(['password']);
    const short = await register(b, newEmail(), { password: 'short' });
    expect(Object.keys(short.json<Record<string, unknown>>())).toEqual(['password']);
  });

  it('lets a link expire after 3 days, and sends a new one on request (same answer for anyone)', async () => {
    const b = browserOf(t);
    const email = newEmail();
    await register(b, email);
    const old = await linkToken(t, email, 'confirm-email');
    offset = 3 * 86_400_000 + 1000;
    try {
      const expired = await b.send('POST', `${A}/confirm_email/`, { token: old });
      expect(expired.json()).toEqual({ token: ['This link has expired. Ask for a new one.'] });
    } finally {
      offset = 0;
    }
    const known = await b.send('POST', `${A}/confirm_email/resend/`, { email });
    const unknown = await b.send('POST', `${A}/confirm_email/resend/`, { email: newEmail() });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.json()).toEqual(unknown.json());
    const fresh = await linkToken(t, email, 'confirm-email');
    expect(fresh).not.toBe(old);
    expect((await b.send('POST', `${A}/confirm_email/`, { token: fresh })).statusCode).toBe(200);
  });
});

describe('the mailed links sign the shopper in (issue 23)', () => {
  const cookieSet = (res: { headers: Record<string, unknown> }, name: string) =>
    ([] as unknown[])
      .concat(res.headers['set-cookie'] ?? [])
      .some((line) => String(line).startsWith(`${name}=`));

  it('confirming the address starts a new session with a new CSRF token, once', async () => {
    const email = newEmail();
    await register(browserOf(t), email);
    const token = await linkToken(t, email, 'confirm-email');
    // Opened in another browser than the one that registered (a phone's mail app).
    const b = browserOf(t);
    await b.send('GET', `${A}/login/`);
    const before = b.jar.get('csrftoken');
    expect((await b.send('GET', `${A}/user_info/`)).statusCode).toBe(401);
    const confirmed = await b.send('POST', `${A}/confirm_email/`, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(cookieSet(confirmed, 'sessionid')).toBe(true);
    expect(b.jar.get('csrftoken')).not.toBe(before);
    const me = await b.send('GET', `${A}/user_info/`);
    expect(me.statusCode).toBe(200);
    expect(me.json<{ email: string }>().email).toBe(email);
    // The link is spent: a second use (anyone's) signs nobody in.
    const other = browserOf(t);
    const again = await other.send('POST', `${A}/confirm_email/`, { token });
    expect(again.statusCode).toBe(400);
    expect(cookieSet(again, 'sessionid')).toBe(false);
    expect((await other.send('GET', `${A}/user_info/`)).statusCode).toBe(401);
  });

  it('resetting the password starts a new session with a new CSRF token, once', async () => {
    const email = newEmail();
    const first = browserOf(t);
    await register(first, email);
    await first.send('POST', `${A}/confirm_email/`, {
      token: await linkToken(t, email, 'confirm-email'),
    });
    const b = browserOf(t);
    await b.send('POST', `${A}/password_reset/`, { email });
    const token = await linkToken(t, email, 'reset-password');
    const before = b.jar.get('csrftoken');
    const done = await b.send('POST', `${A}/password_reset/confirm/`, {
      token,
      password: 'a-new-linen-password',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(cookieSet(done, 'sessionid')).toBe(true);
    expect(b.jar.get('csrftoken')).not.toBe(before);
    expect((await b.send('GET', `${A}/user_info/`)).json<{ email: string }>().email).toBe(email);
    // The browser that confirmed before the reset is signed out; the link cannot be used again.
    expect((await first.send('GET', `${A}/user_info/`)).statusCode).toBe(401);
    const other = browserOf(t);
    const reused = await other.send('POST', `${A}/password_reset/confirm/`, {
      token,
      password: 'another-linen-password',
    });
    expect(reused.statusCode).toBe(400);
    expect(cookieSet(reused, 'sessionid')).toBe(false);
    expect((await other.send('GET', `${A}/user_info/`)).statusCode).toBe(401);
  });
});

describe('resetting the password', () => {
  async function confirmedUser() {
    const b = browserOf(t);
    const email = newEmail();
    await register(b, email);
    await b.send('POST', `${A}/confirm_email/`, {
      token: await linkToken(t, email, 'confirm-email'),
    });
    return email;
  }

  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const email = await confirmedUser();
    const b = browserOf(t);
    const stranger = newEmail();
    const known = await b.send('POST', `${A}/password_reset/`, { email });
    const unknown = await b.send('POST', `${A}/password_reset/`, { email: stranger });
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(await mailsTo(t, stranger)).toEqual([]);
    expect((await mailsTo(t, email)).some((m) => m.subject === 'Reset your password')).toBe(true);
  });

  it('sets the new password once, signs out the other sessions, and the link is spent', async () => {
    const email = await confirmedUser();
    const phone = browserOf(t);
    expect((await login(phone, email)).statusCode).toBe(200);
    const b = browserOf(t);
    await b.send('POST', `${A}/password_reset/`, { email });
    const token = await linkToken(t, email, 'reset-password');
    const weak = await b.send('POST', `${A}/password_reset/confirm/`, {
      token,
      password: 'password123',
    });
    expect(Object.keys(weak.json<Record<string, unknown>>())).toEqual(['password']);
    const done = await b.send('POST', `${A}/password_reset/confirm/`, {
      token,
      password: 'a-new-linen-password',
    });
    expect(done.statusCode, done.body).toBe(200);
    // The phone logged in before the reset: it is signed out.
    expect((await phone.send('GET', `${A}/user_info/`)).statusCode).toBe(401);
    expect((await login(b, email)).statusCode).toBe(400);
    expect((await login(b, email, 'a-new-linen-password')).statusCode).toBe(200);
    const reused = await b.send('POST', `${A}/password_reset/confirm/`, {
      token,
      password: 'another-linen-password',
    });
    expect(reused.statusCode).toBe(400);
  });

  it('answers before any lookup or mail, for a known and an unknown address alike', async () => {
    const email = await confirmedUser();
    const b = browserOf(t);
    // A mailer that hangs: the old handler waited for it, so the request never answered.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = t.app.mailer.send;
    t.app.mailer.send = async (message) => {
      await held;
      return send.call(t.app.mailer, message);
    };
    try {
      const known = await b.send('POST', `${A}/password_reset/`, { email });
      const unknown = await b.send('POST', `${A}/password_reset/`, { email: newEmail() });
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.body).toBe(unknown.body);
    } finally {
      release();
      t.app.mailer.send = send;
    }
    expect((await mailsTo(t, email)).some((m) => m.subject === 'Reset your password')).toBe(true);
  });

  it('refuses an older link once a newer one has been used', async () => {
    const email = await confirmedUser();
    const b = browserOf(t);
    await b.send('POST', `${A}/password_reset/`, { email });
    const older = await linkToken(t, email, 'reset-password');
    await b.send('POST', `${A}/password_reset/`, { email });
    const newer = await linkToken(t, email, 'reset-password');
    expect(newer).not.toBe(older);
    const done = await b.send('POST', `${A}/password_reset/confirm/`, {
      token: newer,
      password: 'a-new-linen-password',
    });
    expect(done.statusCode, done.body).toBe(200);
    const stale = await b.send('POST', `${A}/password_reset/confirm/`, {
      token: older,
      password: 'an-attackers-linen-password',
    });
    expect(stale.statusCode).toBe(400);
    expect((await login(b, email, 'a-new-linen-password')).statusCode).toBe(200);
  });

  it('refuses a link mailed before the password was changed another way', async () => {
    const email = await confirmedUser();
    const b = browserOf(t);
    await b.send('POST', `${A}/password_reset/`, { email });
    const older = await linkToken(t, email, 'reset-password');
    expect((await login(b, email)).statusCode).toBe(200);
    const changed = await b.send('POST', `${A}/change_password/`, {
      currentPassword: PASSWORD,
      password: 'brand-new-linen-pass',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = await b.send('POST', `${A}/password_reset/confirm/`, {
      token: older,
      password: 'an-attackers-linen-password',
    });
    expect(stale.statusCode).toBe(400);
  });

  it('lets a reset link expire after an hour', async () => {
    const email = await confirmedUser();
    const b = browserOf(t);
    await b.send('POST', `${A}/password_reset/`, { email });
    const token = await linkToken(t, email, 'reset-password');
    offset = 3_600_000 + 1000;
    try {
      const late = await b.send('POST', `${A}/password_reset/confirm/`, {
        token,
        password: 'a-new-linen-password',
      });
      expect(late.json()).toEqual({ token: ['This link has expired. Ask for a new one.'] });
    } finally {
      offset = 0;
    }
  });
});

describe('every account write checks CSRF', () => {
  it.each([
    'register/',
    'confirm_email/',
    'confirm_email/resend/',
    'password_reset/',
    'password_reset/confirm/',
    'change_password/',
  ])('POST %s without the token: 403', async (path) => {
    const res = await t.app.inject({ method: 'POST', url: `${A}/${path}`, payload: {} });
    expect(res.statusCode).toBe(403);
  });
});

describe('the account itself', () => {
  async function loggedIn() {
    const b = browserOf(t);
    const email = newEmail();
    await register(b, email);
    await b.send('POST', `${A}/confirm_email/`, {
      token: await linkToken(t, email, 'confirm-email'),
    });
    expect((await login(b, email)).statusCode).toBe(200);
    return { b, email };
  }

  it('changes names, language, no-cache and the newsletter, and nothing else', async () => {
    const { b } = await loggedIn();
    const res = await b.send('PATCH', `${A}/user_info/`, {
      firstName: 'Mirela',
      locale: 'it',
      noCache: true,
      newsletter: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Mirela',
      lastName: 'Novak',
      locale: 'it',
      noCache: true,
      newsletter: true,
    });
    const sneaky = await b.send('PATCH', `${A}/user_info/`, { isStaff: true });
    expect(sneaky.statusCode).toBe(400);
    expect((await b.send('GET', `${A}/user_info/`)).json()).toMatchObject({ isStaff: false });
    expect(
      (await browserOf(t).send('PATCH', `${A}/user_info/`, { firstName: 'X' })).statusCode,
    ).toBe(401);
  });

  it('changes the password with the current one, keeps this session and signs out the others', async () => {
    const { b, email } = await loggedIn();
    const other = browserOf(t);
    expect((await login(other, email)).statusCode).toBe(200);
    const wrong = await b.send('POST', `${A}/change_password/`, {
      currentPassword: 'not-it',
      password: 'brand-new-linen-pass',
    });
    expect(Object.keys(wrong.json<Record<string, unknown>>())).toEqual(['currentPassword']);
    const done = await b.send('POST', `${A}/change_password/`, {
      currentPassword: PASSWORD,
      password: 'brand-new-linen-pass',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await b.send('GET', `${A}/user_info/`)).statusCode).toBe(200);
    expect((await other.send('GET', `${A}/user_info/`)).statusCode).toBe(401);
    expect((await login(browserOf(t), email, 'brand-new-linen-pass')).statusCode).toBe(200);
  });
});
