// Issue 25 (decision 0072): home's sections are in the page the server sends, whole; with
// JavaScript they hydrate after the rest of the page, and the newsletter form's module (with zod)
// is not among the page's first scripts. Decision 0076: its check (zod, the account schemas)
// loads once the form is touched, and the page's first Intl formats are not the hydration's.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import english from '../packages/messages/langs/en.json' with { type: 'json' };
import { NARROW, WIDE, baseURL, hydrated, useBrowser, watchErrors } from './pages.ts';

const browser = useBrowser();

const SECTIONS = [
  english.home.featuredProducts,
  english.home.popularBundles,
  english.home.newArrivals,
  english.home.ourVendors,
  english.reviews.customersSay,
  english.home.latestPosts,
  english.footer.newsletterTitle,
];

/** Whether React has hydrated (or rendered) the element: it then carries React's props. */
const reactOwned = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps$')));

const newsletterForm = 'form[action="/en/newsletter/"]';

describe('home', () => {
  it.each([
    ['360 px', NARROW],
    ['1280 px', WIDE],
  ])(
    'shows every section without JavaScript, none left hidden for a script (%s)',
    async (_n, viewport) => {
      const page = await browser.open('/en/', { javaScriptEnabled: false, viewport });
      for (const name of SECTIONS) {
        expect(await page.getByRole('heading', { level: 2, name }).isVisible(), name).toBe(true);
      }
      // React's streamed or outlined boundaries (hidden until a script moves them in).
      expect(await page.locator('[hidden][id^="S:"], template[id^="B:"]').count()).toBe(0);
      expect(await page.locator('main article').count()).toBeGreaterThan(4);
    },
  );

  it('hydrates its sections after the page, the newsletter form checks in place', async () => {
    const page = await browser.open('/en/', { viewport: NARROW });
    const errors = watchErrors(page);
    await hydrated(page);
    // The form's module, zod and the schemas are not among the page's first scripts.
    const html = await (await fetch(`${baseURL}/en/`)).text();
    const first = /data-preloads="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(first).toContain('/assets/home-');
    expect(first).not.toMatch(/newsletter-signup|zod|shop-form/);

    await expect.poll(() => reactOwned(page, newsletterForm), { timeout: 15_000 }).toBe(true);
    for (const id of ['home-featured', 'home-vendors', 'home-posts']) {
      expect(await reactOwned(page, `section[aria-labelledby="${id}"]`), id).toBe(true);
    }
    const signup = page.getByRole('region', { name: english.footer.newsletterTitle });
    await signup.getByRole('button', { name: english.footer.subscribe }).click();
    await signup.getByText('This field is required').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/');
    expect(errors).toEqual([]);
  });

  it('sends a form tapped before its section hydrated once it has, as with JavaScript', async () => {
    // No service worker: a script it answers from its cache never reaches `page.route` (the
    // reload below would not be held once it has installed).
    const page = await browser.open('/en/', { viewport: NARROW, serviceWorkers: 'block' });
    const errors = watchErrors(page);
    // The form's module is held: the tap lands on the server's form.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/newsletter-signup-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await hydrated(page);
    const signup = page.getByRole('region', { name: english.footer.newsletterTitle });
    await signup.getByRole('button', { name: english.footer.subscribe }).click();
    expect(await reactOwned(page, newsletterForm)).toBe(false);
    release();
    await signup.getByText('This field is required').waitFor();
    expect(new URL(page.url()).pathname).toBe('/en/');
    expect(errors).toEqual([]);
  });

  it("loads the newsletter form's check (zod, the schemas) once the form is touched, then checks in place", async () => {
    const page = await browser.visitor({ viewport: NARROW });
    const errors = watchErrors(page);
    const scripts: string[] = [];
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      if (request.method() === 'POST') posts.push(request.url());
    });
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    await expect.poll(() => reactOwned(page, newsletterForm), { timeout: 15_000 }).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(
      scripts.filter((path) => /zod|contract-|account-forms|newsletter-check/.test(path)),
    ).toEqual([]);

    const signup = page.getByRole('region', { name: english.footer.newsletterTitle });
    const check = page.waitForRequest(/\/assets\/newsletter-check-/);
    await signup.getByLabel(english.newsletter.email).fill('not an address');
    await check;
    await page.waitForLoadState('networkidle');
    await signup.getByRole('button', { name: english.footer.subscribe }).click();
    await signup.getByText(english.forms.email).waitFor();
    // Checked in the browser: nothing was sent.
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('sends a form pressed twice before its check loaded once', async () => {
    // No service worker: one installed meanwhile would answer the held check from its cache.
    const page = await browser.visitor({ viewport: NARROW, serviceWorkers: 'block' });
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    // The check's module is held: both presses land while the send waits for it.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/newsletter-check-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    await expect.poll(() => reactOwned(page, newsletterForm), { timeout: 15_000 }).toBe(true);
    const signup = page.getByRole('region', { name: english.footer.newsletterTitle });
    await signup.getByLabel(english.newsletter.email).fill(`twice-${Date.now()}@example.com`);
    const button = signup.getByRole('button', { name: english.footer.subscribe });
    await button.click();
    await button.click();
    release();
    await signup.getByRole('status').waitFor();
    await page.waitForLoadState('networkidle');
    expect(posts.filter((url) => new URL(url).pathname.startsWith('/en/newsletter/'))).toHaveLength(
      1,
    );
    expect(errors).toEqual([]);
  });

  it('sends a form whose check never arrives (a lossy link) unchecked after the time limit, once', async () => {
    const page = await browser.visitor({ viewport: NARROW, serviceWorkers: 'block' });
    page.setDefaultTimeout(15_000);
    const errors = watchErrors(page);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    // The check's module never answers (until the test ends).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/newsletter-check-*.js', async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${baseURL}/en/`);
      await hydrated(page);
      await expect.poll(() => reactOwned(page, newsletterForm), { timeout: 15_000 }).toBe(true);
      const signup = page.getByRole('region', { name: english.footer.newsletterTitle });
      await signup.getByLabel(english.newsletter.email).fill(`lossy-${Date.now()}@example.com`);
      const button = signup.getByRole('button', { name: english.footer.subscribe });
      await button.click();
      await button.click();
      await signup.getByRole('status').waitFor();
    } finally {
      release();
    }
    // Let the check arrive (after the send) so that the page can go quiet, then count the posts.
    await page.waitForLoadState('networkidle');
    expect(posts.filter((url) => new URL(url).pathname.startsWith('/en/newsletter/'))).toHaveLength(
      1,
    );
    expect(errors).toEqual([]);
  });

  it.each(['en', 'de', 'ru', 'it'])(
    'hydrates without counting currency signs, its first Intl formats on a worker, with no error (%s)',
    async (locale) => {
      const page = await browser.visitor({ viewport: NARROW });
      const errors = watchErrors(page);
      // Counting a sign formats every currency Intl knows: the browser takes the server's sign.
      await page.addInitScript(() => {
        const counted = globalThis as unknown as { __signCounts: number };
        counted.__signCounts = 0;
        const original = Intl.supportedValuesOf.bind(Intl);
        Intl.supportedValuesOf = (key) => {
          counted.__signCounts += 1;
          return original(key);
        };
      });
      const worker = page.waitForEvent('worker');
      await page.goto(`${baseURL}/${locale}/`);
      expect(new URL((await worker).url()).pathname).toBe('/intl-warm.js');
      await hydrated(page);
      await expect
        .poll(() => reactOwned(page, 'section[aria-labelledby="home-featured"]'), {
          timeout: 15_000,
        })
        .toBe(true);
      // The prices were written in the browser too (their section hydrated): no count for them.
      expect(
        await page.evaluate(() => (globalThis as unknown as { __signCounts: number }).__signCounts),
      ).toBe(0);
      expect(errors).toEqual([]);
    },
  );
});
