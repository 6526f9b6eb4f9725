// Guest orders follow the shopper (issue 23): the order mail's signed link opens the order in any
// browser, a changed link opens nothing, and registering and confirming the same address brings
// the guest's orders into "My orders", with the order's address, payment method and tracking.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiVisitor } from './api-visitor.ts';
import {
  baseURL,
  checkScreen,
  cookie,
  inStockProduct,
  loginAs,
  mailedLink,
  NARROW,
  newestMail,
  useBrowser,
  WIDE,
} from './pages.ts';

const browser = useBrowser();
const PASSWORD = 'linen-and-clay-2026';

/** Writes to the API as the shop's own scripts do: the CSRF cookie first, then its token. */
async function api(page: Page) {
  await page.request.get(`${baseURL}/en/api/accounts/login/`);
  const write = async (path: string, data: unknown) => {
    const token = (await cookie(page, 'csrftoken'))?.value ?? '';
    return page.request.post(`${baseURL}/en/api/${path}`, {
      data,
      headers: { 'X-CSRFToken': token },
    });
  };
  return { write };
}

/** A guest (no account) orders a product by the API, to Munich, cash on delivery. */
/** Registers `email` through the API (Anna Muster, PASSWORD): the account is not confirmed yet. */
async function register(write: Awaited<ReturnType<typeof api>>['write'], email: string) {
  const registered = await write('accounts/register/', {
    email,
    password: PASSWORD,
    firstName: 'Anna',
    lastName: 'Muster',
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

/** Opens the mailed confirmation link of `email` in `page` and waits for its confirmation. */
async function confirm(page: Page, email: string) {
  await page.goto((await mailedLink(email, 'confirm-email')).replace(/^https?:\/\/[^/]+/, baseURL));
  await page.getByText('Your email address is confirmed').waitFor();
}

async function guestOrder(email: string): Promise<{ number: string }> {
  const product = await inStockProduct(3);
  return new ApiVisitor(baseURL).orderOne(product.id, 'cod', {
    email,
    firstName: 'Anna',
    lastName: 'Muster',
  });
}

/** The order mail to `to`: its raw source (quoted-printable undone) and its order link. */
const orderMail = (to: string) =>
  newestMail(to, (source) => {
    const raw = source.replace(/=3D/g, '=');
    const link = /https?:\/\/[^\s"]+\/account\/orders\/\d+\/\?token=[\w-]+/.exec(raw)?.[0];
    // Opened on the test shop's own address, whatever its PUBLIC_URL says.
    return link ? { raw, link: link.replace(/^https?:\/\/[^/]+/, baseURL) } : undefined;
  });

describe('guest orders', () => {
  it('the order mail is HTML and text, and its link opens the order in a fresh browser at 360 and 1280 px', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const order = await guestOrder(email);
    const { raw, link } = await orderMail(email);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);

    for (const viewport of [NARROW, WIDE]) {
      // Another browser: no cookie of the session that placed the order.
      const page = await browser.visitor({ viewport });
      const res = await page.goto(link);
      expect(res?.status()).toBe(200);
      await page
        .getByRole('heading', { level: 1, name: `Order #${order.number}` })
        .waitFor({ timeout: 15_000 });
      await expect.poll(() => page.getByText('Marienplatz 1').count()).toBeGreaterThan(0);
      const record = page.getByRole('region', { name: 'Delivery method' });
      expect(await record.getByText('Cash on delivery').count()).toBe(1);
      expect(await record.getByText('Not shipped yet').count()).toBe(1);
      await checkScreen(page);
    }
  });

  it('a changed link opens nothing', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    await guestOrder(email);
    const { link } = await orderMail(email);
    const page = await browser.page({ viewport: NARROW });
    const token = new URL(link).searchParams.get('token') ?? '';
    const changed = link.replace(
      token,
      `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`,
    );
    expect((await page.goto(changed))?.status()).toBe(404);
    expect((await page.goto(link.replace(/\?token=.*$/, '')))?.status()).toBe(404);
    expect((await page.goto(link.replace(/\?token=.*$/, '?token=%3Cx%3E')))?.status()).toBe(404);
  });

  it('appear in "My orders" once the same address is registered and confirmed', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const order = await guestOrder(email);

    const page = await browser.visitor({ viewport: NARROW });
    const { write } = await api(page);
    await register(write, email);
    // Not confirmed yet: no way in, so no order of the address is shown to anyone.
    expect((await write('accounts/login/', { email, password: PASSWORD })).status()).toBe(403);

    await confirm(page, email);
    expect((await write('accounts/login/', { email, password: PASSWORD })).status()).toBe(200);

    await page.goto(`${baseURL}/en/account/dashboard/my-orders/`);
    const summary = page.getByText(`Order #${order.number}`);
    await summary.click();
    const entry = page.getByRole('listitem').filter({ has: summary });
    await entry.getByText('Marienplatz 1').waitFor();
    expect(await entry.getByText('Cash on delivery').count()).toBe(1);
    await checkScreen(page);

    await entry.getByRole('link', { name: /View your order/ }).click();
    await page.getByRole('heading', { level: 1, name: `Order #${order.number}` }).waitFor();
    await checkScreen(page);
  });

  it('a guest order placed after the confirmation joins the account at its next login; another account never lists either (decision 0071)', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const first = await guestOrder(email);
    const page = await browser.visitor({ viewport: WIDE });
    const { write } = await api(page);
    await register(write, email);
    await confirm(page, email);
    expect((await write('accounts/logout/', {})).status()).toBeLessThan(300);

    // Logged out, the same address orders again as a guest.
    const second = await guestOrder(email);

    // Another account logging in meanwhile lists neither.
    const stranger = await browser.visitor({ viewport: WIDE });
    await loginAs(stranger, baseURL, 'shopper@example.com');
    await stranger.goto(`${baseURL}/en/account/dashboard/my-orders/`);
    await stranger.getByRole('heading', { level: 1 }).waitFor();
    for (const order of [first, second])
      expect(await stranger.getByText(`Order #${order.number}`).count()).toBe(0);

    // The address's own account, at its login, lists both.
    expect((await write('accounts/login/', { email, password: PASSWORD })).status()).toBe(200);
    await page.goto(`${baseURL}/en/account/dashboard/my-orders/`);
    for (const order of [first, second]) await page.getByText(`Order #${order.number}`).waitFor();
  });
});
