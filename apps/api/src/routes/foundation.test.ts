import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  errorBodySchema,
  languagesSchema,
  manifestSchema,
  menusSchema,
  organizationInfoSchema,
  widgetsSchema,
} from '@shop/contract';
import { menuTranslations, organizations, widgets } from '#api/db/schema.ts';
import { cookieJar, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('shop info', () => {
  it('answers the seeded shop from the database, in the locale of the base path', async () => {
    const en = await get('/en/api/organizations/organization_info/');
    expect(en.statusCode).toBe(200);
    const shop = organizationInfoSchema.parse(en.json());
    expect(shop).toMatchObject({ visible: true, active: true, cart: true, currency: 'EUR' });
    expect(shop.title.length).toBeGreaterThan(0);
    expect(shop.images.map((i) => i.imageType)).toEqual(
      expect.arrayContaining([
        'logo',
        'header_logo',
        'footer_logo',
        'slider_background',
        'maintenance_background',
      ]),
    );
    const de = organizationInfoSchema.parse(
      (await get('/de/api/organizations/organization_info/')).json(),
    );
    expect(de.description).not.toBe(shop.description);
  });

  it('changes with the database: a closed shop says so', async () => {
    await t.handle.db.update(organizations).set({ active: false });
    try {
      const shop = organizationInfoSchema.parse(
        (await get('/en/api/organizations/organization_info/')).json(),
      );
      expect(shop.active).toBe(false);
    } finally {
      await t.handle.db.update(organizations).set({ active: true });
    }
  });

  it('serves a web manifest for the locale', async () => {
    const res = await get('/it/api/organizations/manifest/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    const manifest = manifestSchema.parse(res.json());
    expect(manifest).toMatchObject({
      start_url: '/it/',
      scope: '/',
      theme_color: '#ffffff',
      lang: 'it',
    });
    expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512']);
  });
});

describe('languages, menus, widgets', () => {
  it('lists four languages', async () => {
    const res = await get('/de/api/core/languages/');
    expect(res.statusCode).toBe(200);
    const langs = languagesSchema.parse(res.json());
    expect(langs.map((l) => l.code).sort()).toEqual(['de', 'en', 'it', 'ru']);
  });

  it('nests menus and translates their titles', async () => {
    const en = menusSchema.parse((await get('/en/api/content/menus/')).json());
    const ru = menusSchema.parse((await get('/ru/api/content/menus/')).json());
    expect(en.some((m) => m.children.length > 0)).toBe(true);
    expect(en.every((m) => m.parentId === null)).toBe(true);
    expect(en.flatMap((m) => m.children).every((c) => en.some((m) => m.id === c.parentId))).toBe(
      true,
    );
    expect(ru[0]?.title).not.toBe(en[0]?.title);
    expect(en.map((m) => m.location)).toEqual(expect.arrayContaining(['header', 'footer']));
  });

  it('lists widgets including HeaderInfoText, and hides inactive ones', async () => {
    const list = widgetsSchema.parse((await get('/en/api/content/get_widgets/')).json());
    const info = list.find((w) => w.name === 'HeaderInfoText');
    expect(info?.content.length).toBeGreaterThan(0);
    await t.handle.db
      .update(widgets)
      .set({ active: false })
      .where(eq(widgets.name, 'HeaderInfoText'));
    try {
      const after = widgetsSchema.parse((await get('/en/api/content/get_widgets/')).json());
      expect(after.some((w) => w.name === 'HeaderInfoText')).toBe(false);
    } finally {
      await t.handle.db.update(widgets).set({ active: true });
    }
  });

  it('falls back to English where a translation is missing', async () => {
    const en = menusSchema.parse((await get('/en/api/content/menus/')).json());
    const first = en[0]!;
    await t.handle.db
      .delete(menuTranslations)
      .where(and(eq(menuTranslations.parentId, first.id), eq(menuTranslations.locale, 'de')));
    const de = menusSchema.parse((await get('/de/api/content/menus/')).json());
    expect(de.find((m) => m.id === first.id)?.title).toBe(first.title);
  });
});

describe('messages', () => {
  it('serves Russian messages at /media/langs/ru.json', async () => {
    const res = await get('/media/langs/ru.json');
    expect(res.statusCode).toBe(200);
    const ru = res.json<Record<string, Record<string, string>>>();
    expect(ru.errors?.notFoundTitle).toMatch(/[а-яё]/i);
    expect(Object.keys(ru.forms ?? {})).toEqual(
      expect.arrayContaining(['required', 'email', 'regex', 'alpha', 'confirmed']),
    );
  });

  it('404s an unknown language file', async () => {
    expect((await get('/media/langs/fr.json')).statusCode).toBe(404);
    expect((await get('/media/langs/..%2Fpackage.json')).statusCode).toBe(404);
  });
});

describe('locale prefixes and errors', () => {
  it.each([
    '/fr/api/core/languages/',
    '/xx/api/organizations/organization_info/',
    '/EN/api/core/languages/',
  ])('answers 404 with a JSON body for another prefix: %s', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(errorBodySchema.parse(res.json())).toEqual({ detail: 'Not found.' });
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const res = await get('/en/api/nothing/here/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it.each([
    ['/de/api/products/products/999999/', 'Produkt nicht gefunden.'],
    ['/ru/api/products/bundles/999999/', 'Набор не найден.'],
    ['/it/api/content/blogs/999999/', 'Articolo del blog non trovato.'],
    ['/de/api/content/pages/no-such-page/', 'Seite nicht gefunden.'],
    ['/ru/api/products/attributes/999999/', 'Атрибут не найден.'],
    ['/it/api/products/values/999999/', 'Valore non trovato.'],
    ['/en/api/products/products/999999/', 'Product not found.'],
  ])('says what was not found in the language of the path: %s', async (url, detail) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail });
  });

  it('carries a request id', async () => {
    const res = await get('/en/api/core/languages/', { 'x-request-id': 'test-request-0001' });
    expect(res.headers['x-request-id']).toBe('test-request-0001');
  });

  it('serves the OpenAPI document and browsable docs', async () => {
    const doc = await get('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/{locale}/api/organizations/organization_info/']),
    );
    expect((await get('/api/docs/')).statusCode).toBe(200);
  });
});

describe('sessions and CSRF', () => {
  async function csrf() {
    const jar = cookieJar();
    const res = await get('/en/api/accounts/login/');
    jar.store(res);
    const token = res.json<{ csrfToken: string }>().csrfToken;
    expect(jar.get('csrftoken')).toBe(token);
    const cookie = res.cookies.find((c) => c.name === 'csrftoken');
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
    return { jar, token };
  }

  it('rejects a write without the CSRF header, and with a wrong one, changing nothing', async () => {
    const { jar } = await csrf();
    const body = { email: 'shopper@example.com', password: 'demo1234' };
    const none = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/login/',
      payload: body,
      headers: { cookie: jar.header() },
    });
    expect(none.statusCode).toBe(403);
    expect(none.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/login/',
      payload: body,
      headers: { cookie: jar.header(), 'x-csrftoken': 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('logs in with a session cookie that is HttpOnly and SameSite=Lax, then logs out', async () => {
    const { jar, token } = await csrf();
    const login = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/login/',
      payload: { email: 'Shopper@Example.com', password: 'demo1234' },
      headers: { cookie: jar.header(), 'x-csrftoken': token },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email: 'shopper@example.com', isStaff: false });
    const session = login.cookies.find((c) => c.name === 'sessionid');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    jar.store(login);

    const me = await get('/en/api/accounts/user_info/', { cookie: jar.header() });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'shopper@example.com' });

    // The session brought its own CSRF token (decision 0006): the one from before is spent.
    const own = jar.get('csrftoken') ?? '';
    expect(own).not.toBe(token);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/logout/',
      headers: { cookie: `${jar.header()}`.replace(own, token), 'x-csrftoken': token },
    });
    expect(stale.statusCode).toBe(403);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/logout/',
      headers: { cookie: jar.header(), 'x-csrftoken': own },
    });
    expect(logout.statusCode).toBe(204);
    // The old cookie no longer opens a session, even if a client kept it.
    const after = await get('/en/api/accounts/user_info/', {
      cookie: `sessionid=${session!.value}`,
    });
    expect(after.statusCode).toBe(401);
  });

  it('rejects a wrong password with 400 and no session', async () => {
    const { jar, token } = await csrf();
    const res = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/login/',
      payload: { email: 'shopper@example.com', password: 'wrong-password' },
      headers: { cookie: jar.header(), 'x-csrftoken': token },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('detail');
    expect(res.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
  });

  it('answers malformed input with 400 field errors, never a 500', async () => {
    const { jar, token } = await csrf();
    const headers = { cookie: jar.header(), 'x-csrftoken': token };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/login/',
      payload: { email: 'not-an-email' },
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ email: [expect.any(String)], password: [expect.any(String)] });

    const broken = await t.app.inject({
      method: 'POST',
      url: '/en/api/accounts/login/',
      payload: '{"email": ',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(errorBodySchema.parse(broken.json())).toHaveProperty('detail');
  });
});

describe('shop closed (434)', () => {
  it('answers 434 on shop endpoints for everyone but logged-in staff; shop info stays open', async () => {
    await t.handle.db.update(organizations).set({ visible: false });
    try {
      expect((await get('/en/api/content/menus/')).statusCode).toBe(434);
      expect((await get('/en/api/content/get_widgets/')).statusCode).toBe(434);
      expect((await get('/en/api/organizations/organization_info/')).statusCode).toBe(200);
      expect((await get('/en/api/core/languages/')).statusCode).toBe(200);

      const jar = cookieJar();
      const c = await get('/en/api/accounts/login/');
      jar.store(c);
      const token = c.json<{ csrfToken: string }>().csrfToken;
      const login = await t.app.inject({
        method: 'POST',
        url: '/en/api/accounts/login/',
        payload: { email: 'staff@example.com', password: 'demo1234' },
        headers: { cookie: jar.header(), 'x-csrftoken': token },
      });
      expect(login.json()).toMatchObject({ isStaff: true });
      jar.store(login);
      expect((await get('/en/api/content/menus/', { cookie: jar.header() })).statusCode).toBe(200);
    } finally {
      await t.handle.db.update(organizations).set({ visible: true });
    }
  });
});

describe('manifest short name', () => {
  it.each([
    ['Makers Market', 'Makers'],
    ['Shop', 'Shop'],
    ['Manufakturmarkt', 'Manufakturma'],
    ['Маркет мастеров', 'Маркет'],
  ])('%s → %s', async (title, expected) => {
    const { shortName } = await import('./organizations.ts');
    expect(shortName(title)).toBe(expected);
  });
});

describe('CSRF applies to the API only', () => {
  it('leaves other paths to their owners (the storefront checks its form token itself)', async () => {
    // No route answers here in the API alone: a 404, not the CSRF 403.
    const res = await t.app.inject({ method: 'POST', url: '/en/consent/', payload: 'choice=all' });
    expect(res.statusCode).toBe(404);
  });
});
