import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers.ts';
import { SERVER_TIMEOUTS } from './limits.ts';

/*
 * Refusals Fastify and Node's HTTP parser make before a handler runs answer `{detail}` in the
 * language of the path's locale, like every other refusal of the API (issue 11).
 */

const t = useTestApp();

const MESSAGES = {
  invalidJson: {
    en: 'The request body is not valid JSON.',
    de: 'Der Inhalt der Anfrage ist kein gültiges JSON.',
    ru: 'Тело запроса не является корректным JSON.',
  },
  emptyJson: {
    en: 'The request body is empty, but it is declared as JSON.',
    it: 'Il contenuto della richiesta è vuoto, ma è dichiarato come JSON.',
  },
  unsupportedMediaType: {
    en: 'This type of request body is not accepted here.',
    de: 'Diese Art von Anfrageinhalt wird hier nicht angenommen.',
  },
  bodyTooLarge: {
    en: 'The request body is too large.',
    ru: 'Тело запроса слишком большое.',
  },
  lengthMismatch: {
    en: 'The request body does not match its declared length.',
    it: 'Il contenuto della richiesta non corrisponde alla lunghezza dichiarata.',
  },
  badUrl: {
    en: 'The address is not correctly encoded.',
    de: 'Die Adresse ist nicht korrekt kodiert.',
  },
  headersTooLarge: {
    en: 'The request headers are too large.',
    de: 'Die Kopfzeilen der Anfrage sind zu groß.',
  },
  notFound: { en: 'Not found.', it: 'Non trovato.' },
} as const;

type Locale = 'en' | 'de' | 'ru' | 'it';
const entries = <K extends keyof typeof MESSAGES>(key: K) =>
  Object.entries(MESSAGES[key]) as [Locale, string][];

/** A write past the CSRF check (cookie and header agree), so the body is what gets refused. */
async function csrfHeaders(): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'GET', url: '/en/api/accounts/login/' });
  const token = res.json<{ csrfToken: string }>().csrfToken;
  return { cookie: `csrftoken=${token}`, 'x-csrftoken': token };
}

/** A write to the promo code past the CSRF check, with this body and these headers. */
async function postPromo(locale: Locale, payload: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: `/${locale}/api/sales/cart/promo_code/`,
    headers: { ...(await csrfHeaders()), ...headers },
    payload,
  });
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** Body refusals: the message, a body and its headers, and the status. */
const BODY_CASES: [keyof typeof MESSAGES, string, Record<string, string>, number][] = [
  ['invalidJson', '{"code": ', JSON_TYPE, 400],
  ['emptyJson', '', JSON_TYPE, 400],
  ['unsupportedMediaType', 'code=SALE', { 'content-type': 'application/x-unknown' }, 415],
  ['bodyTooLarge', JSON.stringify({ code: 'x'.repeat(300 * 1024) }), JSON_TYPE, 413],
  ['lengthMismatch', '{"code":"SALE"}', { ...JSON_TYPE, 'content-length': '100' }, 400],
];

describe("Fastify's own refusals, in the caller's language", () => {
  it.each(
    BODY_CASES.flatMap(([key, payload, headers, status]) =>
      entries(key).map(([locale, detail]) => ({ key, locale, detail, payload, headers, status })),
    ),
  )('$key ($locale): $status', async ({ locale, detail, payload, headers, status }) => {
    const res = await postPromo(locale, payload, headers);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ detail });
  });

  it('a prototype key in JSON is refused as invalid JSON (ru)', async () => {
    const res = await postPromo('ru', '{"__proto__": {"admin": true}}', JSON_TYPE);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: MESSAGES.invalidJson.ru });
  });

  it.each(entries('badUrl'))('a broken percent-encoding in the path (%s): 400', async (l, d) => {
    const res = await t.app.inject({ method: 'GET', url: `/${l}/api/content/pages/%E0%A4%A/` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: d });
  });

  it.each(entries('notFound'))('an unknown API path (%s): 404', async (locale, detail) => {
    const res = await t.app.inject({ method: 'GET', url: `/${locale}/api/no-such-thing/` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail });
  });
});

describe("Node's HTTP parser's refusals, in the language of the request line", () => {
  /** Sends raw bytes to the listening app and reads the whole answer. */
  async function raw(request: string): Promise<{ status: number; body: string }> {
    const address = t.app.server.address();
    if (!address || typeof address !== 'object') throw new Error('not listening');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(address.port, '127.0.0.1', () => socket.end(request));
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    return { status: Number(head.split(' ')[1]), body };
  }

  it.each(entries('headersTooLarge'))('headers past the limit (%s): 431', async (l, detail) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = 'x'.repeat(SERVER_TIMEOUTS.maxHeaderSize + 1024);
    const res = await raw(
      `GET /${l}/api/core/languages/ HTTP/1.1\r\nHost: a\r\nX-Big: ${big}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ detail });
  });

  it('bytes that are no HTTP request: 400 in English (no path to read a locale from)', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: 'The request could not be understood.' });
  });
});
