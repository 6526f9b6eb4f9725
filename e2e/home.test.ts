// Issue 25 (decision 0072): home's sections are in the page the server sends, whole; with
// JavaScript they hydrate after the rest of the page, and the newsletter form's module (with zod)
// is not among the page's first scripts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import english from '../packages/messages/langs/en.json' with { type: 'json' };
import { NARROW, WIDE, baseURL, hydrated, useBrowser } from './pages.ts';

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

/** The page's errors and console errors, from now on. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

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
    const page = await browser.open('/en/', { viewport: NARROW });
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
});
