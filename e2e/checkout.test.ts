import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cartSchema, deliverySchema } from '@shop/contract';
import { withDeliveryVat } from '@shop/domain';
import {
  addedMiniCart,
  axeViolations,
  baseURL,
  contentWidth,
  fillAddress,
  fillContact,
  fillPlace,
  holdScripts,
  hydrated,
  mailDir,
  NARROW,
  useBrowser,
  WIDE,
  inStockProduct,
} from './pages.ts';

const browser = useBrowser();

/** A new visitor with one product in the cart, added by the product page's plain form. */
async function shopperWithCart(options: NonNullable<Parameters<typeof browser.page>[0]>, skip = 0) {
  const { viewport, ...rest } = options;
  // Added at desktop width (the product page's buy box), then the checkout at the asked width.
  const page = await browser.visitor(rest);
  page.setDefaultTimeout(15_000);
  const product = await inStockProduct(skip);
  await page.goto(`${baseURL}/en${product.slugUri}`);
  if (options.javaScriptEnabled !== false) await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  if (options.javaScriptEnabled !== false) await addedMiniCart(page, product.title).waitFor();
  else await page.waitForLoadState('load');
  if (viewport) await page.setViewportSize(viewport);
  return { page, product };
}

/** A mail address of this test only: its mails are told apart from every other test's. */
const uniqueEmail = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The mails the shop wrote to `to` (its mail folder, no SMTP), oldest first: subject and text. */
async function mailsTo(to: string) {
  const files = (await readdir(mailDir).catch(() => [])).sort();
  const mails: { subject: string; text: string }[] = [];
  for (const file of files) {
    const raw = (await readFile(join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '');
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    if (!head.includes(to)) continue;
    const text = rest
      .join('\n\n')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/g, '%25');
    mails.push({
      subject: /^Subject: (.*)$/m.exec(head)?.[1] ?? '',
      text: decodeURIComponent(text),
    });
  }
  return mails;
}

/** The subjects of the mails to `to`, once there are `count` of them. */
async function subjectsOf(to: string, count: number) {
  await expect.poll(async () => (await mailsTo(to)).length).toBeGreaterThanOrEqual(count);
  return (await mailsTo(to)).map((m) => m.subject);
}

const money = (amount: number) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(amount);

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
      // The checkout's own header: the logo, a secure note, the way back; not the shop's menus.
      await page.getByText('Secure checkout').waitFor();
      await page.getByRole('link', { name: 'Back to cart' }).waitFor();
      expect(await page.getByRole('searchbox').count()).toBe(0);
      await fillAddress(page, js);
      await page.getByLabel(/Cash on delivery/).check();
      await page.getByLabel(/Express delivery/).check();
      if (js) {
        // The summary follows the chosen delivery at once: beside the form on a desktop, in the
        // fold at the top on a phone.
        if (viewport === WIDE) {
          await page.getByRole('complementary').getByText('Delivery (Express delivery)').waitFor();
        } else {
          const fold = page.locator('details', { hasText: 'Order summary' });
          await fold.locator('summary').click();
          await fold.getByText('Delivery (Express delivery)').waitFor();
        }
        // The fallback button of the place lists is not shown once the scripts run, and no
        // go-to-top button covers the fields.
        expect(await page.getByRole('button', { name: 'Show regions and cities' }).count()).toBe(0);
        const scrolled = await page.evaluate(async () => {
          const w = globalThis as unknown as {
            scrollTo(x: number, y: number): void;
            scrollY: number;
            requestAnimationFrame(callback: () => void): void;
          };
          w.scrollTo(0, 100_000);
          // Two frames: the go-to-top button would have rendered by then.
          await new Promise<void>((r) => w.requestAnimationFrame(() => w.requestAnimationFrame(r)));
          return w.scrollY;
        });
        expect(scrolled).toBeGreaterThan(250);
        expect(await page.getByRole('button', { name: 'Go to top' }).count()).toBe(0);
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

  it('folds each filled section to one line, with an Edit button that opens it again', async () => {
    const { page } = await shopperWithCart({ viewport: NARROW }, 5);
    await page.goto(`${baseURL}/en/checkout/checkout/`);
    await hydrated(page);
    const contact = page.locator('section[data-section="contact"]');
    // An empty section does not fold: its messages show, all at once.
    await contact.getByRole('button', { name: 'Continue' }).click();
    await contact.getByText('This field is required').first().waitFor();
    expect(await contact.getByRole('alert').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByLabel('Email').isVisible()).toBe(true);
    await fillContact(page, 'fold@example.com');
    await contact.getByRole('button', { name: 'Continue' }).click();
    await contact.getByText('fold@example.com · Anna Muster · +49 89 1234567').waitFor();
    expect(await page.getByLabel('Email').isVisible()).toBe(false);
    // The focus moves on to the next section's heading.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (globalThis as unknown as { document: { activeElement: { id: string } | null } })
              .document.activeElement?.id,
        ),
      )
      .toBe('checkout-address-title');
    await fillPlace(page, true);
    await page
      .locator('section[data-section="address"]')
      .getByRole('button', { name: 'Continue' })
      .click();
    await page.getByText('Marienplatz 1, 80331 München, Bavaria, Germany').waitFor();
    await page.getByRole('button', { name: 'Edit Contact details' }).click();
    await page.getByLabel('Email').fill('fold2@example.com');
    await contact.getByRole('button', { name: 'Continue' }).click();
    await contact.getByText(/^fold2@example.com/).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Folded sections still send their fields: the order is placed with them.
    await page.getByLabel(/Bank transfer/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page.getByText(/fold2@example.com/).waitFor();
  });

  it.each([
    ['at 1280 px', WIDE],
    ['at 360 px', NARROW],
  ])(
    'a card is paid in the checkout %s: declined with its reason, then paid; the thanks, and the mails',
    async (_name, viewport) => {
      const { page } = await shopperWithCart({ viewport }, viewport === WIDE ? 2 : 6);
      const email = uniqueEmail('card');
      await page.goto(`${baseURL}/en/checkout/checkout/`);
      await hydrated(page);
      await fillAddress(page, true, email);
      await page.getByLabel(/Credit card/).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      // No thanks yet: the payment step, the order pending, the card's page in a frame.
      await page.getByRole('heading', { level: 1, name: 'Pay for your order' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/en/checkout/checkout/');
      expect(await page.getByText('Thank you for your order!').count()).toBe(0);
      const frame = page.frameLocator('iframe[title="Card payment"]');
      await frame.getByLabel('Card number').fill('4000 0000 0000 9995');
      await frame.getByRole('button', { name: 'Pay', exact: true }).click();
      // Why, in words, and another try or another method.
      await page
        .getByRole('alert')
        .getByText('Insufficient funds: the card does not cover the amount.')
        .waitFor();
      await page.getByRole('heading', { name: 'Pay another way' }).waitFor();
      await page.getByLabel(/Bank transfer/).waitFor();
      expect(await axeViolations(page, undefined, 'iframe')).toEqual([]);
      expect(await contentWidth(page)).toBeLessThanOrEqual(viewport.width);
      // The frame offers a fresh card form: a declined card now, then the accepted one.
      await frame.getByLabel('Card number').fill('4000 0000 0000 0002');
      await frame.getByRole('button', { name: 'Pay', exact: true }).click();
      await page
        .getByRole('alert')
        .getByText('Card declined: the bank refused the payment.')
        .waitFor();
      await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
      await frame.getByRole('button', { name: 'Pay', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      await page.getByText('Status: Paid').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // The mails that follow: placed, failed twice (each with its reason and a link to pay
      // again), received.
      const subjects = await subjectsOf(email, 4);
      expect(subjects.map((s) => s.replace(/\d{6}-\d{6}/, 'N'))).toEqual([
        'Your order N',
        'The payment for order N did not go through',
        'The payment for order N did not go through',
        'Payment received for order N',
      ]);
      const mails = await mailsTo(email);
      expect(mails[1]!.text).toContain('Insufficient funds');
      expect(mails[2]!.text).toContain('Card declined');
      expect(mails[1]!.text).toMatch(/Pay again here: http:\/\/\S+\/payments\/test-card\/\d+\//);
      expect(mails[3]!.text).toMatch(/\/en\/checkout\/order-success\/\?order=\d+/);
    },
  );

  it('a submission that interrupts another one leaves no uncaught error on the page', async () => {
    const { page } = await shopperWithCart({ viewport: WIDE });
    const uncaught: string[] = [];
    page.on('pageerror', (error) => uncaught.push(error.stack ?? error.message));
    await page.goto(`${baseURL}/en/checkout/checkout/`);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await hydrated(page);
    // The first country's places are held on their way: the second country's ask interrupts
    // them, as a shopper choosing again (or pressing "Place order") does on a slow line.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = 0;
    let reloads = 0;
    await page.route('**/en/checkout/checkout/_.data*', async (route) => {
      if (route.request().method() === 'POST') asked++;
      else if (reloads++ === 0) await held;
      await route.continue().catch(() => undefined);
    });
    const country = page.getByLabel('Country');
    const options = await country.locator('option:not([value=""])').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await country.selectOption({ label: options[0]! });
    await expect.poll(() => asked).toBe(1);
    await expect.poll(() => reloads).toBe(1);
    await country.selectOption({ label: options[1]! });
    await expect.poll(() => asked).toBe(2);
    release();
    await page.getByLabel('Region').waitFor();
    await page.waitForTimeout(500);
    expect(uncaught).toEqual([]);
  });

  it('a cancelled card payment says “Payment cancelled”, not the declined text', async () => {
    const { page } = await shopperWithCart({ viewport: WIDE }, 7);
    await page.goto(`${baseURL}/en/checkout/checkout/`);
    await hydrated(page);
    await fillAddress(page, true, uniqueEmail('cancel'));
    await page.getByLabel(/Credit card/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    const frame = page.frameLocator('iframe[title="Card payment"]');
    await frame.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('alert').getByText('Payment cancelled.').waitFor();
    expect(await page.getByText(/declined/).count()).toBe(0);
  });

  it('bank transfer goes straight to the thanks, with the bank details', async () => {
    const { page } = await shopperWithCart({ viewport: NARROW }, 8);
    await page.goto(`${baseURL}/en/checkout/checkout/`);
    await hydrated(page);
    await fillAddress(page, true, uniqueEmail('bank'));
    await page.getByLabel(/Bank transfer/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page.getByText(/IBAN/).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
  });

  it('without JavaScript: the card declined in the frame, then another way to pay', async () => {
    const { page } = await shopperWithCart({ javaScriptEnabled: false, viewport: NARROW }, 9);
    const email = uniqueEmail('nojs-card');
    await page.goto(`${baseURL}/en/checkout/checkout/`);
    await fillAddress(page, false, email);
    await page.getByLabel(/Credit card/).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Pay for your order' }).waitFor();
    const frame = page.frameLocator('iframe[title="Card payment"]');
    await frame.getByLabel('Card number').fill('4000 0000 0000 0069');
    await frame.getByRole('button', { name: 'Pay', exact: true }).click();
    await frame.getByRole('heading', { name: 'The card has expired.' }).waitFor();
    // The frame's link takes the whole page back to the payment step, with the reason.
    await frame.getByRole('link', { name: 'Try again' }).click();
    await page.getByRole('alert').getByText('The card has expired.').waitFor();
    await page.getByLabel(/Bank transfer/).check();
    await page.getByRole('button', { name: 'Pay this way' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page.getByText(/IBAN/).waitFor();
    // The bank details are mailed too.
    await expect.poll(async () => (await mailsTo(email)).at(-1)?.text ?? '').toContain('IBAN');
  });

  it('switches language mid-checkout from its own header, the cart kept', async () => {
    const { page, product } = await shopperWithCart({ viewport: NARROW });
    await page.goto(`${baseURL}/en/checkout/checkout/`);
    const languages = page.getByRole('navigation', { name: 'Language' });
    await languages.getByRole('link', { name: 'de' }).click();
    await page.waitForURL(`${baseURL}/de/checkout/checkout/`);
    await page.getByRole('heading', { level: 1, name: 'Kasse' }).waitFor();
    // The same cart, its line now titled in German, and the summary's total in the fold.
    const cart = cartSchema.parse(
      await (await page.request.get(`${baseURL}/de/api/sales/cart_products/`)).json(),
    );
    expect(cart.items.map((line) => line.item.id)).toEqual([product.id]);
    await page.locator('[data-summary-total]').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await contentWidth(page)).toBeLessThanOrEqual(NARROW.width);
  });

  it('the summary follows a delivery chosen before the scripts ran', async () => {
    const { page } = await shopperWithCart({ viewport: WIDE }, 1);
    const release = await holdScripts(page);
    await page.goto(`${baseURL}/en/checkout/checkout/`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel(/Express delivery/).check();
    release();
    await hydrated(page);
    const cart = cartSchema.parse(
      await (await page.request.get(`${baseURL}/en/api/sales/cart_products/`)).json(),
    );
    const deliveries = deliverySchema
      .array()
      .parse(await (await page.request.get(`${baseURL}/en/api/deliveries/deliveries/`)).json());
    const express = deliveries.find((d) => d.title === 'Express delivery')!;
    const charged = withDeliveryVat({ ...cart.totals, lines: cart.items }, express);
    const summary = page.getByRole('complementary');
    await summary.getByText('Delivery (Express delivery)').waitFor();
    await summary.getByText(money(charged.orderTotal), { exact: true }).waitFor();
    expect(await summary.getByText('Delivery (Standard delivery)').count()).toBe(0);
    // The VAT under a total that includes the delivery is the order's: the delivery's part too.
    expect(charged.deliveryVat).toBeGreaterThan(0);
    const vat = summary.locator('div', { has: page.getByText('VAT included', { exact: true }) });
    expect(await vat.locator('dd').textContent()).toBe(money(charged.totalVat));
  });

  it.each([
    ['cancelled', 'Zahlung abgebrochen.'],
    ['declined', 'Karte abgelehnt: Die Bank hat die Zahlung abgelehnt.'],
    ['insufficient_funds', 'Deckung nicht ausreichend: Die Karte deckt den Betrag nicht.'],
    ['error', 'Die Zahlung ist nicht durchgegangen.'],
    ['forged', 'Die Zahlung ist nicht durchgegangen.'],
  ])('says in the frame why a payment ended unpaid: %s', async (reason, words) => {
    const page = await browser.page({ viewport: NARROW });
    await page.goto(`${baseURL}/de/checkout/cancel_frame/?order=1&reason=${reason}`);
    await page.getByRole('heading', { level: 1, name: words }).waitFor();
    await page.getByRole('link', { name: 'Erneut versuchen' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
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
    const page = await browser.open('/en/checkout/checkout/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/checkout/cart/');
  });
});
