// Decision 0067: a plain shopper's list page is the visitors' kept page with their header, counts
// and hearts filled in. Without JavaScript it shows their own; with JavaScript it hydrates
// without a mismatch and keeps counting (a heart, an add to cart after a client navigation); a
// second shopper at the same time sees theirs.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiVisitor } from './api-visitor.ts';
import {
  addedMiniCart,
  baseURL,
  hydrated,
  inStockProduct,
  mailedLink,
  useBrowser,
  withConsent,
} from './pages.ts';

const browser = useBrowser();
const PASSWORD = 'Plain-shopper-2026!';

/** A new account with no discounts of its own, confirmed (which logs it in) through the API. */
async function plainShopper(firstName: string) {
  const email = `plain.${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const api = await ApiVisitor.withToken(baseURL);
  const registered = await api.send('POST', 'api/accounts/register/', {
    email,
    password: PASSWORD,
    firstName,
    lastName: 'Plain',
  });
  expect(registered.status, await registered.text()).toBe(201);
  const token = new URL(await mailedLink(email, 'confirm-email')).searchParams.get('token');
  const confirmed = await api.send('POST', 'api/accounts/confirm_email/', { token });
  expect(confirmed.status, await confirmed.text()).toBe(200);
  return { api, email };
}

/** Puts `cart` products in the shopper's cart (one each) and saves the first `saved` of them. */
async function fill(api: ApiVisitor, products: number[], saved: number) {
  for (const id of products) {
    const res = await api.send('PATCH', `api/sales/cart_products/${id}/`, {
      quantity: 1,
      ref: 'product',
    });
    expect(res.status, await res.text()).toBe(200);
  }
  for (const id of products.slice(0, saved)) {
    const res = await api.send('POST', 'api/products/wishlist/', { product: id });
    expect(res.status, await res.text()).toBe(201);
  }
}

/** A browser page holding the API visitor's session and token. */
async function pageOf(api: ApiVisitor, javaScriptEnabled: boolean) {
  const page = await browser.page({ javaScriptEnabled });
  await withConsent(page);
  await page.context().addCookies(
    api.cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
    }),
  );
  return page;
}

/** A number in the label of the header link named like `name` ("Cart, 2 items"). */
async function badge(page: Page, name: RegExp): Promise<number> {
  const label = await page.getByRole('link', { name }).first().getAttribute('aria-label');
  return Number(/\d+/.exec(label ?? '')?.[0]);
}
const cartBadge = (page: Page) => badge(page, /^Cart, \d+ items?$/);
const wishlistBadge = (page: Page) => badge(page, /^Wishlist, \d+ saved items?$/);
const pressedHearts = (page: Page) =>
  page.locator('button[aria-pressed="true"][aria-label^="Add to wishlist: "]').count();

describe("a plain shopper's list page from the kept template", () => {
  it('shows their own header and hearts without JavaScript, and hydrates and counts with it', async () => {
    const products = await Promise.all([0, 1, 2].map((skip) => inStockProduct(skip)));
    const ann = await plainShopper('Annika');
    await fill(
      ann.api,
      products.map((p) => p.id),
      2,
    );
    const bob = await plainShopper('Boris');
    await fill(bob.api, [products[2]!.id], 1);

    // Without JavaScript: the filled page itself.
    const still = await pageOf(ann.api, false);
    const answer = await still.goto(`${baseURL}/en/products/`);
    expect(['hit', 'miss', 'shared']).toContain(answer?.headers()['x-page-cache']);
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    expect(await cartBadge(still)).toBe(3);
    expect(await wishlistBadge(still)).toBe(2);
    expect(await pressedHearts(still)).toBe(2);
    await still.getByRole('button', { name: 'Log out' }).waitFor({ state: 'attached' });
    expect(await still.getByRole('link', { name: 'Log in', exact: true }).count()).toBe(0);

    // With JavaScript: no hydration error, and the header keeps counting.
    const page = await pageOf(ann.api, true);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const live = await page.goto(`${baseURL}/en/products/`);
    expect(['hit', 'miss', 'shared']).toContain(live?.headers()['x-page-cache']);
    await hydrated(page);
    expect(await cartBadge(page)).toBe(3);
    expect(await wishlistBadge(page)).toBe(2);
    expect(await pressedHearts(page)).toBe(2);

    // A heart: saved at once, and the header counts it.
    const third = products[2]!;
    await page
      .getByRole('button', { name: `Add to wishlist: ${third.title}`, pressed: false })
      .first()
      .click();
    await expect.poll(() => wishlistBadge(page)).toBe(3);
    await expect.poll(() => pressedHearts(page)).toBe(3);

    // A client navigation keeps the filled page's view (the layout does not reload), and an add
    // to cart there reloads it and counts the unit.
    await page.getByRole('link', { name: third.title, exact: true }).first().click();
    await page.waitForURL((url) => url.pathname.endsWith(third.slugUri));
    expect(await cartBadge(page)).toBe(3);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await addedMiniCart(page, third.title).waitFor();
    await expect.poll(() => cartBadge(page)).toBe(4);
    await page.getByRole('button', { name: 'Log out' }).first().waitFor({ state: 'attached' });

    // Another shopper meanwhile: their own, from the same kept page.
    const other = await pageOf(bob.api, true);
    await other.goto(`${baseURL}/en/products/`);
    await hydrated(other);
    expect(await cartBadge(other)).toBe(1);
    expect(await wishlistBadge(other)).toBe(1);
    expect(await pressedHearts(other)).toBe(1);
    expect(await other.content()).not.toContain(ann.email);

    expect(errors.filter((text) => /hydrat|did not match|mismatch/i.test(text))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
