import fc from 'fast-check';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiVisitor } from './api-visitor.ts';

/*
 * Issue 11 against `npm start`: malformed bodies to every storefront action never get a 5xx or
 * hang; methods other than GET, HEAD and POST get 405; HEAD answers like GET without a body.
 * Plain fetch, no browser: these are requests no form sends.
 */

const baseURL = inject('baseURL');
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const TIMEOUT_MS = 10_000;

let cookie = '';
let token = '';
let actionPaths: string[] = [];

beforeAll(async () => {
  ({ cookie, token } = await ApiVisitor.withToken(baseURL));
  const first = async (path: string) => {
    const list = (await (await fetch(`${baseURL}/en/api${path}`)).json()) as {
      results: { slugUri: string }[];
    };
    return `/en${list.results[0]?.slugUri ?? '/'}`;
  };
  // Every route with an action (apps/storefront/app/routes/*.tsx `export async function action`).
  actionPaths = [
    '/en/checkout/cart/',
    '/en/checkout/checkout/',
    await first('/products/products/?page_size=1'),
    await first('/products/bundles/?page_size=1'),
    '/en/consent/',
    '/en/account/login/',
    '/en/account/register/',
    '/en/account/logout/',
    '/en/account/confirm-email/',
    '/en/account/forgot-password/',
    '/en/account/reset-password/',
    '/en/account/wishlist/',
    '/en/account/dashboard/account-info/',
    '/en/account/dashboard/address-book/',
    '/en/account/dashboard/my-orders/',
    '/en/account/dashboard/newsletter/',
    '/en/account/dashboard/settings/',
    '/en/account/dashboard/my-reviews/',
    '/en/newsletter/',
    '/en/pages/reviews/',
  ];
});

const send = (path: string, init: RequestInit) =>
  fetch(`${baseURL}${path}`, {
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    ...init,
    headers: { cookie, ...(init.headers as Record<string, string> | undefined) },
  });

const form = (fields: [string, string][]) => {
  const body = new URLSearchParams();
  for (const [name, value] of fields) body.append(name, value);
  return body.toString();
};

/** A POST of `body` sent as `type`. */
const post = (type: string, body: string): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});
const FORM = 'application/x-www-form-urlencoded';

/** Malformed bodies every action gets: what a careless client or an attacker sends. */
const malformed = (): { what: string; init: RequestInit }[] => [
  { what: 'no body', init: { method: 'POST' } },
  { what: 'JSON', init: post('application/json', '{"a":1}') },
  {
    what: 'broken multipart',
    init: post(
      'multipart/form-data; boundary=xx',
      '--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nbroken',
    ),
  },
  { what: 'multipart without boundary', init: post('multipart/form-data', 'x') },
  { what: 'wrong content type', init: post('text/plain', 'intent=x') },
  { what: 'form without intent', init: post(FORM, form([['csrf', token]])) },
  {
    what: 'unknown intent',
    init: post(
      FORM,
      form([
        ['csrf', token],
        ['intent', 'nonsense'],
      ]),
    ),
  },
  {
    what: 'NUL and lone surrogates',
    init: post(
      FORM,
      `csrf=${token}&intent=promo&code=a%00b&email=%ED%A0%80&item=%00&quantity=1e308`,
    ),
  },
  {
    what: 'broken percent-encoding',
    init: post(FORM, `csrf=${token}&intent=%E0%A4%A&code=%&item=%zz`),
  },
];

/** Random forms: the usual field names with generated values (fixed seed). */
const randomForms = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        'intent',
        'item',
        'ref',
        'quantity',
        'code',
        'email',
        'password',
        'firstName',
        'country',
        'id',
        '__proto__',
        'constructor',
      ),
      fc.oneof(
        fc.string({ maxLength: 12 }),
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.constantFrom('quantity', 'remove', 'promo', 'add', '-1', '1e308', 'x'.repeat(3000)),
        fc.integer().map(String),
      ),
    ),
    { maxLength: 6 },
  )
  .map((fields): [string, string][] => [['csrf', token], ...fields]);

describe('storefront actions (issue 11)', () => {
  it('answer malformed and random bodies with 4xx (or a page), never a 5xx or a hang', async () => {
    const figures = { sent: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const failures: string[] = [];
    const record = async (path: string, what: string, init: RequestInit) => {
      const res = await send(path, init);
      await res.arrayBuffer();
      figures.sent++;
      figures[`${Math.floor(res.status / 100)}xx` as '2xx']++;
      if (res.status >= 500) failures.push(`${res.status} ${init.method} ${path} (${what})`);
    };
    for (const [index, path] of actionPaths.entries()) {
      for (const { what, init } of malformed()) await record(path, what, init);
      for (const fields of fc.sample(randomForms, { seed: SEED + index, numRuns: 8 }))
        await record(path, 'random form', post(FORM, form(fields)));
    }
    console.log(
      `storefront actions fuzz (seed ${SEED}): ${actionPaths.length} actions, ${figures.sent} requests sent, ` +
        `${figures['2xx']} 2xx, ${figures['3xx']} 3xx, ${figures['4xx']} 4xx, ${figures['5xx']} 5xx`,
    );
    expect(failures).toEqual([]);
    expect(figures['4xx']).toBeGreaterThan(figures.sent / 2);
  }, 120_000);

  it.each(['PUT', 'PATCH', 'DELETE'])('answers %s on a page with 405 and Allow', async (method) => {
    for (const path of ['/en/checkout/cart/', '/en/products/']) {
      const res = await send(path, { ...post(FORM, form([['csrf', token]])), method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
      // The shop's error screen, not a bare text.
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('This page does not accept this request.');
    }
  });

  it("says it in the page's language", async () => {
    const res = await send('/it/products/', { method: 'DELETE' });
    expect(res.status).toBe(405);
    const html = await res.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toContain('Questa pagina non accetta questa richiesta.');
  });
});

describe('HEAD on pages (issue 11)', () => {
  it.each(['/en/products/', '/en/', '/en/checkout/cart/', '/en/no-such-page/'])(
    'answers %s like GET, without a body',
    async (path) => {
      const get = await send(path, { method: 'GET' });
      await get.arrayBuffer();
      const head = await send(path, { method: 'HEAD' });
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-type')).toContain('text/html');
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    },
  );
});
