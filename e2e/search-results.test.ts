// Issue 23, point 12: the search words stay in the box on the results page, and the results are
// sorted and filtered like the product list (the same panel), keeping the results in view.
import { describe, expect, it } from 'vitest';
import {
  axeViolations,
  baseURL,
  checkScreen,
  contentWidth,
  hydrated,
  NARROW,
  useBrowser,
  WIDE,
} from './pages.ts';

type Facet = { id: number; title: string; values: { id: number; title: string; count: number }[] };
type Card = { id: number; title: string; discountPrice: number };
const api = async <T>(path: string): Promise<T> => {
  const res = await fetch(`${baseURL}/en/api/${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
};

const browser = useBrowser();

describe('search results', () => {
  for (const viewport of [NARROW, WIDE])
    for (const js of [true, false])
      it(`keep the words in the search box (${viewport.width} px, ${js ? 'with' : 'without'} JavaScript)`, async () => {
        const page = await browser.open('/en/', { viewport, javaScriptEnabled: js });
        if (js) await hydrated(page);
        const box = page.getByRole('banner').getByRole('combobox', { name: 'Search the shop…' });
        await box.fill('linen shirt');
        await box.press('Enter');
        await page.waitForURL(/\/en\/products\/\?query=linen(\+|%20)shirt/);
        await page
          .getByRole('heading', { level: 1, name: 'Search results for “linen shirt”' })
          .waitFor();
        if (js) await hydrated(page);
        await expect.poll(() => box.inputValue()).toBe('linen shirt');
        // axe runs in the page's JavaScript: checked with it on, the width either way.
        if (js) await checkScreen(page);
        else expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);

        // Another page of the site: the box is empty again.
        await page.goto(`${baseURL}/en/products/`);
        await expect.poll(() => box.inputValue()).toBe('');
      });

  it('sort and filter like the list; a filter ticked low in the sidebar brings the results back (1280 px)', async () => {
    const page = await browser.open('/en/products/?query=linen', { viewport: WIDE });
    await hydrated(page);
    const box = page.getByRole('banner').getByRole('combobox', { name: /^Search/ });
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price');
    expect(new URL(page.url()).searchParams.get('query')).toBe('linen');
    const sorted = await api<{ results: Card[] }>(
      'products/products/?query=linen&sort=price&page_size=12',
    );
    const titles = page
      .getByRole('list', { name: 'Search results for “linen”' })
      .getByRole('heading', { level: 2 });
    await expect.poll(() => titles.allTextContents()).toEqual(sorted.results.map((c) => c.title));
    expect(await box.inputValue()).toBe('linen');

    // The last value of the panel, scrolled to at the foot of the long sidebar.
    const facets = await api<Facet[]>('products/facets/?query=linen');
    const value = facets
      .flatMap((a) => a.values)
      .filter((v) => v.count > 0)
      .at(-1)!;
    const tick = page.getByRole('checkbox', { name: value.title, exact: true });
    await tick.scrollIntoViewIfNeeded();
    await tick.check();
    await page.waitForURL((url) =>
      url.searchParams.getAll('values__id').includes(String(value.id)),
    );
    await page
      .getByRole('status')
      .filter({ hasText: `${value.count} result` })
      .waitFor();
    const results = page.getByRole('region', { name: 'Search results for “linen”' });
    await expect
      .poll(async () => {
        const at = await results.boundingBox();
        return at !== null && at.y >= 0 && at.y < WIDE.height / 2;
      })
      .toBe(true);
    expect(await box.inputValue()).toBe('linen');
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const js of [true, false])
    it(`filter ${js ? 'in the sheet on a phone' : 'on a phone without JavaScript'} (360 px)`, async () => {
      const facets = await api<Facet[]>('products/facets/?query=linen');
      const value = facets.flatMap((a) => a.values).find((v) => v.count > 0)!;
      const page = await browser.open('/en/products/?query=linen', {
        viewport: NARROW,
        javaScriptEnabled: js,
      });
      if (js) {
        await hydrated(page);
        await page.getByRole('button', { name: 'Filters', exact: true }).click();
        const sheet = page.getByRole('dialog', { name: 'Filters' });
        await sheet.getByRole('checkbox', { name: value.title, exact: true }).check();
        await page.waitForURL((url) =>
          url.searchParams.getAll('values__id').includes(String(value.id)),
        );
        await page.keyboard.press('Escape');
      } else {
        await page.locator('summary', { hasText: 'Filters' }).click();
        await page.getByRole('checkbox', { name: value.title, exact: true }).check();
        await page.getByRole('button', { name: 'Apply' }).click();
        await page.waitForURL((url) =>
          url.searchParams.getAll('values__id').includes(String(value.id)),
        );
      }
      expect(new URL(page.url()).searchParams.get('query')).toBe('linen');
      await page
        .getByRole('status')
        .filter({ hasText: `${value.count} result` })
        .waitFor();
      // axe runs in the page's JavaScript: checked with it on, the width either way.
      if (js) await checkScreen(page);
      else expect(await contentWidth(page)).toBeLessThanOrEqual(NARROW.width);
    });
});
