import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  baseURL,
  type BrowserWindow,
  type Card,
  checkScreen,
  hydrated,
  isFocused,
  NARROW,
  useBrowser,
  WIDE,
} from './pages.ts';

const browser = useBrowser();

const XSS = `<img src=x onerror="document.title='pwned'"><script>document.title='pwned'</script> & "ok"`;

type ReviewPage = { count: number; results: { id: number; text: string }[] };

async function api<T>(path: string): Promise<T> {
  const res = await fetch(`${baseURL}/en/api/${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * The `skip`-th listed product nobody has reviewed yet: each test takes its own, so the tests of
 * other files (which read the seeded reviews) never meet these.
 */
async function unreviewedProduct(skip: number): Promise<Card> {
  const list = await api<{ results: Card[] }>('products/products/?page_size=50');
  const free: Card[] = [];
  for (const card of list.results) {
    const reviews = await api<ReviewPage>(`products/reviews/?product=${card.id}`);
    if (reviews.count === 0) free.push(card);
    if (free.length > skip) return free[skip]!;
  }
  throw new Error('no product without reviews');
}

/** The product page's JSON-LD `aggregateRating`, or null when it has none. */
async function aggregateRating(page: Page) {
  const json = await page.locator('script[type="application/ld+json"]').first().textContent();
  const data = JSON.parse(json ?? '{}') as {
    aggregateRating?: { ratingValue: number; reviewCount: number };
  };
  return data.aggregateRating ?? null;
}

/** Presses Tab until `name` has the focus (a keyboard user's way there), at most 30 times. */
async function tabTo(page: Page, name: RegExp | string) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const active = (globalThis as unknown as BrowserWindow).document.activeElement;
      return [
        active?.textContent ?? '',
        active?.getAttribute('aria-label') ?? '',
        active?.getAttribute('value') ?? '',
      ].join('|');
    });
    if (typeof name === 'string' ? focused.includes(name) : name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

describe('product reviews', () => {
  it.each([
    ['at 1280 px', WIDE, 0, 'emma.clarke@example.com'],
    ['at 360 px', NARROW, 1, 'lukas.huber@example.com'],
  ])(
    'writes, edits and deletes a review in the modal, by keyboard only (%s)',
    async (_name, viewport, skip, email) => {
      const product = await unreviewedProduct(skip);
      const page = await browser.loggedIn(email, { viewport });
      await page.goto(`${baseURL}/en${product.slugUri}`);
      await hydrated(page);
      const section = page.getByRole('region', { name: 'Product reviews' });
      await section.getByText('No reviews yet').waitFor();
      expect(await aggregateRating(page)).toBeNull();
      await checkScreen(page);

      // Write: the link opens the form in the modal; rating by arrow keys, text, submit by Enter.
      await section.getByRole('link', { name: 'Write a review' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Write a review' });
      await dialog.waitFor();
      await checkScreen(page);
      // Sending nothing is refused in the browser with the spec's message, nothing is posted.
      await dialog.getByRole('button', { name: 'Publish review' }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByText('This field is required').first().waitFor();
      await dialog.getByRole('radio', { name: '5 out of 5 stars' }).focus();
      await page.keyboard.press('ArrowDown');
      expect(await dialog.getByRole('radio', { name: '4 out of 5 stars' }).isChecked()).toBe(true);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Sturdy and soft, exactly as pictured.');
      await tabTo(page, 'Publish review');
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('Thank you for your review!').waitFor();
      await dialog.waitFor({ state: 'hidden' });
      const mine = section.getByRole('article').filter({ hasText: 'Sturdy and soft' });
      await expect.poll(() => mine.count()).toBe(2); // "Your review" and the list
      await expect
        .poll(() => aggregateRating(page))
        .toMatchObject({ ratingValue: 4, reviewCount: 1 });

      // Edit: the same form, filled with the review; a second review edits the first.
      await section.getByRole('link', { name: 'Edit your review' }).focus();
      await page.keyboard.press('Enter');
      const edit = page.getByRole('dialog', { name: 'Edit your review' });
      await edit.waitFor();
      expect(await edit.getByRole('textbox').inputValue()).toBe(
        'Sturdy and soft, exactly as pictured.',
      );
      await edit.getByRole('radio', { name: '4 out of 5 stars' }).focus();
      await page.keyboard.press('ArrowUp');
      await tabTo(page, 'Publish review');
      await page.keyboard.press('Enter');
      await edit.waitFor({ state: 'hidden' });
      await expect
        .poll(() => aggregateRating(page))
        .toMatchObject({ ratingValue: 5, reviewCount: 1 });
      const api1 = await api<ReviewPage>(`products/reviews/?product=${product.id}`);
      expect(api1.count).toBe(1);

      // Delete, after confirming in the small modal.
      await section.getByRole('link', { name: 'Delete review' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('dialog', { name: 'Delete review' });
      await confirm.getByText('Do you really want to delete this review?').waitFor();
      await checkScreen(page);
      await tabTo(page, /^Delete\|/);
      await page.keyboard.press('Enter');
      await page.getByRole('status').getByText('Review deleted').waitFor();
      await section.getByText('No reviews yet').waitFor();
      // The focus does not fall back to the page's start: it lands on the section's heading.
      await expect
        .poll(() => isFocused(section.getByRole('heading', { name: 'Product reviews' })))
        .toBe(true);
      expect((await api<ReviewPage>(`products/reviews/?product=${product.id}`)).count).toBe(0);
    },
  );

  it('works without JavaScript: log in from the section, write (text stays text, also once hydrated), delete with confirmation', async () => {
    const product = await unreviewedProduct(2);
    const page = await browser.visitor({ javaScriptEnabled: false, viewport: NARROW });
    page.setDefaultTimeout(15_000);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(`${baseURL}/en${product.slugUri}`);
    const section = page.getByRole('region', { name: 'Product reviews' });
    await section.getByRole('link', { name: 'Log in to write a review.' }).click();
    await page.getByLabel('Email').fill('marco.bianchi@example.com');
    await page.getByLabel('Password').fill('demo1234');
    await page.getByRole('button', { name: 'Log in' }).click();
    // Back on the product, at the form.
    await page.waitForURL((url) => url.pathname === `/en${product.slugUri}`);
    const form = page.getByRole('region', { name: 'Write a review' });
    await form.waitFor();

    // Nothing filled in: the action answers the fields' messages.
    await form.getByRole('button', { name: 'Publish review' }).click();
    await form.getByText('This field is required').first().waitFor();
    await form.locator('label', { hasText: '4 out of 5 stars' }).click();
    await form.getByLabel('Review').fill(XSS);
    await form.getByRole('button', { name: 'Publish review' }).click();
    await section.getByRole('status').getByText('Thank you for your review!').waitFor();
    // The markup is shown as text and never runs.
    await expect.poll(() => section.getByText(XSS).count()).toBe(2);
    expect(await page.locator('main img[src="x"]').count()).toBe(0);
    expect(await page.title()).not.toContain('pwned');
    expect(dialogs).toEqual([]);
    // In the HTML (markup and the hydration data alike) the payload is escaped, never markup…
    const html = await (await page.request.get(`${baseURL}/en${product.slugUri}`)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain("<script>document.title='pwned'");
    expect(html).toContain('&lt;img src=x');
    // …and with JavaScript on (hydrated) it stays text too.
    const js = await browser.open(`/en${product.slugUri}`, { viewport: WIDE });
    await hydrated(js);
    await js.getByText(XSS).first().waitFor();
    expect(await js.locator('main img[src="x"]').count()).toBe(0);
    expect(await js.title()).not.toContain('pwned');
    expect(await aggregateRating(page)).toMatchObject({ ratingValue: 4, reviewCount: 1 });

    await section.getByRole('link', { name: 'Delete review' }).click();
    await section.getByText('Do you really want to delete this review?').waitFor();
    await section.getByRole('button', { name: 'Delete' }).click();
    await section.getByRole('status').getByText('Review deleted').waitFor();
    await section.getByText('No reviews yet').waitFor();
    expect(await aggregateRating(page)).toBeNull();
  });

  it('pages and sorts a product’s reviews by links, labelling other languages', async () => {
    // The seeded reviews: a product with reviews in another language than English.
    const all = await api<{ results: { product: number; language: string }[] }>(
      'products/reviews/?page_size=100',
    );
    const foreign = all.results.find((r) => r.language === 'de')!;
    const card = await api<Card>(`products/products/${foreign.product}/`);
    const page = await browser.open(`/en${card.slugUri}`, {
      javaScriptEnabled: false,
      viewport: WIDE,
    });
    const section = page.getByRole('region', { name: 'Product reviews' });
    await section.getByText('Written in German').first().waitFor();
    expect(await section.locator('[lang="de"]').count()).toBeGreaterThan(0);
    await section.getByRole('link', { name: 'Highest rating' }).click();
    await page.waitForURL(/reviews_sorting=-rating/);
    const current = section.getByRole('link', { name: 'Highest rating' });
    expect(await current.getAttribute('aria-current')).toBe('true');
    // German page: dates and labels in German, German reviews unlabelled.
    await page.goto(`${baseURL}/de${card.slugUri}`);
    const de = page.getByRole('region', { name: 'Produktbewertungen' });
    await de.getByRole('article').first().waitFor();
    expect(await de.getByText('Geschrieben auf Deutsch').count()).toBe(0);
  });
});

describe('the in-page forms (the no-JavaScript path) pass axe', () => {
  it.each([
    ['at 360 px', NARROW],
    ['at 1280 px', WIDE],
  ])('write form and delete confirmation in the page (%s)', async (_name, viewport) => {
    const page = await browser.loggedIn('giulia.rossi@example.com', { viewport });
    await page.goto(`${baseURL}/en/pages/reviews/?write-review=1`);
    await page.getByRole('region', { name: 'Edit your review' }).waitFor();
    await checkScreen(page);
    const mine = (await (
      await page.request.get(`${baseURL}/en/api/organizations/reviews/my`)
    ).json()) as ReviewPage;
    await page.goto(`${baseURL}/en/pages/reviews/?delete-review=shop-${mine.results[0]!.id}`);
    await page.getByText('Do you really want to delete this review?').waitFor();
    await checkScreen(page);
  });
});

describe('shop reviews', () => {
  it.each([
    ['at 360 px', NARROW],
    ['at 1280 px', WIDE],
  ])(
    'shows the latest on the home page and all of them, paged and sorted (%s)',
    async (_n, viewport) => {
      const page = await browser.open('/en/', { viewport });
      const teaser = page.getByRole('region', { name: 'What our customers say' });
      await teaser.getByRole('article').first().waitFor();
      expect(await teaser.getByRole('article').count()).toBe(3);
      await teaser.getByRole('link', { name: 'Log in to write a review.' }).waitFor();
      // The footer's "Company" menu leads there too.
      expect(
        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: 'Shop reviews' })
          .getAttribute('href'),
      ).toMatch(/^\/en\/pages\/reviews\/$/);
      await checkScreen(page);
      await teaser.getByRole('link', { name: 'All shop reviews' }).click();
      await page.getByRole('heading', { level: 1, name: 'Shop reviews' }).waitFor();
      const list = await api<ReviewPage>('organizations/reviews/?page_size=100');
      expect(await page.getByRole('article').count()).toBe(Math.min(6, list.count));
      await page.getByText('Written in Russian').first().waitFor();
      await checkScreen(page);
      await page.getByRole('link', { name: 'Next' }).click();
      await page.waitForURL(/[?&]page=2/);
      await page.getByRole('link', { name: 'Newest first' }).click();
      await page.waitForURL((url) => url.searchParams.get('sorting') === '-creation_date');
      expect(new URL(page.url()).searchParams.has('page')).toBe(false);
    },
  );

  it('writes and deletes the one shop review of a user in the modal; without JavaScript too', async () => {
    const page = await browser.loggedIn('shopper@example.com', { viewport: WIDE });
    await page.goto(`${baseURL}/en/pages/reviews/`);
    await hydrated(page);
    const section = page.getByRole('region', { name: 'Shop reviews' });
    // The demo shopper has a seeded shop review: the form edits it.
    await section.getByRole('link', { name: 'Edit your review' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit your review' });
    await dialog.getByRole('textbox').fill('Edited: quick and friendly.');
    await dialog.getByRole('button', { name: 'Publish review' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    const mine = await page.request.get(`${baseURL}/en/api/organizations/reviews/my`);
    const body = (await mine.json()) as ReviewPage;
    expect(body.results.map((r) => r.text)).toEqual(['Edited: quick and friendly.']);

    // Without JavaScript: the delete link shows the confirmation in the page.
    const noJs = await browser.loggedIn('shopper@example.com', {
      javaScriptEnabled: false,
      viewport: NARROW,
    });
    await noJs.goto(`${baseURL}/en/pages/reviews/`);
    const region = noJs.getByRole('region', { name: 'Shop reviews' });
    await region.getByRole('link', { name: 'Delete review' }).click();
    await region.getByRole('button', { name: 'Delete' }).click();
    await region.getByRole('status').getByText('Review deleted').waitFor();
    await region.getByRole('link', { name: 'Write a review' }).click();
    const form = noJs.getByRole('region', { name: 'Write a review' });
    await form.locator('label', { hasText: '5 out of 5 stars' }).click();
    await form.getByLabel('Review').fill('Great selection and fair prices.');
    await form.getByRole('button', { name: 'Publish review' }).click();
    await region.getByRole('status').getByText('Thank you for your review!').waitFor();
  });
});
