import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  addedMiniCart,
  axeViolations,
  baseURL,
  contentWidth,
  hydrated,
  NARROW,
  useBrowser,
  withConsent,
  WIDE,
  inStockProduct,
} from './pages.ts';

const browser = useBrowser();

/** A new visitor with one product in the cart, added by the product page's plain form. */
async function shopperWithCart(options: NonNullable<Parameters<typeof browser.page>[0]>, skip = 0) {
  const { viewport, ...rest } = options;
  // Added at desktop width (the product page's buy box), then the checkout at the asked width.
  const page = await browser.page(rest);
  page.setDefaultTimeout(15_000);
  await withConsent(page);
  const product = await inStockProduct(skip);
  await page.goto(`${baseURL}/en${product.slugUri}`);
  if (options.javaScriptEnabled !== false) await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  if (options.javaScriptEnabled !== false) await addedMiniCart(page, product.title).waitFor();
  else await page.waitForLoadState('load');
  if (viewport) await page.setViewportSize(viewport);
  return { page, product };
}

async function fillAddress(page: Page, js: boolean) {
  await page.getByLabel('Email').fill('guest@example.com');
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill('Muster');
  await page.getByLabel('Phone').fill('+49 89 1234567');
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  if (!js) await page.getByRole('button', { name: 'Show regions and cities' }).click();
  await page.getByLabel('Region').selectOption({ label: 'Bavaria' });
  if (!js) await page.getByRole('button', { name: 'Show regions and cities' }).click();
  await page.getByLabel('City').selectOption({ label: 'Munich' });
  await page.getByLabel('Street and house number').fill('Marienplatz 1');
  await page.getByLabel('Postal code').fill('80331');
}

describe('checkout', () => {
  /** axe and the page's width, in a JavaScript context of the same visitor (cookies copied). */
  async function checkLayout(page: Page, width: number) {
    let target = page;
    if (!jsOn.get(page)) {
      target = await browser.page({ viewport: page.viewportSize() ?? NARROW });
      await target.context().addCookies(await page.context().cookies());
      await target.goto(page.url());
    }
    expect(await axeViolations(target)).toEqual([]);
    expect(await contentWidth(target)).toBeLessThanOrEqual(width);
  }
  const jsOn = new WeakMap<Page, boolean>();

  it.each([
    ['with JavaScript at 1280 px', true, WIDE],
    ['with JavaScript at 360 px', true, NARROW],
    ['without JavaScript at 360 px', false, NARROW],
  ])(
    'a guest orders %s with cash on delivery and lands on order-success',
    async (_name, js, viewport) => {
      const { page, product } = await shopperWithCart({ javaScriptEnabled: js, viewport });
      jsOn.set(page, js);
      await page.goto(`${baseURL}/en/checkout/cart/`);
      await page.getByRole('link', { name: 'Proceed to checkout' }).click();
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      if (js) await hydrated(page);
      await fillAddress(page, js);
      await page.getByLabel(/Cash on delivery/).check();
      await page.getByLabel(/Express delivery/).check();
      if (js) {
        // The summary follows the chosen delivery at once.
        await page.getByRole('complementary').getByText('Delivery (Express delivery)').waitFor();
        await checkLayout(page, viewport.width);
      }
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/en/checkout/order-success/');
      await page.getByText(product.title).first().waitFor();
      await page.getByText(/Please have .* ready in cash for the courier/).waitFor();
      await page.getByText('Delivery (Express delivery)').waitFor();
      await page.getByText('€12.90').waitFor();
      await checkLayout(page, viewport.width);
    },
  );

  it.each([
    ['4242 4242 4242 4242', 'Payment successful', 'Paid'],
    ['4000 0000 0000 0002', 'The card was declined', 'Pending'],
  ])(
    'pays by test card %s in the checkout’s frame: %s, the order is %s',
    async (card, frameText, status) => {
      const { page } = await shopperWithCart({ viewport: WIDE }, 2);
      await page.goto(`${baseURL}/en/checkout/checkout/`);
      await hydrated(page);
      await fillAddress(page, true);
      await page.getByLabel(/Credit card/).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      const src = await page.locator('iframe[title="Payment method"]').getAttribute('src');
      if (!src) throw new Error('the payment frame has no page');
      const hosted = await browser.page({ viewport: NARROW });
      await hosted.goto(`${baseURL}${src}`);
      expect(await axeViolations(hosted)).toEqual([]);
      const frame = page.frameLocator('iframe[title="Payment method"]');
      await frame.getByLabel('Card number').fill(card);
      await frame.getByRole('button', { name: 'Pay', exact: true }).click();
      await frame.getByRole('heading', { name: new RegExp(frameText) }).waitFor();
      // The frame tells the page, which reloads the order: its status is the server's.
      await page.getByText(`Status: ${status}`).waitFor();
      // The frame is a document of its own (its <main> is not a second one of this page's):
      // scanned on its own.
      expect(await axeViolations(page, undefined, 'iframe')).toEqual([]);
      const framePage = await browser.page({ viewport: NARROW });
      const orderId = new URL(page.url()).searchParams.get('order');
      const frameName = status === 'Paid' ? 'success_frame' : 'cancel_frame';
      await framePage.goto(`${baseURL}/en/checkout/${frameName}/?order=${orderId}`);
      await framePage.getByRole('link', { name: 'View your order' }).waitFor();
      expect(await axeViolations(framePage)).toEqual([]);
    },
  );

  it.each([
    ['cancelled', 'Zahlung abgebrochen.'],
    ['declined', 'Die Karte wurde abgelehnt.'],
    ['error', 'Die Zahlung ist nicht durchgegangen.'],
  ])('says in the frame why a payment ended unpaid: %s', async (reason, words) => {
    const page = await browser.page({ viewport: NARROW });
    await page.goto(`${baseURL}/de/checkout/cancel_frame/?order=1&reason=${reason}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`^${words}`) }).waitFor();
  });

  it('shows field errors in the page’s language and keeps what was typed', async () => {
    const { page } = await shopperWithCart({ javaScriptEnabled: false, viewport: WIDE }, 1);
    await page.goto(`${baseURL}/de/checkout/checkout/`);
    await page.getByLabel('E-Mail-Adresse').fill('nicht-gültig');
    await page.getByLabel('Vorname').fill('Anna');
    await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click();
    await page.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein').waitFor();
    await expect.poll(() => page.getByLabel('Vorname').inputValue()).toBe('Anna');
  });

  it('sends an empty cart back to the cart page', async () => {
    const page = await browser.page({});
    await withConsent(page);
    await page.goto(`${baseURL}/en/checkout/checkout/`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/checkout/cart/');
  });
});
