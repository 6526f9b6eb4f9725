import { describe, expect, it } from 'vitest';
import {
  addedMiniCart,
  axeViolations,
  baseURL,
  closedURL,
  contentWidth,
  holdScripts,
  hydrated,
  loginAs,
  NARROW,
  useBrowser,
  withConsent,
  inStockProduct,
  type Card,
} from './pages.ts';

const browser = useBrowser();

const open = (path: string, options: Parameters<typeof browser.page>[0] = {}) =>
  browser.open(path, options);

describe('cart', () => {
  it('adds from the product page, counts in the header, changes, takes a promo code and empties', async () => {
    const product = await inStockProduct();
    const page = await open(`/en${product.slugUri}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await addedMiniCart(page, product.title).waitFor();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();

    await page.goto(`${baseURL}/en/checkout/cart/`);
    await page.getByRole('heading', { level: 1, name: 'Shopping cart' }).waitFor();
    await page.getByRole('link', { name: product.title }).waitFor();
    const total = () =>
      page
        .locator('dt', { hasText: /^Total$/ })
        .locator('xpath=following-sibling::dd')
        .textContent();
    const one = await total();

    await page.getByLabel(`Quantity: ${product.title}`).fill('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(total).not.toBe(one);
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();

    await page.getByLabel('Promo code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: /Remove promo code \(WELCOME10\)/ }).waitFor();

    await page.getByRole('button', { name: `Remove: ${product.title}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Your cart is empty' }).waitFor();
  });

  it('keeps a quantity typed before the page’s scripts ran, and saves it', async () => {
    const product = await inStockProduct();
    const page = await open(`/en${product.slugUri}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    // The cart page starts its scripts after its largest paint (decision 0068): a shopper can
    // type into the server-rendered field first, and hydration must not put the old number back.
    const release = await holdScripts(page);
    await page.goto(`${baseURL}/en/checkout/cart/`, { waitUntil: 'domcontentloaded' });
    const field = page.getByLabel(`Quantity: ${product.title}`);
    await field.fill('2');
    release();
    await hydrated(page);
    expect(await field.inputValue()).toBe('2');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    expect(await field.inputValue()).toBe('2');
  });

  it('works without JavaScript: a plain form post adds to the cart', async () => {
    const product = await inStockProduct();
    const page = await open(`/en${product.slugUri}`, { javaScriptEnabled: false });
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    // Answered with the cart page (issue 23).
    await page.waitForURL(`${baseURL}/en/checkout/cart/`);
    await page.getByRole('link', { name: product.title }).waitFor();
    await expect.poll(() => page.getByRole('link', { name: 'Cart, 1 item' }).count()).toBe(1);
  });

  it('refuses a promo code below its minimum with a message, and keeps the cart', async () => {
    const product = await inStockProduct();
    const page = await open(`/en${product.slugUri}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await page.goto(`${baseURL}/en/checkout/cart/`);
    await page.getByLabel('Promo code').fill('EXPIRED5');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByRole('link', { name: product.title }).waitFor();
  });

  it.each(['en', 'ru'])(
    'fits 360 px and passes axe with a line in the cart (%s)',
    async (locale) => {
      const product = await inStockProduct();
      const page = await open(`/en${product.slugUri}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
      await page.setViewportSize(NARROW);
      await page.goto(`${baseURL}/${locale}/checkout/cart/`);
      await page.getByRole('main').getByRole('link').first().waitFor();
      expect(await contentWidth(page)).toBeLessThanOrEqual(NARROW.width);
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  // Once, in a full run on a loaded two-core machine, the refused save's navigation did not
  // finish within 30 s (it passes alone and in repeated runs): one retry, noted in the issue.
  it(
    'puts the quantity the stock allows into a refused line, with the server’s message',
    { retry: 1 },
    async () => {
      const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
      const list = (await res.json()) as { results: Card[] };
      // The last such product: the other browser tests (running at the same time) buy the first ones.
      const product = list.results
        .filter((c) => c.available && c.stock !== null && c.stock >= 2 && c.stock < 99)
        .at(-1);
      if (!product) throw new Error('no product with a small stock');
      const page = await open(`/en${product.slugUri}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
      await page.goto(`${baseURL}/en/checkout/cart/`);
      await hydrated(page);
      const field = page.getByLabel(`Quantity: ${product.title}`);
      await field.fill('99');
      await page.getByRole('button', { name: 'Save' }).click();
      const message = page.getByText(/^Only \d+ left in stock\.$/);
      await message.waitFor();
      const left = /\d+/.exec((await message.textContent()) ?? '')?.[0];
      expect(Number(left)).toBeLessThanOrEqual(product.stock!);
      await expect.poll(() => field.inputValue()).toBe(left);
    },
  );

  it('sets a line refused at the product to what the stock allows, and the badge follows', async () => {
    const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
    const list = (await res.json()) as { results: Card[] };
    // Second-to-last such product: the test above takes the last one.
    const product = list.results
      .filter((c) => c.available && c.stock !== null && c.stock >= 2 && c.stock < 99)
      .at(-2);
    if (!product) throw new Error('no product with a small stock');
    const page = await open(`/en${product.slugUri}`);
    await hydrated(page);
    await page.getByLabel('Quantity').first().fill('99');
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    const message = page.getByText(/^Only \d+ left in stock\.$/);
    await message.waitFor();
    const left = Number(/\d+/.exec((await message.textContent()) ?? '')?.[0]);
    expect(left).toBeLessThanOrEqual(product.stock!);
    // The refusal set the line to the stock (spec section 8): the header's count says so, with
    // no reload of the page, as does the cart.
    await page.getByRole('link', { name: `Cart, ${left} items` }).waitFor();
    await page.goto(`${baseURL}/en/checkout/cart/`);
    await expect
      .poll(() => page.getByLabel(`Quantity: ${product.title}`).inputValue())
      .toBe(String(left));
  });
});

describe('variations', () => {
  it('names the chosen colour when adding, and on the cart line', async () => {
    const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
    const list = (await res.json()) as { results: Card[] };
    const parent = list.results.find((c) => c.slugUri.includes('stonewashed-linen-duvet-cover'));
    if (!parent) throw new Error('no duvet cover in the demo shop');
    const page = await open(`/en${parent.slugUri}`);
    await hydrated(page);
    await page.getByRole('link', { name: 'Sage', exact: false }).first().click();
    await page.waitForURL(/sage-green/);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await addedMiniCart(page, 'Colour: Sage green').waitFor();
    await page.goto(`${baseURL}/en/checkout/cart/`);
    await page.getByRole('main').getByText('Colour: Sage green').waitFor();
  });
});

describe('logging in with a cart', () => {
  it('says once that the visitor’s cart joined the account’s', async () => {
    const email = 'olga.smirnova@example.com';
    const [first, second] = await Promise.all([inStockProduct(), inStockProduct(1)]);
    // The account already holds a line, put there from another device.
    const phone = await browser.page();
    await loginAs(phone, baseURL, email);
    const token = (await phone.context().cookies()).find((c) => c.name === 'csrftoken')?.value;
    const put = await phone.request.patch(`${baseURL}/en/api/sales/cart_products/${first.id}/`, {
      data: { quantity: 1 },
      headers: { 'X-CSRFToken': token ?? '' },
    });
    expect(put.status()).toBe(200);

    const page = await open(`/en${second.slugUri}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await page.getByRole('link', { name: 'Cart, 1 item' }).waitFor();
    await page.goto(`${baseURL}/en/account/login/?redirectTo=/en/products/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Welcome back' });
    await notice.waitFor();
    await expect
      .poll(() => notice.textContent())
      .toContain('1 item from before you logged in is now in your saved cart');
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Cart, 2 items' }).waitFor();
    await expect.poll(() => notice.count()).toBe(0);
  });
});

describe('content pages', () => {
  it('shows the FAQ with questions that open', async () => {
    const page = await open('/de/pages/faq/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const first = page.getByRole('main').locator('details summary').first();
    await first.click();
    await expect
      .poll(() => page.getByRole('main').locator('details').first().getAttribute('open'))
      .not.toBeNull();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('lists blog posts and opens one, with its canonical slug', async () => {
    const page = await open('/it/blogs/');
    const link = page
      .getByRole('list')
      .getByRole('heading', { level: 2 })
      .first()
      .getByRole('link');
    const title = (await link.textContent()) ?? '';
    await link.click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/it\/blogs\/[a-z0-9-]+-\d+\/$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('answers 404 for a page that does not exist', async () => {
    const page = await browser.page();
    const response = await page.goto(`${baseURL}/en/pages/no-such-page/`);
    expect(response?.status()).toBe(404);
  });
});

describe('vendors', () => {
  it('lists vendors, opens one and moves between its products, posts and pages', async () => {
    const page = await open('/en/vendors/');
    await page.getByRole('heading', { level: 1, name: 'Vendors' }).waitFor();
    const link = page
      .getByRole('list')
      .getByRole('heading', { level: 2 })
      .first()
      .getByRole('link');
    const name = (await link.textContent()) ?? '';
    await link.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/vendors\/[a-z0-9-]+-\d+\/$/);
    await expect
      .poll(() => page.getByRole('list', { name: 'Products' }).getByRole('heading').count())
      .toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Blog posts' }).click();
    await page.waitForURL(/\/blogs\/$/);
    await page.getByRole('link', { name: 'Pages' }).click();
    await page.waitForURL(/\/pages\/$/);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("shows a vendor's own page, and its products in its frame with their one address as canonical", async () => {
    const res = await fetch(`${baseURL}/en/api/organizations/vendors/?size=50`);
    const vendors = (await res.json()) as { results: { id: number; slugUri: string }[] };
    let found: { vendor: string; page: string } | undefined;
    for (const v of vendors.results) {
      const pages = (await (
        await fetch(`${baseURL}/en/api/organizations/vendors/${v.id}/pages/`)
      ).json()) as {
        results: { slug: string }[];
      };
      if (pages.results[0]) {
        found = { vendor: v.slugUri, page: pages.results[0].slug };
        break;
      }
    }
    if (!found) throw new Error('no vendor page in the demo shop');
    const page = await open(`/en${found.vendor}pages/${found.page}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();

    const vendorId = /-(\d+)\/$/.exec(found.vendor)![1];
    const products = (await (
      await fetch(`${baseURL}/en/api/organizations/vendors/${vendorId}/products/`)
    ).json()) as {
      results: { slug: string; slugUri: string }[];
    };
    const product = products.results[0]!;
    const response = await fetch(`${baseURL}/en${found.vendor}products/${product.slug}/`, {
      redirect: 'manual',
    });
    // Issue 10: no redirect (it lost the vendor's context); the canonical names the product page.
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      `<link rel="canonical" href="${baseURL}/en${product.slugUri}"/>`,
    );
  });
});

describe('login', () => {
  it('lets staff in from the coming-soon page of a closed shop, and out again', async () => {
    const page = await browser.page();
    await withConsent(page, closedURL);
    await page.goto(`${closedURL}/en/`);
    await page.waitForURL(`${closedURL}/en/pages/coming-soon/`);
    await page.getByRole('link', { name: 'Staff login' }).click();
    await page.getByRole('heading', { level: 1, name: 'Log in to your account' }).waitFor();

    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('This field is required').first().waitFor();
    await expect.poll(() => page.getByText('This field is required').count()).toBe(2);
    await page.getByLabel('Email').fill('staff@example');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Please enter a valid email').waitFor();

    await page.getByLabel('Email').fill('staff@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect email or password.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${closedURL}/en/`);
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${closedURL}/en/pages/coming-soon/`);
  });
});
