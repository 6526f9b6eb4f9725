// Issue 24, the shop's switches and the order's staff log in the browser (decision 0062): staff
// turn the cart off (a visitor can no longer add to the cart at once, the kept pages dropped) and
// on again, with and without JavaScript; deactivate the shop (coming-soon for visitors, the shop
// for staff) and activate it again; the order page lists the move staff made, who made it
// and what became what. axe at 360 and 1280 px.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiVisitor } from './api-visitor.ts';
import {
  baseURL,
  checkScreen,
  closedToVisitorsOnly,
  hydrated,
  inStockProduct,
  NARROW,
  switchOn,
  useBrowser,
  WIDE,
} from './pages.ts';

const browser = useBrowser();

/** An anonymous visitor's bank-transfer order of one product: its id and number. */
async function bankTransferOrder(skip: number): Promise<{ id: number; number: string }> {
  const product = await inStockProduct(skip);
  return new ApiVisitor(baseURL).orderOne(product.id, 'bank_transfer', {
    email: `log-${randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Lou',
    lastName: 'Logger',
  });
}

describe('the shop switches', () => {
  it.each([
    ['without JavaScript at 360 px', false, NARROW],
    ['with JavaScript at 1280 px', true, WIDE],
  ])(
    'staff turn the cart off: a visitor can no longer add to the cart; on again, they can (%s)',
    async (_name, js, viewport) => {
      const product = await inStockProduct(js ? 1 : 0);
      const page = await browser.staffPage(js, viewport);
      const visitor = await browser.visitor({ javaScriptEnabled: false, viewport });
      const addButton = visitor.getByRole('button', { name: 'Add to cart' });
      try {
        // The visitor's product page, kept by the page cache (a visitor without a session).
        await visitor.goto(`${baseURL}/en${product.slugUri}`);
        await visitor.goto(`${baseURL}/en${product.slugUri}`);
        expect(await addButton.count()).toBeGreaterThan(0);

        await page.goto(`${baseURL}/en/staff/shop/`);
        await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
        await page.getByText('The cart is on: visitors can add to the cart and order.').waitFor();
        if (js) await hydrated(page);
        await browser.checkScreen(page, js);
        await page.getByRole('button', { name: 'Turn the cart off' }).click();
        await page.getByRole('status').filter({ hasText: 'The change is saved.' }).waitFor();
        await page
          .getByText('The cart is off: the shop shows its products but takes no orders.')
          .waitFor();
        // Only the cart is off: the shop itself stays open.
        await page.getByText('The shop is open to everyone.').waitFor();
        await browser.checkScreen(page, js);

        // At once: the kept page dropped, no button adds, and the cart page is gone.
        await visitor.goto(`${baseURL}/en${product.slugUri}`);
        await visitor.getByRole('heading', { level: 1 }).waitFor();
        expect(await addButton.count()).toBe(0);
        // Nothing is sold out: the button says the shop takes no orders now.
        await visitor.getByRole('button', { name: 'Orders paused' }).first().waitFor();
        expect(await visitor.getByRole('button', { name: 'Sold out' }).count()).toBe(0);
        const cartPage = await visitor.goto(`${baseURL}/en/checkout/cart/`);
        expect(cartPage?.status()).toBe(404);

        await page.getByRole('button', { name: 'Turn the cart on' }).click();
        await page.getByText('The cart is on: visitors can add to the cart and order.').waitFor();
        await visitor.goto(`${baseURL}/en${product.slugUri}`);
        await addButton.first().click();
        await visitor.waitForURL(`${baseURL}/en/checkout/cart/`);
        await visitor.getByRole('link', { name: product.title }).waitFor();
      } finally {
        await switchOn(page, 'cart');
      }
    },
    120_000,
  );
});

describe('the cart turned off while a product page is open (decision 0071)', () => {
  it('the add is refused with the shop’s reason in a toast, and the page then shows no add button (1280 px)', async () => {
    const product = await inStockProduct(2);
    const page = await browser.staffPage(true, WIDE);
    const visitor = await browser.visitor({ viewport: WIDE });
    try {
      await visitor.goto(`${baseURL}/de${product.slugUri}`);
      await hydrated(visitor);
      const add = visitor.getByRole('button', { name: 'In den Warenkorb' }).first();
      await add.waitFor();

      await page.goto(`${baseURL}/en/staff/shop/`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Turn the cart off' }).click();
      await page
        .getByText('The cart is off: the shop shows its products but takes no orders.')
        .waitFor();

      // The page still shows the button it was served with: the API's refusal says why.
      await add.click();
      await visitor
        .locator('[data-toast]')
        .filter({ hasText: 'Der Shop nimmt derzeit keine Bestellungen an.' })
        .first()
        .waitFor({ state: 'attached' });
      expect(await visitor.getByText('Etwas ist schiefgelaufen').count()).toBe(0);
      // The page's data reloaded: the button is gone.
      await expect
        .poll(() => visitor.getByRole('button', { name: 'In den Warenkorb' }).count())
        .toBe(0);
    } finally {
      await switchOn(page, 'cart');
    }
  }, 120_000);
});

describe('the active switch', () => {
  it('staff deactivate the shop without JavaScript: a visitor sees coming-soon, staff the shop; activated again, the visitor the shop', async () => {
    const page = await browser.staffPage(false, NARROW);
    const visitor = await browser.visitor({ javaScriptEnabled: false, viewport: NARROW });
    try {
      await visitor.goto(`${baseURL}/en/`);
      expect(new URL(visitor.url()).pathname).toBe('/en/');
      await page.goto(`${baseURL}/en/staff/shop/`);
      await page.getByRole('button', { name: 'Deactivate the shop' }).click();
      await page.getByText(/^Inactive \(for example during maintenance\)/).waitFor();
      await page.getByText(/^The shop is closed/).waitFor();
      // Still visible: only the active switch closed it.
      await page.getByText('Visible: the shop is shown to the public.').waitFor();
      await browser.checkScreen(page, false);
      await closedToVisitorsOnly(page, visitor, 'Activate the shop');
    } finally {
      await switchOn(page, 'active');
    }
  }, 120_000);
});

describe('the order’s staff log', () => {
  it('lists the move staff made, by whom, from what to what, newest first (360 and 1280 px)', async () => {
    const order = await bankTransferOrder(2);
    const page = await browser.staffPage(true, WIDE);
    await page.goto(`${baseURL}/en/staff/orders/${order.id}/`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    await hydrated(page);
    const log = page.getByRole('region', { name: 'Staff log' });
    await log.getByText('No staff change yet.').waitFor();

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByRole('status').filter({ hasText: 'The order is now: Paid.' }).waitFor();
    await log.getByRole('listitem').filter({ hasText: 'Status: Pending → Paid' }).waitFor();
    await page.getByRole('button', { name: 'Start processing' }).click();
    await page.getByRole('status').filter({ hasText: 'The order is now: Processing.' }).waitFor();
    await log.getByRole('listitem').filter({ hasText: 'Status: Paid → Processing' }).waitFor();
    const entries = log.getByRole('listitem');
    expect(await entries.allTextContents()).toEqual([
      expect.stringContaining('Status: Paid → Processing'),
      expect.stringContaining('Status: Pending → Paid'),
    ]);
    // Who: the staff member (the seed's staff user), not "the shop".
    expect(await entries.first().textContent()).toMatch(/by (?!the shop)\S/);
    await checkScreen(page);
    await page.setViewportSize(NARROW);
    await checkScreen(page);
  });
});
