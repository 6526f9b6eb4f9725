import { describe, expect, it } from 'vitest';
import { fieldErrorsSchema } from '@shop/contract';
import { cookieJar, useTestApp } from '../../test/helpers.ts';

const t = useTestApp();

/** A login post with a bad body, in `locale`, carrying a valid CSRF token. */
async function badLogin(locale: string, body: unknown) {
  const jar = cookieJar();
  jar.store(await t.app.inject({ method: 'GET', url: `/${locale}/api/accounts/login/` }));
  return t.app.inject({
    method: 'POST',
    url: `/${locale}/api/accounts/login/`,
    headers: { cookie: jar.header(), 'x-csrftoken': jar.get('csrftoken')! },
    payload: body as Record<string, unknown>,
  });
}

describe('field errors in the language of the call', () => {
  it.each([
    ['en', 'This field is required', 'Please enter a valid email'],
    ['de', 'Dieses Feld ist ein Pflichtfeld', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['ru', 'Это поле обязательно для заполнения', 'Введите корректный адрес электронной почты'],
    ['it', 'Questo campo è obbligatorio', 'Inserisci un indirizzo e-mail valido'],
  ])('%s: a bad login body answers the spec texts per field', async (locale, required, email) => {
    const res = await badLogin(locale, { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsSchema.parse(res.json())).toEqual({ email: [email], password: [required] });
  });

  it('names the field in the message where the text has one', async () => {
    const res = await badLogin('de', { email: 'a@b.de', password: 'x'.repeat(500) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      password: ['Das Feld „Passwort“ darf höchstens 128 Zeichen lang sein'],
    });
  });

  it('answers a bad query parameter in the language too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/it/api/products/products/?page=-3' });
    expect(res.statusCode).toBe(400);
    const errors = fieldErrorsSchema.parse(res.json());
    expect(errors.page?.[0]).toMatch(/«Pagina»/);
  });
});
