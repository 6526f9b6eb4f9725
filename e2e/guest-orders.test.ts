// Guest orders follow the shopper (issue 23): the order mail's signed link opens the order in any
// browser, a changed link opens nothing, and registering and confirming the same address brings
// the guest's orders into "My orders", with the order's address, payment method and tracking.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseURL,
  checkScreen,
  cookie,
  inStockProduct,
  mailDir,
  mailedLink,
  NARROW,
  useBrowser,
  WIDE,
  withConsent,
} from './pages.ts';

const browser = useBrowser();
const PASSWORD = 'linen-and-clay-2026';

type Named = { id: number; title: string };

/** The API, as the shop's own scripts call it: the CSRF cookie first, then its token on writes. */
async function api(request: APIRequestContext, page: Page) {
  await request.get(`${baseURL}/en/api/accounts/login/`);
  const read = async <T>(path: string) => {
    const res = await request.get(`${baseURL}/en/api/${path}`);
    expect(res.status(), path).toBe(200);
    return (await res.json()) as T;
  };
  const write = async (path: string, data: unknown, headers: Record<string, string> = {}) => {
    const token = (await cookie(page, 'csrftoken'))?.value ?? '';
    return request.post(`${baseURL}/en/api/${path}`, {
      data,
      headers: { 'X-CSRFToken': token, ...headers },
    });
  };
  return { read, write };
}

/** A guest (no account) orders a product by the API, to Munich, cash on delivery. */
async function guestOrder(page: Page, email: string): Promise<{ number: string }> {
  const { read, write } = await api(page.request, page);
  const product = await inStockProduct(3);
  expect((await write(`sales/cart_products/${product.id}/add/`, { quantity: 1 })).status()).toBe(
    200,
  );
  const countries = await read<(Named & { code: string })[]>('core/delivery_countries/');
  const country = countries.find((c) => c.code === 'DE');
  const regions = await read<Named[]>(`core/delivery_regions/?country=${country?.id}`);
  const region = regions.find((r) => r.title === 'Bavaria');
  const cities = await read<Named[]>(`core/delivery_cities/?region=${region?.id}`);
  const deliveries = await read<Named[]>('deliveries/deliveries/');
  const payments = await read<(Named & { kind: string })[]>('payments/payments/');
  const placed = await write(
    'sales/orders/',
    {
      email,
      firstName: 'Anna',
      lastName: 'Muster',
      phone: '+49 89 1234567',
      country: country?.id,
      region: region?.id,
      city: cities.find((c) => c.title === 'Munich')?.title ?? 'München',
      address: 'Marienplatz 1',
      postcode: '80331',
      delivery: deliveries.find((d) => d.title === 'Standard delivery')?.id,
      payment: payments.find((p) => p.kind === 'cod')?.id,
    },
    { 'Idempotency-Key': randomUUID() },
  );
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()) as { number: string };
}

/** The order mail to `to`: its raw source (quoted-printable undone) and its order link. */
async function orderMail(to: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of (await readdir(mailDir).catch(() => [])).sort().reverse()) {
      const raw = (await readFile(join(mailDir, file), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!raw.includes(to)) continue;
      const link = /https?:\/\/[^\s"]+\/account\/orders\/\d+\/\?token=[\w-]+/.exec(raw)?.[0];
      // Opened on the test shop's own address, whatever its PUBLIC_URL says.
      if (link) return { raw, link: link.replace(/^https?:\/\/[^/]+/, baseURL) };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no order mail to ${to}`);
}

describe('guest orders', () => {
  it('the order mail is HTML and text, and its link opens the order in a fresh browser at 360 and 1280 px', async () => {
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const buyer = await browser.page();
    await withConsent(buyer);
    const order = await guestOrder(buyer, email);
    const { raw, link } = await orderMail(email);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);

    for (const viewport of [NARROW, WIDE]) {
      // Another browser: no cookie of the session that placed the order.
      const page = await browser.page({ viewport });
      await withConsent(page);
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
    const buyer = await browser.page();
    await guestOrder(buyer, email);
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
    const buyer = await browser.page();
    const order = await guestOrder(buyer, email);

    const page = await browser.page({ viewport: NARROW });
    await withConsent(page);
    const { write } = await api(page.request, page);
    const registered = await write('accounts/register/', {
      email,
      password: PASSWORD,
      firstName: 'Anna',
      lastName: 'Muster',
    });
    expect(registered.status(), await registered.text()).toBe(201);
    // Not confirmed yet: no way in, so no order of the address is shown to anyone.
    expect((await write('accounts/login/', { email, password: PASSWORD })).status()).toBe(403);

    await page.goto(
      (await mailedLink(email, 'confirm-email')).replace(/^https?:\/\/[^/]+/, baseURL),
    );
    await page.getByText('Your email address is confirmed').waitFor();
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
});
