// Issue 24, the back office's dashboard and checkout settings in the browser (decision 0059): the
// dashboard shows the API's figures and an accessible server-made chart (axe, 360 and 1280 px,
// with and without JavaScript); a promo code made with the settings form without JavaScript is
// refused with its field's message when wrong, and taken by a shopper's cart when right.
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
} from './pages.ts';

const browser = useBrowser();

type Dashboard = {
  today: { orders: number; revenue: number };
  awaitingPayment: number;
  awaitingShipping: number;
  outOfStock: number;
  perDay: { day: string; orders: number }[];
};

/** A JSON call of the page's context, with its CSRF token on writes. */
async function call<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const token = (await cookie(page, 'csrftoken'))?.value ?? '';
  const res = await page.request.fetch(`${baseURL}${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: method === 'GET' ? {} : { 'X-CSRFToken': token },
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as T };
}

/** A visitor with one product in the cart (the `skip`-th in stock). */
async function shopperWithCart(skip: number) {
  const shopper = await browser.visitor({ viewport: WIDE });
  await shopper.request.get(`${baseURL}/en/api/accounts/login/`);
  const product = await inStockProduct(skip);
  const added = await call(shopper, 'POST', `/en/api/sales/cart_products/${product.id}/add/`, {
    quantity: 1,
    ref: 'product',
  });
  expect(added.status).toBe(200);
  return shopper;
}

/** A guest order paid on delivery, in Germany: its id, number and e-mail. */
async function codOrder(skip: number) {
  const product = await inStockProduct(skip);
  return new ApiVisitor(baseURL).orderOne(product.id, 'cod', {
    email: `dash-${randomUUID().slice(0, 8)}@example.com`,
    firstName: 'Dana',
    lastName: 'Board',
  });
}

describe('the dashboard', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW, 3],
    ['without JavaScript at 1280 px', false, WIDE, 4],
  ])(
    'shows today’s orders, what waits and orders per day as an accessible chart (%s)',
    async (_name, js, viewport, skip) => {
      await codOrder(skip);
      await new ApiVisitor(baseURL).orderOne((await inStockProduct(skip + 2)).id, 'bank_transfer', {
        email: `dash-${randomUUID().slice(0, 8)}@example.com`,
        firstName: 'Bea',
        lastName: 'Bank',
      });
      const page = await browser.staffPage(js, viewport);
      await page.goto(`${baseURL}/en/staff/`);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      if (js) await hydrated(page);
      const { body: figures } = await call<Dashboard>(page, 'GET', '/en/api/staff/dashboard/');
      expect(figures.today.orders).toBeGreaterThan(0);

      // The figures are the API's, in words.
      const today = page.locator('[data-period="today"]');
      await expect
        .poll(() => today.locator('[data-figure="orders"]').textContent())
        .toBe(figures.today.orders === 1 ? '1 order' : `${figures.today.orders} orders`);
      expect(await page.locator('[data-figure="awaiting-shipping"]').textContent()).toBe(
        String(figures.awaitingShipping),
      );
      expect(await page.locator('[data-figure="out-of-stock"]').textContent()).toBe(
        String(figures.outOfStock),
      );

      // The chart: an image named by its title and described by its totals, drawn as SVG paths
      // by the server (there without JavaScript), with the figures in a table too.
      const chart = page.getByRole('img', { name: /Orders per day, last 30 days/ });
      await chart.waitFor();
      expect(await chart.locator('path').count()).toBeGreaterThanOrEqual(2);
      // It takes the width its section offers, on a phone and on a desktop (it stopped at about
      // 650 px at 1280 before), less the section's padding and the tick labels' column (3rem).
      const section = chart.locator('xpath=ancestor::section[1]');
      const chartBox = (await chart.boundingBox())!;
      const inner = await section.evaluate((el) => {
        const style = (
          globalThis as unknown as {
            getComputedStyle(e: unknown): { paddingLeft: string; paddingRight: string };
          }
        ).getComputedStyle(el);
        return (
          (el as unknown as { clientWidth: number }).clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight)
        );
      });
      expect(chartBox.width).toBeGreaterThanOrEqual(inner - 48 - 1);
      expect(chartBox.x + chartBox.width).toBeLessThanOrEqual(viewport.width);
      const total = figures.perDay.reduce((n, d) => n + d.orders, 0);
      const desc = chart.locator('desc');
      expect((await chart.getAttribute('aria-labelledby'))?.split(' ')).toContain(
        await desc.getAttribute('id'),
      );
      expect(await desc.textContent()).toContain(
        `${total} ${total === 1 ? 'order' : 'orders'} in the last 30 days`,
      );
      await page.getByText('The figures as a table').click();
      const rows = page.locator('figure table tbody tr');
      expect(await rows.count()).toBe(30);
      expect(await rows.last().locator('td').last().textContent()).toBe(
        String(figures.perDay.at(-1)?.orders),
      );
      // The out-of-stock figure leads to its list.
      await page.getByRole('link', { name: 'Show them' }).click();
      await page.getByRole('heading', { level: 2, name: 'Out of stock' }).waitFor();
      await browser.checkScreen(page, js);
      // Each leads to its edit page, where the stock is set again.
      const first = page.locator('#out-of-stock li a').first();
      expect(await first.getAttribute('href')).toMatch(/^\/en\/staff\/products\/\d+\/$/);

      // "Awaiting payment" leads to the orders it counts (a pending cash-on-delivery order is
      // not among them), the filter shown as chosen.
      await page.goto(`${baseURL}/en/staff/`);
      const awaiting = Number(await page.locator('[data-figure="awaiting-payment"]').textContent());
      await page.getByRole('link', { name: 'Show the orders awaiting payment' }).click();
      await page.waitForURL(`${baseURL}/en/staff/orders/?awaiting=payment`);
      expect(await page.getByLabel('Waiting for').inputValue()).toBe('payment');
      await page.getByText(`${awaiting} orders`, { exact: true }).waitFor();
      if (js) await browser.checkScreen(page, js);
    },
    90_000,
  );
});

describe('checkout settings', () => {
  it('a promo code made without JavaScript: a wrong one is refused at its field, a right one works in a cart', async () => {
    const page = await browser.staffPage(false, WIDE);
    await page.goto(`${baseURL}/en/staff/settings/`);
    await page.getByRole('heading', { level: 1, name: 'Checkout settings' }).waitFor();
    await browser.checkScreen(page, false);
    const form = page.getByRole('form', { name: 'New promo code' });
    const code = `E2E${randomUUID().slice(0, 6).toUpperCase()}`;

    // Over 100 percent: the field says so, and nothing is created.
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Kind of discount').selectOption({ label: 'Percent off each item' });
    await form.getByLabel('Discount (percent or amount)').fill('150');
    await form.getByRole('button', { name: 'Create promo code' }).click();
    await form.getByText('A percentage may not be above 100.').waitFor();
    expect(await page.locator(`[data-promo="${code}"]`).count()).toBe(0);

    await form.getByLabel('Code').fill(code.toLowerCase());
    await form.getByLabel('Kind of discount').selectOption({ label: 'Percent off each item' });
    await form.getByLabel('Discount (percent or amount)').fill('15');
    await form.getByRole('button', { name: 'Create promo code' }).click();
    await page.getByRole('status').filter({ hasText: 'The promo code was created.' }).waitFor();
    const row = page.locator(`[data-promo="${code}"]`);
    await row.getByText('Valid').waitFor();
    await browser.checkScreen(page, false);

    // A shopper's cart takes it.
    const shopper = await shopperWithCart(5);
    const applied = await call<{
      promoCode: { code: string } | null;
      totals: { promoDiscount: number };
    }>(shopper, 'POST', '/en/api/sales/cart/promo_code/', { code });
    expect(applied.status).toBe(200);
    expect(applied.body.promoCode?.code).toBe(code);
    expect(applied.body.totals.promoDiscount).toBeGreaterThan(0);

    // Ended from the list: the next shopper hears it has expired.
    await row.getByRole('button', { name: `End now ${code}` }).click();
    await page.getByRole('status').filter({ hasText: 'The promo code has ended.' }).waitFor();
    await page.locator(`[data-promo="${code}"]`).getByText('Ended').waitFor();
    const late = await shopperWithCart(6);
    const refused = await call<{ code: string[] }>(late, 'POST', '/en/api/sales/cart/promo_code/', {
      code,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toEqual(['This promo code has expired.']);
  }, 90_000);
});

describe('settings and a tracking number with JavaScript at 360 px', () => {
  it('a delivery’s new price reaches the checkout’s list; a shipped order’s tracking number is changed and mailed', async () => {
    const page = await browser.staffPage(true, NARROW);
    await page.goto(`${baseURL}/en/staff/settings/`);
    await page.getByRole('heading', { level: 1, name: 'Checkout settings' }).waitFor();
    await hydrated(page);
    await checkScreen(page);

    // The first delivery's price, changed and put back.
    const { body: before } = await call<{ id: number; title: string; price: number }[]>(
      page,
      'GET',
      '/en/api/staff/deliveries/',
    );
    const delivery = before[0]!;
    const form = page.getByRole('form', { name: delivery.title });
    const setPrice = async (price: string) => {
      await form.getByLabel('Price').fill(price);
      await form.getByRole('button', { name: `Save ${delivery.title}` }).click();
      await page.getByRole('status').filter({ hasText: 'The delivery was saved.' }).waitFor();
    };
    try {
      await setPrice('6.66');
      await expect
        .poll(async () => {
          const res = await fetch(`${baseURL}/en/api/deliveries/deliveries/`);
          const list = (await res.json()) as { id: number; price: number }[];
          return list.find((d) => d.id === delivery.id)?.price;
        })
        .toBe(6.66);
    } finally {
      await page.reload();
      await setPrice(String(delivery.price));
    }

    // A cash-on-delivery order, processed and shipped without a number; then the number is set.
    const order = await codOrder(7);
    for (const [to, version] of [
      ['processing', 1],
      ['shipped', 2],
    ] as const) {
      const moved = await call(page, 'POST', `/en/api/staff/orders/${order.id}/move/`, {
        to,
        version,
      });
      expect(moved.status).toBe(200);
    }
    await page.goto(`${baseURL}/en/staff/orders/${order.id}/`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    await hydrated(page);
    const tracking = page.getByRole('form', { name: 'Change the tracking number' });
    const number = `GLS-${randomUUID().slice(0, 8)}`;
    await tracking.getByLabel('Tracking number').fill(number);
    await tracking.getByRole('button', { name: 'Save tracking number' }).click();
    await page.getByRole('status').filter({ hasText: 'The tracking number was saved.' }).waitFor();
    await page.getByRole('region', { name: 'Payment and delivery' }).getByText(number).waitFor();
    await page
      .getByRole('region', { name: 'Mails sent' })
      .getByText(`Tracking number for your order ${order.number}`)
      .waitFor();
    await checkScreen(page);
  }, 90_000);
});
