import { expect } from 'vitest';
import { translatorFor } from '#api/lib/i18n.ts';
import { useTestApp, type TestContext } from './helpers.ts';
import { browserOf, type Browser } from './shopper.ts';

/** Logins and mailed links as often as a staff suite needs (the limits are tested on their own). */
export const STAFF_TEST_LIMITS = { perAccount: 1_000_000, perAddress: 1_000_000, windowMs: 60_000 };

/** A browser logged in as the seed's staff member (`staff@example.com`). */
export async function staffBrowserOf(t: TestContext): Promise<Browser> {
  const b = browserOf(t);
  await b.logIn('staff@example.com');
  return b;
}

/** A test app for the back office's calls, and a way to open a staff member's browser on it. */
export function useStaffTestApp() {
  const t = useTestApp({ authLimits: STAFF_TEST_LIMITS });
  return { t, staffBrowser: () => staffBrowserOf(t) };
}

/**
 * Each of `urls` (under /en/) answers an anonymous caller 401 in their language (asked under
 * /de/), a logged-in shopper 403, and staff 200 that no cache may keep (`private, no-store`).
 */
export async function expectStaffOnlyReads(t: TestContext, urls: readonly string[]) {
  const anonymous = browserOf(t);
  const shopper = browserOf(t);
  await shopper.logIn('shopper@example.com');
  const staff = await staffBrowserOf(t);
  for (const url of urls) {
    const anon = await anonymous.send('GET', url.replace('/en/', '/de/'));
    expect(anon.statusCode, url).toBe(401);
    expect(anon.json()).toEqual({ detail: translatorFor('de')('auth.loginRequired') });
    const forbidden = await shopper.send('GET', url);
    expect(forbidden.statusCode, url).toBe(403);
    expect(forbidden.json()).toEqual({ detail: translatorFor('en')('staff.forbidden') });
    const ok = await staff.send('GET', url);
    expect(ok.statusCode, url).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
  }
}
