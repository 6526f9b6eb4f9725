import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, type Translate } from '@shop/contract';
import { csrfCookie } from './cookies.ts';
import { FORM_LIMITS, readForm, refusalMessages, sendForm } from './forms.server.ts';

const TOKEN = 'a'.repeat(43);
const t: Translate = (key) => key;
const schema = z.object({ a: z.string().optional(), intent: z.string().optional() });

/** A form post carrying the right CSRF token (the guard sits after that check in an attack). */
function post(body: BodyInit, contentType?: string) {
  const headers = new Headers({ cookie: csrfCookie.serialize(TOKEN).split(';')[0]! });
  if (contentType) headers.set('content-type', contentType);
  return new Request('http://shop.test/en/account/login/', { method: 'POST', headers, body });
}

const urlencoded = (pairs: string) =>
  post(`csrf=${TOKEN}&${pairs}`, 'application/x-www-form-urlencoded');

async function outcome(request: Request) {
  const started = performance.now();
  try {
    const submission = await readForm(request, schema, t);
    return { status: submission.status, ms: performance.now() - started };
  } catch (error) {
    const refusal = error as { data?: unknown; init?: { status?: number } };
    return { status: refusal.init?.status, message: refusal.data, ms: performance.now() - started };
  }
}

const repeated = (name: string, count: number) => Array(count).fill(`${name}=1`).join('&');

describe('readForm keeps to FORM_LIMITS (issue 21: 40,000 repeats of one name held a process 20 s)', () => {
  it('refuses 40,000 repeats of one name with 413, well under 500 ms', async () => {
    const result = await outcome(urlencoded(repeated('a', 40_000)));
    expect(result.status).toBe(413);
    expect(result.message).toBe('errors.request.tooManyFields');
    expect(result.ms).toBeLessThan(500);
  });

  it.each([
    ['1 MB of one repeated name', repeated('a', 250_000)],
    ['1 MB of distinct names', Array.from({ length: 120_000 }, (_, i) => `f${i}=1`).join('&')],
    ['1 MB of empty fields', '&'.repeat(1024 * 1024)],
  ])('refuses %s with 413, well under 500 ms', async (_shape, pairs) => {
    const result = await outcome(urlencoded(pairs));
    expect(result.status).toBe(413);
    expect(result.ms).toBeLessThan(500);
  });

  it('refuses a multipart body of many parts before parsing it', async () => {
    const form = new FormData();
    form.set('csrf', TOKEN);
    for (let i = 0; i < 10_000; i++) form.append('a', '1');
    // Encoded before the clock starts: the server gets bytes, not a FormData to serialise.
    const encoded = new Request('http://shop.test/', { method: 'POST', body: form });
    const type = encoded.headers.get('content-type') ?? '';
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const result = await outcome(post(bytes, type));
    expect(result.status).toBe(413);
    expect(result.ms).toBeLessThan(500);
  });

  it('refuses more repeats of one name than any form sends, even among few fields', async () => {
    // At the cap the form is read (and refused by its schema, which takes one intent: 'error').
    expect((await outcome(urlencoded(repeated('intent', FORM_LIMITS.repeats + 1)))).status).toBe(
      413,
    );
    expect((await outcome(urlencoded(repeated('intent', FORM_LIMITS.repeats)))).status).toBe(
      'error',
    );
  });

  it('takes a real form, url-encoded or multipart', async () => {
    expect((await outcome(urlencoded('a=1&intent=login'))).status).toBe('success');
    const form = new FormData();
    form.set('csrf', TOKEN);
    form.set('a', 'x');
    expect((await outcome(post(form))).status).toBe('success');
  });

  it.each([
    ['JSON', JSON.stringify({ a: 1 }), 'application/json'],
    ['no type', 'a=1', undefined],
    ['a broken multipart body', '--x\r\nnot a part', 'multipart/form-data; boundary=x'],
  ])('answers 400 to %s', async (_what, body, type) => {
    expect((await outcome(post(body, type))).status).toBe(400);
  });
});

describe('sendForm', () => {
  const valid = () => readForm(urlencoded('a=x'), schema, t);

  it('joins what the call returns to the form result, emptied when asked', async () => {
    const submission = await valid();
    let sent: unknown;
    const answer = await sendForm(
      submission,
      t,
      async (value) => {
        sent = value;
        return { done: 'saved' };
      },
      { resetForm: true },
    );
    expect(sent).toEqual({ a: 'x' });
    expect(answer).toEqual({ done: 'saved', result: submission.reply({ resetForm: true }) });
  });

  it('answers a Response the call returns (a redirect) as it is', async () => {
    const next = new Response(null, { status: 302, headers: { location: '/en/next/' } });
    expect(await sendForm(await valid(), t, async () => next)).toBe(next);
  });

  it('shows the API refusal at the form, and never calls the API for invalid fields', async () => {
    const refusal = await sendForm(await valid(), t, () =>
      Promise.reject(new ApiError(400, { a: ['No good.'] }, 'POST', '/en/api/x/')),
    );
    expect(refusal).toMatchObject({ init: { status: 400 } });
    let called = false;
    const invalidForm = await readForm(urlencoded('a=1&a=2'), z.object({ a: z.string() }), t);
    const answer = await sendForm(invalidForm, t, async () => {
      called = true;
      return {};
    });
    expect(called).toBe(false);
    expect(answer).toMatchObject({ init: { status: 400 } });
  });

  it('says plainly that nothing was done when the shop was busy (503 `busy`, decision 0088)', async () => {
    const busy = new ApiError(
      503,
      { detail: 'The shop is busy, please try again in a moment.', code: 'busy' },
      'POST',
      '/en/api/sales/orders/',
    );
    expect(await sendForm(await valid(), t, () => Promise.reject(busy))).toMatchObject({
      init: { status: 503 },
      data: { result: { error: { '': ['errors.busyNothingDone'] } } },
    });
    // A busy answer without the code (the request may have written): the API's own words.
    const maybe = new ApiError(
      503,
      { detail: 'The shop is busy, please try again in a moment.' },
      'POST',
      '/en/api/sales/orders/',
    );
    expect(await sendForm(await valid(), t, () => Promise.reject(maybe))).toMatchObject({
      init: { status: 503 },
      data: { result: { error: { '': ['The shop is busy, please try again in a moment.'] } } },
    });
  });

  it('lets a form answer a refusal its own way, with the usual answer and the value sent', async () => {
    const refused = new ApiError(403, { detail: 'Confirm first.' }, 'POST', '/en/api/x/');
    const seen: unknown[] = [];
    const answer = await sendForm(await valid(), t, () => Promise.reject(refused), {
      refused: (error, failure, value) => {
        seen.push(error, value);
        return { ...failure, extra: value.a };
      },
    });
    expect(seen).toEqual([refused, { a: 'x' }]);
    expect(answer).toMatchObject({
      extra: 'x',
      init: { status: 403 },
      data: { result: { error: { '': ['Confirm first.'] } } },
    });
  });
});

describe('refusalMessages', () => {
  it('shows a coded refusal’s words, never its code (the cart turned off, decision 0071)', () => {
    const detail = 'Der Shop nimmt derzeit keine Bestellungen an.';
    expect(refusalMessages({ detail, code: 'cart_disabled' }, t)).toEqual({
      fieldErrors: {},
      formErrors: [detail],
    });
  });

  it('still shows the promo code field’s own messages under `code`', () => {
    expect(refusalMessages({ code: ['Unknown code.'] }, t)).toEqual({
      fieldErrors: { code: ['Unknown code.'] },
      formErrors: [],
    });
  });
});
