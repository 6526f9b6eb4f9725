// Issue 23, point 7: − / + steppers beside the cart line's quantity field; the field always
// shows what the cart holds, and a quantity capped at the stock says so, with JavaScript or without.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  baseURL,
  contentWidth,
  hydrated,
  NARROW,
  useBrowser,
  WIDE,
  type Card,
} from './pages.ts';

const browser = useBrowser();

/**
 * A product with a small tracked stock. cart.test.ts takes the last two such products; these
 * tests take the ones before (browser tests share one shop, and checkouts lower stocks).
 */
async function smallStockProduct(fromEnd: number): Promise<Card & { stock: number }> {
  const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
  const list = (await res.json()) as { results: Card[] };
  const product = list.results
    .filter((c) => c.available && c.stock !== null && c.stock >= 3 && c.stock < 99)
    .at(-fromEnd);
  if (!product || product.stock === null) throw new Error('no product with a small stock');
  return { ...product, stock: product.stock };
}

/** A visitor with one of `product` in the cart, on the cart page. */
async function cartWithOne(
  product: Card,
  options: NonNullable<Parameters<typeof browser.page>[0]>,
) {
  const page = await browser.open(`/en${product.slugUri}`, options);
  if (options.javaScriptEnabled === false) {
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.waitForURL(/\/checkout\/cart\/$/);
  } else {
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await page.goto(`${baseURL}/en/checkout/cart/`);
    await hydrated(page);
  }
  return page;
}

const controls = (page: Page, title: string) => ({
  field: page.getByLabel(`Quantity: ${title}`),
  more: page.getByRole('button', { name: `Increase quantity for ${title}` }),
  less: page.getByRole('button', { name: `Decrease quantity for ${title}` }),
  capped: page.getByText(/^Only \d+ left in stock\.$/),
  badge: (count: number) =>
    page.getByRole('link', { name: count === 1 ? 'Cart, 1 item' : `Cart, ${count} items` }),
});

describe('cart quantity steppers', () => {
  for (const [viewport, fromEnd] of [
    [NARROW, 3],
    [WIDE, 4],
  ] as const) {
    it(`steps up and down, and past the stock says so while the field shows what the cart holds (${viewport.width} px)`, async () => {
      const product = await smallStockProduct(fromEnd);
      const page = await cartWithOne(product, { viewport });
      const line = controls(page, product.title);
      expect(await line.less.isDisabled()).toBe(true);
      await line.more.click();
      await expect.poll(() => line.field.inputValue()).toBe('2');
      await line.badge(2).waitFor();
      await line.less.click();
      await expect.poll(() => line.field.inputValue()).toBe('1');
      await line.badge(1).waitFor();

      // The whole stock, then one more with +: refused, and the field keeps the stock.
      await line.field.fill(String(product.stock));
      await page.getByRole('button', { name: 'Save' }).click();
      await line.badge(product.stock).waitFor();
      await line.more.click();
      await line.capped.waitFor();
      const left = Number(/\d+/.exec((await line.capped.textContent()) ?? '')?.[0]);
      expect(left).toBeLessThanOrEqual(product.stock);
      await expect.poll(() => line.field.inputValue()).toBe(String(left));

      // The case: 9 typed past a stock the line already holds; the field must not keep 9.
      await line.field.fill('98');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(() => line.field.inputValue()).toBe(String(left));
      await line.capped.waitFor();
      await line.badge(left).waitFor();
      expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  it('without JavaScript: + past the stock comes back with the message and the cart’s quantity', async () => {
    const product = await smallStockProduct(5);
    const page = await cartWithOne(product, { javaScriptEnabled: false, viewport: NARROW });
    const line = controls(page, product.title);
    await line.more.click();
    await page.waitForLoadState('load');
    await expect.poll(() => line.field.inputValue()).toBe('2');

    await line.field.fill('98');
    await page.getByRole('button', { name: 'Save' }).click();
    await line.capped.waitFor();
    const left = Number(/\d+/.exec((await line.capped.textContent()) ?? '')?.[0]);
    expect(left).toBeLessThanOrEqual(product.stock);
    expect(await line.field.inputValue()).toBe(String(left));

    await line.more.click();
    await line.capped.waitFor();
    expect(await line.field.inputValue()).toBe(String(left));
    await line.badge(left).waitFor();
    expect(await contentWidth(page)).toBeLessThanOrEqual(NARROW.width);
  });

  it('without JavaScript: an add past the stock says so', async () => {
    const product = await smallStockProduct(6);
    const page = await browser.open(`/en${product.slugUri}`, { javaScriptEnabled: false });
    await page.getByLabel('Quantity').first().fill('98');
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByText(/^Only \d+ left in stock\.$/).waitFor();
  });
});
