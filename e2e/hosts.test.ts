// The host rule (docs/decisions/0045-host-names.md, apps/server/src/host-rule.ts): without
// PUBLIC_URL the shop works under whatever name it is reached by (a first `npm start` opened at
// 127.0.0.1 or a LAN address used to fail every form with a 500); with PUBLIC_URL a read under
// another name is redirected there; a form from another origin is refused with the shop's error
// screen in the path's language, never a 500.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, NARROW, useBrowser, WIDE } from './pages.ts';
import { answering, freePort, spawnShop, stopShop, type Shop } from './shop-process.ts';

const browser = useBrowser();

/** The same shop under its other loopback name: the suite's shop listens on 127.0.0.1. */
const otherName = (url: string) => url.replace('//127.0.0.1:', '//localhost:');

/** Logs the demo shopper in through the login form and waits for the account's Log out. */
async function logInByForm(page: Page, base: string) {
  await page.goto(`${base}/en/account/login/`);
  await page.getByLabel('Email').fill('shopper@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log out' }).first().waitFor({ state: 'attached' });
}

/** A form post as a browser on `origin` would send it (no CSRF token: the host rule comes first). */
const postFrom = (url: string, origin: string) =>
  fetch(url, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=shopper%40example.com&password=demo1234',
    redirect: 'manual',
  });

describe('without PUBLIC_URL, the shop under any name', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW],
    ['without JavaScript at 1280 px', false, WIDE],
  ])('logs in through the form at localhost (%s)', async (_name, js, viewport) => {
    const page = await browser.page({ javaScriptEnabled: js, viewport });
    page.setDefaultTimeout(15_000);
    await logInByForm(page, otherName(baseURL));
    expect(new URL(page.url()).host).toBe(new URL(otherName(baseURL)).host);
  });

  it("refuses a form from another site with 403 and the error screen in the path's language", async () => {
    const res = await postFrom(`${baseURL}/de/account/login/`, 'http://evil.example');
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('Dieses Formular wurde von einer anderen Adresse gesendet');
    expect(html).toContain(baseURL);
    expect(res.headers.get('set-cookie') ?? '').not.toContain('sessionid');
  });
});

describe('with PUBLIC_URL, the shop at its address only', () => {
  let shop: Shop | undefined;
  let dataDir = '';
  let publicUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://localhost:${port}`;
    dataDir = await mkdtemp(join(tmpdir(), 'shop-hosts-'));
    shop = await spawnShop(dataDir, { PUBLIC_URL: publicUrl }, port);
    await answering(shop);
  }, 200_000);

  afterAll(async () => {
    await stopShop(shop);
    if (dataDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('redirects a page read under another name to the same path at the public address', async () => {
    const res = await fetch(`${shop!.url}/en/products/?page=2`, { redirect: 'manual' });
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe(`${publicUrl}/en/products/?page=2`);
  });

  it('works at the public address, with and without JavaScript', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const page = await browser.page({ javaScriptEnabled });
      page.setDefaultTimeout(15_000);
      await logInByForm(page, publicUrl);
    }
  });

  it('refuses a form posted from the other name, naming the public address', async () => {
    const res = await postFrom(`${publicUrl}/it/account/login/`, shop!.url);
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(`Apri il negozio all&#x27;indirizzo ${publicUrl}`);
  });
});
