// Issue 25: the layouts reload after an action or a language change, not on a filter click. A
// logged-in shopper's filter click asks the server for the list's data only; an add to cart
// still updates the header's badge.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addedMiniCart, baseURL, hydrated, inStockProduct, useBrowser } from './pages.ts';

type Facet = { id: number; title: string; values: { id: number; title: string; count: number }[] };

const browser = useBrowser();

/** The number on the header's cart link ("Cart, 2 items"). */
async function cartBadge(page: Page): Promise<number> {
  const label = await page
    .getByRole('link', { name: /^Cart, \d+ items?$/ })
    .getAttribute('aria-label');
  return Number(/\d+/.exec(label ?? '')?.[0]);
}

describe("the layouts on a logged-in shopper's pages", () => {
  it('leave a filter click to the list route, and reload the badge after an add to cart', async () => {
    const res = await fetch(`${baseURL}/en/api/products/facets/`);
    const [facet] = (await res.json()) as Facet[];
    const value = facet!.values.find((v) => v.count > 0)!;

    // A shopper no other browser test uses: the cart is theirs alone during this test.
    const page = await browser.loggedIn('ivan.petrov@example.com');
    await page.goto(`${baseURL}/en/products/`);
    await hydrated(page);
    const before = await cartBadge(page);

    const data: { url: URL; body: Promise<string> }[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.data')) data.push({ url, body: response.text().catch(() => '') });
    });
    await page.getByRole('checkbox', { name: value.title, exact: true }).check();
    await page.waitForURL((url) =>
      url.searchParams.getAll('values__id').includes(String(value.id)),
    );
    await expect.poll(() => data.length).toBe(1);
    const [click] = data;
    expect(click!.url.pathname).toBe('/en/products/_.data');
    // Only the list's loader runs: the locale's and the shop layout's data stay as they were.
    expect(click!.url.searchParams.get('_routes')).toBe('routes/products');
    // Its body, when the browser still had it to read (`_routes` above already says who ran).
    const body = await click!.body;
    if (body) expect(body).toContain('routes/products');
    expect(body).not.toContain('routes/shop-layout');
    expect(await cartBadge(page)).toBe(before);

    // An add to cart is an action: the layout reloads, and the badge counts the new unit.
    const product = await inStockProduct(3);
    await page.goto(`${baseURL}/en${product.slugUri}`);
    await hydrated(page);
    data.splice(0);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await addedMiniCart(page, product.title).waitFor();
    await expect.poll(() => cartBadge(page)).toBe(before + 1);
    // …through React Router's reload after the action, which asked for the layout's data.
    expect(
      data.some(
        ({ url }) =>
          !url.searchParams.has('_routes') ||
          url.searchParams.get('_routes')?.includes('routes/shop-layout'),
      ),
    ).toBe(true);
  });
});
