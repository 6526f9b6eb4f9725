import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('npm start', () => {
  it('serves the shop home page in English from the seeded database', async () => {
    const info = (await (
      await fetch(`${baseURL}/en/api/organizations/organization_info/`)
    ).json()) as { title: string };
    const page = await browser.newPage();
    const response = await page.goto(`${baseURL}/en/`);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('heading', { level: 1, name: info.title }).waitFor();
    await expect.poll(() => page.title()).toContain(info.title);
    await page.close();
  });

  it('redirects / to a language and serves generated media on the same origin', async () => {
    const page = await browser.newPage({ locale: 'de-DE' });
    await page.goto(`${baseURL}/`);
    expect(new URL(page.url()).pathname).toBe('/de/');
    const shop = (await (
      await fetch(`${baseURL}/de/api/organizations/organization_info/`)
    ).json()) as {
      images: { image: string; imageType: string }[];
    };
    const logo = shop.images.find((i) => i.imageType === 'logo');
    const res = await fetch(`${baseURL}${logo?.image}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    await page.close();
  });
});
