// Issue 25, decision 0084: the cart's and the checkout's form checks (zod, the contract's schemas)
// are not among the page's first scripts; they load on the first touch of a form, and a form sent
// before they have arrived waits for them and is sent once, checked in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import english from '../packages/messages/langs/en.json' with { type: 'json' };
import {
  addedMiniCart,
  baseURL,
  hydrated,
  inStockProduct,
  NARROW,
  useBrowser,
  type Card,
  watchErrors,
} from './pages.ts';

const browser = useBrowser();

/** What names a form check's module, or what only such a module brings. */
const CHECKS = /zod|contract-|-checks-|\/forms-|shop-form|cart-forms|checkout-forms/;

/**
 * A new visitor with `product` in the cart (added with JavaScript), on a phone screen.
 *
 * Without a service worker: the shop's worker precaches every script (the checks' modules too)
 * and claims the visitor's pages once installed, and a script it answers from its cache never
 * reaches `page.route`, so `hold` would hold nothing. Whether it had finished installing before
 * the cart opened was a race (the product page registers it): when it had, the checks arrived at
 * once, both presses of "Save" went out (posted twice) and the "never arrive" send was not held.
 */
async function withCart(): Promise<{ page: Page; product: Card }> {
  const page = await browser.visitor({ viewport: NARROW, serviceWorkers: 'block' });
  page.setDefaultTimeout(15_000);
  const product = await inStockProduct();
  await page.goto(`${baseURL}/en${product.slugUri}`);
  await hydrated(page);
  await page.getByRole('button', { name: english.product.addToCart }).first().click();
  await addedMiniCart(page, product.title).waitFor();
  return { page, product };
}

/** Every script the page asks for and every form it posts, from now on. */
function watchRequests(page: Page) {
  const scripts: string[] = [];
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  return { scripts, posts };
}

/** Holds the answer for `glob` until `release()` (a page without a service worker: see `withCart`). */
async function hold(page: Page, glob: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(glob, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens `path`, starts its scripts (a touch, as a shopper's) and waits until all have loaded. */
async function openStarted(page: Page, path: string) {
  const response = await page.goto(`${baseURL}${path}`);
  const html = (await response?.text()) ?? '';
  // The scripts start after the largest paint, or at once on a touch (decision 0068).
  await page.mouse.move(1, 1);
  await page.mouse.down();
  await page.mouse.up();
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return /data-preloads="([^"]*)"/.exec(html)?.[1] ?? '';
}

/** `form.requestSubmit(button)` with the button `selector` finds, as a script of the page does. */
async function requestSubmit(page: Page, selector: string) {
  await page.locator(selector).evaluate((button) => {
    type Submitter = { form: { requestSubmit(submitter: unknown): void } | null };
    (button as unknown as Submitter).form?.requestSubmit(button);
  });
}

describe('the cart’s and the checkout’s form checks load on the first touch', () => {
  it('the cart starts without zod or the schemas; they load on a focus, and check in place', async () => {
    const { page, product } = await withCart();
    const errors = watchErrors(page);
    const { scripts, posts } = watchRequests(page);
    const first = await openStarted(page, '/en/checkout/cart/');
    expect(first).toContain('/assets/cart-');
    expect(first.split(' ').filter((path) => CHECKS.test(path))).toEqual([]);
    expect(scripts.filter((path) => CHECKS.test(path))).toEqual([]);

    const check = page.waitForRequest(/\/assets\/cart-checks-/);
    await page.getByLabel(english.cart.promoCode).focus();
    await check;
    await page.waitForLoadState('networkidle');
    // An empty code is flagged in the browser, nothing sent.
    await page.getByRole('button', { name: english.cart.apply }).click();
    await page.getByText(english.forms.required).first().waitFor();
    // The quantity is checked when its field is left (once the check is here).
    const quantity = page.getByLabel(`${english.cart.quantity}: ${product.title}`);
    await quantity.fill('0.5');
    await quantity.blur();
    await expect
      .poll(() => quantity.getAttribute('aria-invalid'), { timeout: 10_000 })
      .toBe('true');
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a cart form sent before its check arrived is checked once it has: an empty code is flagged, nothing sent', async () => {
    const { page } = await withCart();
    const errors = watchErrors(page);
    const { scripts, posts } = watchRequests(page);
    await openStarted(page, '/en/checkout/cart/');
    const release = await hold(page, '**/assets/cart-checks-*.js');
    const apply = page.getByRole('button', { name: english.cart.apply });
    await apply.click();
    await apply.click();
    release();
    await page.getByText(english.forms.required).first().waitFor();
    expect(scripts.filter((path) => /cart-checks-/.test(path))).toHaveLength(1);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a quantity saved twice before its check arrived is sent once', async () => {
    const { page, product } = await withCart();
    const errors = watchErrors(page);
    const { posts } = watchRequests(page);
    await openStarted(page, '/en/checkout/cart/');
    const release = await hold(page, '**/assets/cart-checks-*.js');
    await page.getByLabel(`${english.cart.quantity}: ${product.title}`).fill('2');
    const save = page.getByRole('button', { name: english.common.save });
    await save.click();
    await save.click();
    release();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(posts.filter((path) => path.startsWith('/en/checkout/cart/'))).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('a quantity left with a bad value before its check arrived is flagged once it has, nothing sent', async () => {
    const { page, product } = await withCart();
    const errors = watchErrors(page);
    const { posts } = watchRequests(page);
    await openStarted(page, '/en/checkout/cart/');
    const release = await hold(page, '**/assets/cart-checks-*.js');
    const quantity = page.getByLabel(`${english.cart.quantity}: ${product.title}`);
    await quantity.fill('0.5');
    // Left for the promo code's field: checked on blur, with nothing to check it yet.
    await page.getByLabel(english.cart.promoCode).focus();
    expect(await quantity.getAttribute('aria-invalid')).not.toBe('true');
    release();
    await expect.poll(() => quantity.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the checkout starts without zod or the schemas; "Continue" before they arrived flags the contact once they have', async () => {
    const { page } = await withCart();
    const errors = watchErrors(page);
    const { scripts, posts } = watchRequests(page);
    const first = await openStarted(page, '/en/checkout/checkout/');
    expect(first).toContain('/assets/checkout-');
    expect(first.split(' ').filter((path) => CHECKS.test(path))).toEqual([]);
    expect(scripts.filter((path) => CHECKS.test(path))).toEqual([]);

    const release = await hold(page, '**/assets/checkout-checks-*.js');
    const contact = page.locator('section[data-section="contact"]');
    await contact.getByLabel(english.auth.email).fill('');
    await contact.getByRole('button', { name: english.payment.next }).click();
    release();
    await contact.getByText(english.forms.required).first().waitFor();
    // The section stays open, the first flagged field focused.
    await expect.poll(() => page.locator(':focus').getAttribute('aria-invalid')).toBe('true');
    expect(scripts.filter((path) => /checkout-checks-/.test(path))).toHaveLength(1);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a send held for checks that never arrive (a lossy link) goes unchecked after the time limit, once', async () => {
    const { page, product } = await withCart();
    const errors = watchErrors(page);
    const { posts } = watchRequests(page);
    await openStarted(page, '/en/checkout/cart/');
    // The checks' module never answers (until the test ends).
    const release = await hold(page, '**/assets/cart-checks-*.js');
    try {
      await page.getByLabel(`${english.cart.quantity}: ${product.title}`).fill('2');
      const save = page.getByRole('button', { name: english.common.save });
      const pressed = Date.now();
      await save.click();
      await save.click();
      await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor({ timeout: 12_000 });
      expect(Date.now() - pressed).toBeGreaterThanOrEqual(3_000);
      await page.waitForLoadState('networkidle');
      expect(posts.filter((path) => path.startsWith('/en/checkout/cart/'))).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      release();
    }
  });

  it('a button never checked (update places, sent on hydration) is not held, and a later "Place order" is not swallowed', async () => {
    const { page } = await withCart();
    const errors = watchErrors(page);
    const { posts } = watchRequests(page);
    await openStarted(page, '/en/checkout/checkout/');
    const release = await hold(page, '**/assets/checkout-checks-*.js');
    try {
      // What `useChangedBeforeHydration` does for a country chosen before the scripts ran.
      const places = page.waitForRequest((request) => request.method() === 'POST');
      await requestSubmit(page, 'button[name="intent"][value="places"]');
      expect((await places).postData()).toContain('places');
      await page.waitForLoadState('networkidle');
      // Then the shopper's "Place order", while the checks are still on their way: held, and shown
      // as pending.
      await requestSubmit(page, 'button[name="intent"][value="place"]:not([hidden])');
      await page.getByRole('button', { name: english.checkout.processing }).waitFor();
    } finally {
      release();
    }
    // Once they are here it is checked: the empty contact is flagged, nothing more sent.
    await page.getByText(english.forms.required).first().waitFor();
    await page
      .getByRole('button', { name: english.checkout.placeOrder })
      .waitFor({ state: 'attached' });
    expect(posts).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});
