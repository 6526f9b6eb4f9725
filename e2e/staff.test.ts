// Issue 24, the back office in the browser: staff mark a bank-transfer order paid and ship it
// with a tracking number (the shopper sees it in "My orders" and gets the mail), close and reopen
// the shop, and every staff screen passes axe at 360 and 1280 px; anyone else is kept out (the
// login page, or 403). Runs with and without JavaScript.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiVisitor } from './api-visitor.ts';
import {
  baseURL,
  checkScreen,
  closedToVisitorsOnly,
  hydrated,
  inStockProduct,
  NARROW,
  newestMail,
  switchOn,
  useBrowser,
  WIDE,
} from './pages.ts';

const browser = useBrowser();

/** shopper@example.com orders one product and pays by bank transfer: the order's number. */
async function bankTransferOrder(skip: number): Promise<string> {
  const shopper = new ApiVisitor(baseURL);
  const login = await shopper.login('shopper@example.com');
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
  const product = await inStockProduct(skip);
  const order = await shopper.orderOne(product.id, 'bank_transfer', {
    email: 'shopper@example.com',
    firstName: 'Sam',
    lastName: 'Shopper',
  });
  return order.number;
}

/** Clicks a move's button and waits for its result; a refusal shown instead fails with its text. */
async function moveOrder(page: Page, button: string, result: string) {
  await page.getByRole('button', { name: button }).click();
  const done = page.getByRole('status').filter({ hasText: result });
  const refused = page.getByRole('alert');
  await done.or(refused).first().waitFor();
  if (await refused.count()) throw new Error(`${button}: ${await refused.first().textContent()}`);
}

describe('the back office', () => {
  it.each([
    ['with JavaScript at 360 px', true, NARROW, 0],
    ['without JavaScript at 1280 px', false, WIDE, 1],
  ])(
    'staff mark a bank-transfer order paid, then ship it with a tracking number (%s)',
    async (_name, js, viewport, skip) => {
      const number = await bankTransferOrder(skip);
      const page = await browser.staffPage(js, viewport);

      // The list, searched by the order's number (a GET form: the address holds the filter).
      await page.goto(`${baseURL}/en/staff/orders/`);
      await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
      if (js) await hydrated(page);
      await page.getByLabel('Payment').selectOption({ label: 'Bank transfer' });
      await page.getByLabel('Number, e-mail or name').fill(number);
      await page.getByRole('button', { name: 'Show' }).click();
      await page.waitForURL(/[?&]q=/);
      expect(new URL(page.url()).searchParams.get('payment')).toBe('bank_transfer');
      await browser.checkScreen(page, js);
      await page.getByRole('link', { name: number }).click();
      await page.getByRole('heading', { level: 1, name: `Order ${number}` }).waitFor();
      if (js) await hydrated(page);
      await browser.checkScreen(page, js);

      await moveOrder(page, 'Mark paid', 'The order is now: Paid.');
      await moveOrder(page, 'Start processing', 'The order is now: Processing.');
      const tracking = `DHL-${randomUUID().slice(0, 8)}`;
      await page.getByLabel('Tracking number').fill(tracking);
      await moveOrder(page, 'Mark shipped', 'The order is now: Shipped.');
      await page
        .getByRole('region', { name: 'Payment and delivery' })
        .getByText(tracking)
        .waitFor();
      // The history names who moved it; the mails sent list the two the shopper got.
      const history = page.getByRole('region', { name: 'Status history' });
      await history.getByText('Shipped').waitFor();
      expect(await history.getByRole('listitem').count()).toBe(4);
      const mails = page.getByRole('region', { name: 'Mails sent' });
      await mails.getByText(`Your order ${number} is on its way`).waitFor();
      await mails.getByText(`Payment received for your order ${number}`).waitFor();
      // Nothing more to do but "Mark delivered".
      expect(await page.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);
      await browser.checkScreen(page, js);

      // The shopper reads it in "My orders" and in the mail.
      const shopper = await browser.loggedIn('shopper@example.com', { viewport: WIDE });
      await shopper.goto(`${baseURL}/en/account/dashboard/my-orders/`);
      await shopper
        .getByRole('listitem')
        .filter({ hasText: `Order #${number}` })
        .getByText('Shipped')
        .waitFor();
      const mail = await newestMail('shopper@example.com', (source) =>
        source.includes(`Tracking number: ${tracking}`) ? source : undefined,
      );
      expect(mail).toContain(number);
    },
    // Without JavaScript each step is a page of its own, on a machine shared with other runs.
    120_000,
  );

  it('two screens of one order: the later move hears "changed meanwhile"', async () => {
    const number = await bankTransferOrder(2);
    const first = await browser.staffPage(false, WIDE);
    const second = await browser.staffPage(false, WIDE);
    await first.goto(`${baseURL}/en/staff/orders/?q=${number}`);
    await first.getByRole('link', { name: number }).click();
    await second.goto(first.url());
    await first.getByRole('button', { name: 'Mark paid' }).click();
    await first.getByRole('status').filter({ hasText: 'The order is now: Paid.' }).waitFor();
    await second.getByRole('button', { name: 'Cancel order' }).click();
    await second
      .getByRole('alert')
      .filter({ hasText: 'This order was changed meanwhile by someone else.' })
      .waitFor();
    // The page shows the order as it is now.
    await second.getByRole('button', { name: 'Start processing' }).waitFor();
  });

  it.each([
    ['with JavaScript at 1280 px', true, WIDE],
    ['without JavaScript at 360 px', false, NARROW],
  ])(
    'staff close the shop and open it again (%s)',
    async (_name, js, viewport) => {
      const page = await browser.staffPage(js, viewport);
      const visitor = await browser.visitor({ viewport });
      try {
        // The visitor's home page, kept by the page cache (a visitor without a session).
        await visitor.goto(`${baseURL}/en/`);
        await visitor.goto(`${baseURL}/en/`);
        expect(new URL(visitor.url()).pathname).toBe('/en/');
        await page.goto(`${baseURL}/en/staff/shop/`);
        await page.getByText('The shop is open to everyone.').waitFor();
        if (js) await hydrated(page);
        await browser.checkScreen(page, js);
        await page.getByRole('button', { name: 'Close the shop' }).click();
        await page.getByText(/The shop is closed/).waitFor();
        await browser.checkScreen(page, js);
        // At once, the kept page dropped: the visitor is shown coming-soon, staff the shop.
        await closedToVisitorsOnly(page, visitor, 'Open the shop');
      } finally {
        // Never leave the shared shop closed for the next test file.
        await switchOn(page, 'visible');
      }
    },
    120_000,
  );

  it.each([
    ['at 360 px', NARROW],
    ['at 1280 px', WIDE],
  ])('the reviews and feedback screens pass axe (%s)', async (_name, viewport) => {
    const page = await browser.staffPage(true, viewport);
    for (const [path, heading] of [
      ['reviews', 'Reviews'],
      ['feedback', 'Feedback'],
    ] as const) {
      await page.goto(`${baseURL}/en/staff/${path}/`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await hydrated(page);
      await checkScreen(page);
    }
  });

  it('hides a review without JavaScript, with its reason, and shows it again', async () => {
    const page = await browser.staffPage(false, NARROW);
    await page.goto(`${baseURL}/en/staff/reviews/?kind=shop`);
    const first = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('article') })
      .first();
    // A hide without a reason is refused at the field.
    await first.getByRole('button', { name: 'Hide' }).click();
    const item = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('article') })
      .first();
    await item.getByText('Please give a reason.').waitFor();
    await item.getByLabel('Reason').fill('Off topic');
    await item.getByRole('button', { name: 'Hide' }).click();
    await page.getByRole('status').filter({ hasText: 'The review was changed.' }).waitFor();
    const hidden = page.getByRole('listitem').filter({ hasText: 'Hidden: Off topic' }).first();
    await browser.checkScreen(page, false);
    await hidden.getByRole('button', { name: 'Show again' }).click();
    await page.getByRole('status').filter({ hasText: 'The review was changed.' }).waitFor();
    expect(await page.getByText('Hidden: Off topic').count()).toBe(0);
  }, 120_000);

  it('keeps out anyone but staff: the login page, or 403 for a shopper', async () => {
    const anonymous = await browser.page({ javaScriptEnabled: false, viewport: NARROW });
    await anonymous.goto(`${baseURL}/en/staff/orders/`);
    expect(new URL(anonymous.url()).pathname).toBe('/en/account/login/');

    const shopper = await browser.loggedIn('shopper@example.com', { viewport: NARROW });
    const res = await shopper.goto(`${baseURL}/en/staff/orders/`);
    expect(res?.status()).toBe(403);
    await shopper.getByText("This page is for the shop's staff only.").waitFor();
    await hydrated(shopper);
    await checkScreen(shopper);
    const write = await shopper.request.post(`${baseURL}/en/staff/shop/`, {
      form: { visible: 'false', csrfmiddlewaretoken: 'x' },
    });
    expect(write.status()).toBe(403);
  });
});
