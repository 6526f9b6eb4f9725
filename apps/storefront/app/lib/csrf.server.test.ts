import { describe, expect, it } from 'vitest';
import { createTranslator } from '@shop/messages/translate';
import de from '@shop/messages/langs/de.json' with { type: 'json' };
import { csrfCookie } from './cookies.ts';
import { CSRF_FIELD } from './csrf.ts';
import { verifyCsrf } from './csrf.server.ts';

const TOKEN = 'a'.repeat(43);
const t = createTranslator('de', de);

async function post(cookieToken: string | null, field: string | null) {
  const headers = new Headers();
  if (cookieToken !== null) {
    const line = csrfCookie.serialize(cookieToken);
    headers.set('cookie', line.split(';')[0]!);
  }
  const form = new FormData();
  if (field !== null) form.set(CSRF_FIELD, field);
  return {
    request: new Request('http://shop.test/en/checkout/cart/', { method: 'POST', headers }),
    form,
  };
}

async function status(promise: Promise<void>) {
  try {
    await promise;
    return 'passed';
  } catch (error) {
    return (error as { init?: { status?: number } }).init?.status;
  }
}

describe('verifyCsrf (storefront form posts)', () => {
  it('passes when the field carries the cookie token', async () => {
    const { request, form } = await post(TOKEN, TOKEN);
    expect(await status(verifyCsrf(request, form, t))).toBe('passed');
  });

  it.each([
    ['no cookie', null, TOKEN],
    ['no field', TOKEN, null],
    ['another token', TOKEN, 'b'.repeat(43)],
    ['an empty field', TOKEN, ''],
  ])('refuses with 403 in the page’s language: %s', async (_case, cookie, field) => {
    const { request, form } = await post(cookie, field);
    expect(await status(verifyCsrf(request, form, t))).toBe(403);
    const refused = await verifyCsrf(request, form, t).catch((e: unknown) => e);
    expect((refused as { data?: unknown }).data).toBe(de.errors.csrf);
  });

  it('accepts the token the API issued: both sides read the same plain cookie', async () => {
    const request = new Request('http://shop.test/en/', {
      method: 'POST',
      headers: { cookie: `csrftoken=${TOKEN}` },
    });
    const form = new FormData();
    form.set(CSRF_FIELD, TOKEN);
    expect(await status(verifyCsrf(request, form, t))).toBe('passed');
  });
});
