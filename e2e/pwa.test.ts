// Spec section 1: the service worker at /sw.js with scope /, and what it is for — pages that open
// again offline, and the offline page for the others.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, useBrowser, withConsent, type BrowserWindow } from './pages.ts';

const browser = useBrowser();

/** Waits until a service worker is active and controls the page. */
async function controlled(page: Page) {
  const registration = await page.evaluate(async () => {
    const ready = await (globalThis as unknown as BrowserWindow).navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL ?? '' };
  });
  await page.waitForFunction(
    () => (globalThis as unknown as BrowserWindow).navigator.serviceWorker.controller !== null,
  );
  return registration;
}

describe('the service worker', () => {
  it('is registered from /sw.js with scope /', async () => {
    const page = await browser.page();
    await page.goto(`${baseURL}/en/`);
    const { scope, script } = await controlled(page);
    expect(scope).toBe(`${baseURL}/`);
    expect(scope.endsWith('/')).toBe(true);
    expect(script.endsWith('/sw.js')).toBe(true);
    const res = await fetch(`${baseURL}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
  });

  it('opens a visited page again offline, and the offline page for others', async () => {
    const page = await browser.page();
    await withConsent(page);
    await page.goto(`${baseURL}/en/`);
    await controlled(page);
    // Visited while the worker is in control, so it is cached.
    await page.reload();
    const title = await page.title();

    await page.context().setOffline(true);
    await page.goto(`${baseURL}/en/`);
    await expect.poll(() => page.title()).toBe(title);
    await page.goto(`${baseURL}/en/account/login/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.title()).toMatch(/offline/i);
    await page.context().setOffline(false);
  });
});
