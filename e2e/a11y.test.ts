// Accessibility: axe finds nothing on the home page, the catalogue screens, the 404 screen and
// coming-soon, at a phone's width and a desktop's, with the cookie banner up as a first visitor
// sees it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  NARROW,
  WIDE,
  axeViolations,
  baseURL,
  closedURL,
  duplicateIds,
  hydrated,
  useBrowser,
} from './pages.ts';

const browser = useBrowser();

const screens: { name: string; url: () => string; ready: (page: Page) => Promise<void> }[] = [
  {
    name: 'home',
    url: () => `${baseURL}/en/`,
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: '404',
    url: () => `${baseURL}/en/some-page/`,
    ready: (page) =>
      page.getByRole('heading', { level: 1, name: 'Oops! This Page Could Not Be Found' }).waitFor(),
  },
  {
    name: 'product list with a filter',
    url: () => `${baseURL}/en/products/?values__id=1&sort=-price`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Products' }).waitFor(),
  },
  {
    name: 'search results',
    url: () => `${baseURL}/de/products/?query=leinen`,
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'product page',
    url: () => `${baseURL}/en/products/relaxed-linen-shirt-10/`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Relaxed Linen Shirt' }).waitFor(),
  },
  {
    name: 'bundle page',
    url: () => `${baseURL}/it/bundles/linen-bedroom-set-1/`,
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'attribute page',
    url: () => `${baseURL}/ru/attributes/colour-1/`,
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'coming-soon (closed shop)',
    url: () => `${closedURL}/en/`,
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Coming soon' }).waitFor(),
  },
];

describe('axe', () => {
  for (const screen of screens) {
    for (const viewport of [NARROW, WIDE]) {
      it(`finds no violation on ${screen.name} at ${viewport.width} px`, async () => {
        const page = await browser.page({ viewport });
        await page.goto(screen.url());
        await screen.ready(page);
        await hydrated(page);
        if (screen.name === 'home') {
          await page.getByRole('dialog', { name: 'We use cookies' }).waitFor();
        }
        expect(await axeViolations(page)).toEqual([]);
        expect(await duplicateIds(page)).toEqual([]);
      });
    }
  }

  it('finds no violation with the mobile menu open (360 px)', async () => {
    const page = await browser.page({ viewport: NARROW });
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    await page.getByLabel('Open menu').click();
    await page.getByRole('navigation', { name: 'Catalogue' }).waitFor();
    // The header only: the open panel lies over the page, whose covered parts axe would misjudge.
    expect(await axeViolations(page, 'header')).toEqual([]);
  });

  it('finds no violation with a header dropdown open (1280 px)', async () => {
    const page = await browser.page({ viewport: WIDE });
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    const menu = page.getByRole('navigation', { name: 'Catalogue' }).locator('details').first();
    await menu.locator('summary').click();
    await menu.getByRole('link').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
