// Issue 21, "account recovery without leaks", against `npm start`: the register and forgot-password
// pages answer an address that has an account exactly as one that has none (the mail to the
// owner says what to do: apps/api/src/routes/accounts.test.ts).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiVisitor } from './api-visitor.ts';

const baseURL = inject('baseURL');
let cookie = '';
let token = '';

beforeAll(async () => {
  ({ cookie, token } = await ApiVisitor.withToken(baseURL));
});

/** The page's answer to a form post: its status and the text of its status message. */
async function post(path: string, fields: Record<string, string>) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf: token, ...fields }),
  });
  const html = await res.text();
  // The finished step's message (components/account-page.tsx `Done`); the layout has other live regions.
  const status = /<p role="status"[^>]*>([^<]*)<\/p>/.exec(html)?.[1]?.trim() ?? '';
  return { code: res.status, status, invalid: html.includes('aria-invalid="true"') };
}

const newEmail = () => `new-${randomUUID().slice(0, 8)}@example.com`;

describe('the account pages say the same for every address', () => {
  it('register: a taken address gets the answer a new one gets', async () => {
    const fields = (email: string) => ({
      email,
      password: 'linen-and-clay-2026',
      passwordConfirmation: 'linen-and-clay-2026',
      firstName: 'Mira',
      lastName: 'Novak',
    });
    const taken = await post('/en/account/register/', fields('shopper@example.com'));
    const fresh = await post('/en/account/register/', fields(newEmail()));
    expect(fresh.status).toContain('We have sent an email to this address');
    expect(taken).toEqual(fresh);
  });

  it('forgot password: a known address gets the answer an unknown one gets', async () => {
    const known = await post('/en/account/forgot-password/', { email: 'shopper@example.com' });
    const unknown = await post('/en/account/forgot-password/', { email: newEmail() });
    expect(known.status.length).toBeGreaterThan(0);
    expect(known).toEqual(unknown);
  });
});
