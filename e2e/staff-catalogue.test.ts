// Issue 24, the back office's products (decision 0056) in the browser: staff find a product in the
// list, change its price on the edit page, and the product page a visitor sees (kept by the page
// cache before the edit) shows the new price at once. With and without JavaScript, at 360 and
// 1280 px, every screen checked with axe.
import { describe, expect, it } from 'vitest';
import {
  baseURL,
  checkScreen,
  hydrated,
  NARROW,
  shopInfo,
  useBrowser,
  WIDE,
  type Card,
} from './pages.ts';

const browser = useBrowser();

/**
 * The `fromEnd`-th listed product counted from the end of the first 50: other test files take
 * theirs from the start (inStockProduct), so a changed price surprises none of them.
 */
async function productFromEnd(fromEnd: number): Promise<Card> {
  const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
  const list = (await res.json()) as { results: Card[] };
  const card = list.results.filter((c) => c.available).at(-1 - fromEnd);
  if (!card) throw new Error('no product');
  return card;
}

describe('the back office’s products', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW, 0],
    ['without JavaScript at 1280 px', false, WIDE, 1],
  ])(
    'staff change a price and the product page shows it (%s)',
    async (_name, js, viewport, fromEnd) => {
      const product = await productFromEnd(fromEnd);
      const info = (await shopInfo()) as { currency?: string };
      const money = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: info.currency ?? 'EUR',
      });

      // A visitor's product page, kept by the page cache before the edit.
      const visitor = await browser.open(`/en${product.slugUri}`, { viewport });
      await visitor.goto(`${baseURL}/en${product.slugUri}`);
      await visitor.getByRole('heading', { level: 1, name: product.title }).waitFor();

      const page = await browser.staffPage(js, viewport);

      // The list, searched by the id (a GET form), then the product's edit page.
      await page.goto(`${baseURL}/en/staff/`);
      await page.getByRole('link', { name: 'Products' }).click();
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      if (js) await hydrated(page);
      await page.getByLabel('Title or id').fill(String(product.id));
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL(/[?&]q=/);
      await browser.checkScreen(page, js);
      await page.getByRole('link', { name: product.title, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: `Product: ${product.title}` }).waitFor();
      if (js) await hydrated(page);
      // Pictures have their own page: this one links there.
      expect(await page.getByRole('link', { name: 'Manage pictures' }).getAttribute('href')).toBe(
        `/en/staff/products/${product.id}/pictures/`,
      );
      await browser.checkScreen(page, js);

      // A bad price is refused at its field, and nothing is saved.
      await page.getByLabel('Price', { exact: true }).fill('-3');
      await page.getByRole('button', { name: 'Save' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: /at least 0/ })
        .waitFor();

      const price = 100 + fromEnd + Math.round(Math.random() * 8000) / 100;
      await page.getByLabel('Price', { exact: true }).fill(price.toFixed(2));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe(price.toFixed(2));
      await browser.checkScreen(page, js);

      // The visitor's page shows the new price at once: the save dropped the kept page.
      await visitor.goto(`${baseURL}/en${product.slugUri}`);
      await visitor.getByText(money.format(price)).first().waitFor();
    },
    // Without JavaScript each step is a page of its own, on a machine shared with other runs.
    120_000,
  );

  it.each([
    ['at 360 px', NARROW],
    ['at 1280 px', WIDE],
  ])('the bundle list and a bundle’s edit page pass axe (%s)', async (_name, viewport) => {
    const page = await browser.staffPage(true, viewport);
    await page.goto(`${baseURL}/en/staff/bundles/`);
    await page.getByRole('heading', { level: 1, name: 'Bundles' }).waitFor();
    await hydrated(page);
    await checkScreen(page);
    await page.getByRole('table').getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: /^Bundle: / }).waitFor();
    await hydrated(page);
    await checkScreen(page);
  });
});
