// Issue 24, the shop's switches and the order's staff log in the browser (decision 0062): staff
// turn the cart off (a visitor can no longer add to the cart at once, the kept pages dropped) and
// on again, with and without JavaScript; deactivate the shop (coming-soon for visitors, the shop
// for staff) and activate it again; the order page lists the move staff made, who made it
// and what became what. axe at 360 and 1280 px.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiVisitor } from './api-visitor.ts';
import {
  baseURL,
  checkScreen,
  cookie,
  hydrated,
  inStockProduct,
  NARROW,
  useBrowser,
  WIDE,
  withConsent,
} from './pages.ts';

const browser = useBrowser();

type Named = { id: number; title?: string; kind?: string };

/** Turns a switch back on through the API, whatever the page did: the shop is shared. */
async function switchOn(page: Page, name: 'cart' | 'active') {
  await page.request.get(`${baseURL}/en/api/staff/shop/`);
  const token = (await cookie(page, 'csrftoken'))?.value ?? '';
  await page.request.patch(`${baseURL}/en/api/staff/shop/`, {
    data: { [name]: true },
    headers: { 'X-CSRFToken': token },
  });
}

const json = async <T>(res: Response): Promise<T> => {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
};

/** An anonymous visitor's bank-transfer order of one product: its id and number. */
async function bankTransferOrder(skip: number): Promise<{ id: number; number: string }> {
  const visitor = new ApiVisitor(baseURL);
  const product = await inStockProduct(skip);
  const added = await visitor.addToCart(product.id);
  if (added.status !== 200) throw new Error(`add to cart answered ${added.status}: ${added.text}`);
  const [country] = await json<Named[]>(await visitor.get('api/core/delivery_countries/'));
  const [region] = await json<Named[]>(
    await visitor.get(`api/core/delivery_regions/?country=${country!.id}`),
  );
  const cities = region
    ? await json<Named[]>(await visitor.get(`api/core/delivery_cities/?region=${region.id}`))
    : [];
  const [delivery] = await json<Named[]>(await visitor.get('api/deliveries/deliveries/'));
  const payments = await json<Named[]>(await visitor.get('api/payments/payments/'));
  const res = await fetch(`${baseURL}/en/api/sales/orders/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: visitor.cookie,
      'x-csrftoken': visitor.token,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      email: `log-${randomUUID().slice(0, 8)}@example.com`,
      firstName: 'Lou',
      lastName: 'Logger',
      phone: '+49 89 1234567',
      country: country!.id,
      region: region?.id ?? null,
      city: cities[0]?.title ?? 'München',
      address: 'Marienplatz 1',
      postcode: '80331',
      delivery: delivery!.id,
      payment: payments.find((p) => p.kind === 'bank_transfer')!.id,
    }),
  });
  return json<{ id: number; number: string }>(res);
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
      const visitor = await browser.page({ javaScriptEnabled: false, viewport });
      await withConsent(visitor);
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

describe('the active switch', () => {
  it('staff deactivate the shop without JavaScript: a visitor sees coming-soon, staff the shop; activated again, the visitor the shop', async () => {
    const page = await browser.staffPage(false, NARROW);
    const visitor = await browser.page({ javaScriptEnabled: false, viewport: NARROW });
    await withConsent(visitor);
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

      await visitor.goto(`${baseURL}/en/`);
      expect(new URL(visitor.url()).pathname).toBe('/en/pages/coming-soon/');
      await page.goto(`${baseURL}/en/`);
      expect(new URL(page.url()).pathname).toBe('/en/');

      await page.goto(`${baseURL}/en/staff/shop/`);
      await page.getByRole('button', { name: 'Activate the shop' }).click();
      await page.getByText('The shop is open to everyone.').waitFor();
      await visitor.goto(`${baseURL}/en/`);
      expect(new URL(visitor.url()).pathname).toBe('/en/');
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
