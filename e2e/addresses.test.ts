import { describe, expect, it } from 'vitest';
import {
  addedMiniCart,
  baseURL,
  checkScreen,
  chooseRegion,
  fillContact,
  hydrated,
  NARROW,
  newestMail,
  useBrowser,
  WIDE,
} from './pages.ts';

/* Issue 23, real addresses: a city typed in, postcodes per country, pickup without an address,
 * and one delivery price on the options, the summary, the order and the mail. */

const browser = useBrowser();

type PricedCard = {
  id: number;
  title: string;
  slugUri: string;
  available: boolean;
  stock: number | null;
  discountPrice: number;
};

/** A product priced below €40 (standard delivery costs €4.90) or from €60 (it is free). */
async function productPriced(range: 'cheap' | 'dear', skip = 0): Promise<PricedCard> {
  const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
  const list = (await res.json()) as { results: PricedCard[] };
  const card = list.results.filter(
    (c) =>
      c.available &&
      (c.stock === null || c.stock >= 5) &&
      (range === 'cheap'
        ? c.discountPrice >= 5 && c.discountPrice < 40
        : c.discountPrice >= 60 && c.discountPrice < 500),
  )[skip];
  if (!card) throw new Error(`no ${range} product in stock`);
  return card;
}

/** A new visitor at the checkout with one product in the cart (added by the product page). */
async function atCheckout(
  js: boolean,
  viewport: { width: number; height: number },
  range: 'cheap' | 'dear' = 'cheap',
  skip = 0,
) {
  const page = await browser.visitor({ javaScriptEnabled: js });
  page.setDefaultTimeout(15_000);
  const product = await productPriced(range, skip);
  await page.goto(`${baseURL}/en${product.slugUri}`);
  if (js) await hydrated(page);
  await page.getByRole('button', { name: 'Add to cart' }).first().click();
  if (js) await addedMiniCart(page, product.title).waitFor();
  else await page.waitForLoadState('load');
  await page.setViewportSize(viewport);
  await page.goto(`${baseURL}/en/checkout/checkout/`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
  if (js) await hydrated(page);
  return page;
}

/** The newest mail to `to`, quoted-printable undone: the text as the shopper reads it. */
const mailTo = (to: string) =>
  newestMail(to, (source) =>
    source.replace(/(=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'),
    ),
  );

const unique = (name: string) =>
  `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

describe('a shipping address as shoppers write it', () => {
  it.each([
    ['with JavaScript at 1280 px', true, WIDE, 0],
    ['with JavaScript at 360 px', true, NARROW, 1],
    ['without JavaScript at 360 px', false, NARROW, 2],
  ])('a Berlin address typed in %s', async (_name, js, viewport, skip) => {
    const page = await atCheckout(js, viewport, 'cheap', skip);
    const email = unique('berlin');
    await fillContact(page, email);
    await chooseRegion(page, js, 'Berlin');
    // The region's cities are offered as suggestions of a text field, not as the only choice
    // (with JavaScript they come once the region's change has been answered).
    const suggestion = page.locator('datalist option[value="Berlin"]');
    await suggestion.waitFor({ state: 'attached' });
    expect(await suggestion.count()).toBe(1);
    const listId = await page.getByLabel('City').getAttribute('list');
    expect(await page.locator(`datalist[id="${listId}"]`).count()).toBe(1);
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Street and house number').fill('Alexanderplatz 1');
    await page.getByLabel('Postal code').fill('10178');
    await page.getByLabel(/Cash on delivery/).check();
    if (js) await checkScreen(page);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page.getByText('Alexanderplatz 1').waitFor();
    await page.getByText('10178 Berlin').waitFor();
    await page.getByText(/ready in cash for the courier/).waitFor();
    if (js) await checkScreen(page);
    const mail = await mailTo(email);
    expect(mail).toContain('10178 Berlin');
    expect(mail).toMatch(/ready in cash for the courier/);
  });

  it.each([
    ['with JavaScript', true, 3],
    ['without JavaScript', false, 4],
  ])(
    'refuses a missing city and a postcode not of the country’s shape, at their fields, %s',
    async (_name, js, skip) => {
      const page = await atCheckout(js, NARROW, 'cheap', skip);
      await fillContact(page, unique('nocity'));
      await chooseRegion(page, js, 'Berlin');
      await page.getByLabel('Street and house number').fill('Alexanderplatz 1');
      await page.getByLabel('Postal code').fill('1234');
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect.poll(() => page.getByLabel('City').getAttribute('aria-invalid')).toBe('true');
      const cityErrors = await page.getByLabel('City').getAttribute('aria-describedby');
      expect(await page.locator(`[id="${cityErrors?.split(' ').at(-1)}"]`).textContent()).toBe(
        'This field is required',
      );
      await page.getByText('Please enter a valid postcode for Germany, e.g. 10115').waitFor();
      expect(new URL(page.url()).pathname).toBe('/en/checkout/checkout/');
      if (js) await checkScreen(page);
    },
  );
});

describe('a region’s places arriving late', () => {
  it('leave the errors of an order pressed meanwhile at their fields', async () => {
    const page = await atCheckout(true, WIDE);
    await fillContact(page, unique('lateplaces'));
    // The region's cities are held on their way until "Place order" has shown its errors.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let places = 0;
    await page.route('**/en/checkout/checkout/_.data*', async (route) => {
      const request = route.request();
      if (request.method() === 'POST' && /intent=places/.test(request.postData() ?? '')) {
        places += 1;
        if (places === 2) await held;
      }
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Country').selectOption({ label: 'Germany' });
    await page.getByLabel('Region').selectOption({ label: 'Berlin' });
    await expect.poll(() => places).toBe(2);
    await page.getByLabel('Street and house number').fill('Alexanderplatz 1');
    await page.getByLabel('Postal code').fill('10178');
    await page.getByRole('button', { name: 'Place order' }).click();
    const city = page.getByLabel('City');
    await expect.poll(() => city.getAttribute('aria-invalid')).toBe('true');
    release();
    await page.getByRole('option', { name: 'Berlin' }).first().waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    expect(await city.getAttribute('aria-invalid')).toBe('true');
    const described = (await city.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${described.split(' ').at(-1)}"]`).textContent()).toBe(
      'This field is required',
    );
    // What the shopper typed meanwhile is still there.
    expect(await page.getByLabel('Postal code').inputValue()).toBe('10178');
  });
});

describe('pickup', () => {
  it.each([
    ['with JavaScript at 1280 px', true, WIDE, 5],
    ['without JavaScript at 360 px', false, NARROW, 6],
  ])(
    'needs no address and shows the pickup point on the checkout, the order and the mail, %s',
    async (_name, js, viewport, skip) => {
      const page = await atCheckout(js, viewport, 'cheap', skip);
      const email = unique('pickup');
      await fillContact(page, email);
      await page.getByLabel(/Pickup in Berlin/).check();
      await page.getByLabel(/Cash on delivery/).check();
      const point = /Makers Market warehouse, Musterstraße 12, 10115 Berlin/;
      // The option names its point; with JavaScript the address gives way to it.
      await page.locator('label', { hasText: 'Pickup in Berlin' }).getByText(point).waitFor();
      if (js) {
        await page.getByText('No delivery address needed').waitFor();
        expect(await page.getByLabel('Street and house number').isVisible()).toBe(false);
        await checkScreen(page);
      }
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      await page.getByRole('heading', { name: 'Pickup point' }).waitFor();
      await page.getByText(point).first().waitFor();
      await page.getByText(/in cash when you collect your order at the pickup point/).waitFor();
      expect(await page.getByText(/courier/).count()).toBe(0);
      if (js) await checkScreen(page);
      const mail = await mailTo(email);
      expect(mail).toMatch(point);
      expect(mail).not.toContain('Delivery address');
      expect(mail).not.toMatch(/courier/);
    },
  );
});

describe('one delivery price wherever it shows', () => {
  it.each([
    ['below €50', '€4.90', 'cheap', 7],
    ['from €50', 'Free', 'dear', 0],
  ] as const)(
    'standard delivery of a cart %s: the option, the summary, the order and the mail say %s',
    async (_name, shown, range, skip) => {
      const page = await atCheckout(true, WIDE, range, skip);
      const email = unique('price');
      await fillContact(page, email);
      await chooseRegion(page, true, 'Berlin');
      await page.getByLabel('City').fill('Berlin');
      await page.getByLabel('Street and house number').fill('Alexanderplatz 1');
      await page.getByLabel('Postal code').fill('10178');
      await page.getByLabel(/Cash on delivery/).check();
      await page.getByLabel(/Standard delivery/).check();
      const option = page.locator('label', { hasText: 'Standard delivery' });
      await option.getByText(shown, { exact: true }).waitFor();
      const summary = page.getByRole('complementary');
      await summary.getByText('Delivery (Standard delivery)').waitFor();
      expect(await summary.textContent()).toContain(shown);
      if (shown === 'Free') expect(await option.textContent()).not.toContain('€4.90');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
      const row = page.getByText('Delivery (Standard delivery)');
      await row.waitFor();
      expect(await row.locator('xpath=..').textContent()).toContain(shown);
      // The mail's totals are a table: the label, then its amount.
      expect(await mailTo(email)).toMatch(
        new RegExp(`Delivery \\(Standard delivery\\)\\s+${shown.replace('.', '\\.')}`),
      );
    },
  );
});
