// Issue 23, point 6: adding to the cart opens a mini-cart under the header's cart icon (the line,
// its variation, the subtotal, "View cart" and "Checkout"), handled by keyboard; the header stays
// in sight while the page scrolls; without JavaScript an add lands on the cart page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  baseURL,
  type BrowserElement,
  type BrowserWindow,
  contentWidth,
  hydrated,
  inStockProduct,
  isFocused,
  NARROW,
  useBrowser,
  WIDE,
  type Card,
} from './pages.ts';

const browser = useBrowser();

const miniCart = (page: Page) => page.getByRole('dialog', { name: 'Added to your cart' });
const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart, / });

describe('the mini-cart', () => {
  for (const viewport of [NARROW, WIDE]) {
    it(`opens under the cart icon after an add, with the line, the subtotal and working links (${viewport.width} px)`, async () => {
      const product: Card = await inStockProduct(2);
      const page = await browser.open(`/en${product.slugUri}`, { viewport });
      await hydrated(page);
      const add = page.getByRole('button', { name: 'Add to cart' }).first();
      await add.click();
      const dialog = miniCart(page);
      await dialog.waitFor();
      await dialog.getByText(product.title, { exact: true }).waitFor();
      await dialog.getByText('Subtotal').waitFor();
      expect(await dialog.getByText(/€/).count()).toBeGreaterThan(0);
      await cartLink(page)
        .and(page.getByRole('link', { name: 'Cart, 1 item' }))
        .waitFor();
      // No toast any more: the old one covered the logo and the menu.
      expect(await page.getByText(/has been added to your cart$/).count()).toBe(0);

      // Anchored to the cart icon: just under the header, inside the screen.
      const icon = await cartLink(page).boundingBox();
      const box = await dialog.boundingBox();
      if (!icon || !box) throw new Error('no cart icon or mini-cart');
      expect(box.y).toBeGreaterThanOrEqual(icon.y + icon.height - 1);
      expect(box.y).toBeLessThan(icon.y + icon.height + 40);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // The focus went into it; Escape closes it and gives the focus back to the button.
      await expect
        .poll(() =>
          dialog.evaluate((el) =>
            (el as unknown as BrowserElement).contains(
              (globalThis as unknown as BrowserWindow).document.activeElement,
            ),
          ),
        )
        .toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(add)).toBe(true);

      // Again, by keyboard: Enter on the button, then Tab to "View cart" and follow it.
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await cartLink(page)
        .and(page.getByRole('link', { name: 'Cart, 2 items' }))
        .waitFor();
      const viewCart = dialog.getByRole('link', { name: 'View cart' });
      for (let i = 0; i < 6 && !(await isFocused(viewCart)); i++) await page.keyboard.press('Tab');
      expect(await isFocused(viewCart)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/en\/checkout\/cart\/$/);
      await page.getByRole('heading', { level: 1, name: 'Shopping cart' }).waitFor();
      await expect.poll(() => page.getByLabel(`Quantity: ${product.title}`).inputValue()).toBe('2');
    });
  }

  it('names the variation, and its "Checkout" link opens the checkout; a click outside closes it', async () => {
    const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
    const list = (await res.json()) as { results: Card[] };
    const parent = list.results.find((c) => c.slugUri.includes('stonewashed-linen-duvet-cover'));
    if (!parent) throw new Error('no duvet cover in the demo shop');
    const page = await browser.open(`/en${parent.slugUri}`);
    await page.getByRole('link', { name: 'Sage', exact: false }).first().click();
    await page.waitForURL(/sage-green/);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    const dialog = miniCart(page);
    await dialog.waitFor();
    await dialog.getByText('Colour: Sage green').waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await dialog.waitFor();
    await dialog.getByRole('link', { name: 'Checkout' }).click();
    await page.waitForURL(/\/en\/checkout\/checkout\/$/);
  });

  it('without JavaScript, adding goes to the cart page', async () => {
    const product = await inStockProduct(3);
    const page = await browser.open(`/en${product.slugUri}`, { javaScriptEnabled: false });
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.waitForURL(/\/en\/checkout\/cart\/$/);
    await page.getByRole('link', { name: product.title }).waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
  });
});

describe('the sticky header', () => {
  for (const viewport of [NARROW, WIDE]) {
    it(`keeps the cart count in sight after scrolling, without covering what an anchor shows (${viewport.width} px)`, async () => {
      const page = await browser.open('/en/products/', { viewport });
      await hydrated(page);
      await page.mouse.wheel(0, 3000);
      await expect
        .poll(() => page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY))
        .toBeGreaterThan(1000);
      const icon = await cartLink(page).boundingBox();
      if (!icon) throw new Error('no cart icon');
      expect(icon.y).toBeGreaterThanOrEqual(0);
      expect(icon.y + icon.height).toBeLessThanOrEqual(viewport.height / 4);

      // An element scrolled to (an anchor, the focus) shows below the header, not under it.
      const header = page.getByRole('banner');
      const target = page
        .getByRole('navigation', { name: /pagination/i })
        .or(page.getByRole('contentinfo'))
        .first();
      await target.evaluate((el) => (el as unknown as { scrollIntoView(): void }).scrollIntoView());
      const bar = await header.boundingBox();
      const shown = await target.boundingBox();
      if (!bar || !shown) throw new Error('no header or target');
      expect(shown.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
