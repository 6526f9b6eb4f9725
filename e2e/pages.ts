// Shared by the browser tests: one Chromium per test file, a fresh context (cookies, storage) per
// page, and small helpers for what several files check (cookies, staff login, axe, focus).
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { launchBrowser } from './browser.ts';
import { htmlErrors } from './html-validity.ts';

/** The open demo shop and the same shop closed to the public (see global-setup.ts). */
export const baseURL = inject('baseURL');
export const closedURL = inject('closedURL');
export const mailDir = inject('mailDir');

/**
 * The little of the browser that functions run in the page (`page.evaluate`) touch. The e2e code
 * is typed for Node — the DOM library would clash with Node's types in the server code it
 * imports — so those functions read `globalThis as unknown as BrowserWindow` instead.
 */
export type BrowserElement = {
  id: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  contains(other: BrowserElement | null): boolean;
  querySelectorAll(selector: string): Iterable<BrowserElement>;
};
export type BrowserWindow = {
  document: BrowserElement & {
    head: BrowserElement;
    activeElement: BrowserElement | null;
    getElementById(id: string): BrowserElement | null;
    getAnimations(): { finished: Promise<unknown> }[];
  };
  scrollY: number;
  scrollTo(options: { top: number; behavior: 'instant' }): void;
  navigator: {
    serviceWorker: {
      ready: Promise<{ scope: string; active: { scriptURL: string } | null }>;
      controller: object | null;
    };
  };
};

/** How wide the page's content is: more than the viewport means it scrolls sideways. */
export const contentWidth = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );

/**
 * The mini-cart an add opens under the header's cart icon (issue 23), naming the added product;
 * its variation is a line of its own ("Size: M – Medium").
 */
export const addedMiniCart = (page: Page, title: string) =>
  page.getByRole('dialog', { name: 'Added to your cart' }).filter({ hasText: title });

/** A product card as the list API answers it (what the browser tests need of it). */
export type Card = {
  id: number;
  title: string;
  slugUri: string;
  available: boolean;
  stock: number | null;
};

/**
 * The `skip`-th listed product that can be bought a few times (stock untracked or 5 and more):
 * tests that run at once take different ones.
 */
export async function inStockProduct(skip = 0): Promise<Card> {
  const res = await fetch(`${baseURL}/en/api/products/products/?page_size=50`);
  const list = (await res.json()) as { results: Card[] };
  const card = list.results.filter((c) => c.available && (c.stock === null || c.stock >= 5))[skip];
  if (!card) throw new Error('no product in stock');
  return card;
}

export const NARROW = { width: 360, height: 740 };
export const WIDE = { width: 1280, height: 800 };

export type ShopInfo = { title: string; description: string; visible: boolean; active: boolean };

export async function shopInfo(base = baseURL, locale = 'en'): Promise<ShopInfo> {
  const res = await fetch(`${base}/${locale}/api/organizations/organization_info/`);
  if (!res.ok) throw new Error(`organization_info answered ${res.status}`);
  return (await res.json()) as ShopInfo;
}

/**
 * Registers the hooks of a test file: Chromium is launched once, every `page()` opens in its own
 * context (a new visitor), and the contexts are closed after each test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const validations: Promise<string[]>[] = [];
  const validated = new Set<string>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    // Every HTML document the test's pages were served (each navigation, a form posted without
    // JavaScript, a frame) must be valid HTML (issue 27, decision 0042): the bodies are read
    // before the contexts close.
    const errors = (await Promise.all(validations.splice(0))).flat();
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    expect(errors).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A page of a new visitor; 1280 × 800 unless `options.viewport` says otherwise. */
    async page(options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error('the browser is not launched yet');
      const context = await browser.newContext({ viewport: WIDE, ...options });
      contexts.push(context);
      context.on('response', (response) => {
        const request = response.request();
        if (request.resourceType() !== 'document') return;
        if (!response.headers()['content-type']?.startsWith('text/html')) return;
        // The test payment provider's hosted page stands for another company's site (apps/api
        // routes/test-card.ts): the shop's pages are judged, not it.
        const { pathname, search } = new URL(response.url());
        if (pathname.startsWith('/payments/')) return;
        // Validation is CPU: an address a file's tests load again (the same screen with another
        // cart or name) is judged once per file; every answer to a form is judged. html.test.ts
        // judges each screen in the states that change its markup (a cart, a logged-in shopper).
        const key = `${request.method()} ${pathname}${search} ${response.status()}`;
        if (request.method() === 'GET' && validated.has(key)) return;
        validated.add(key);
        validations.push(
          response.text().then(
            (html) => htmlErrors(html, `${request.method()} ${pathname}`),
            // A document the page left before it was read whole has no body to read: the next
            // visit of the same address is validated instead.
            () => {
              validated.delete(key);
              return [];
            },
          ),
        );
      });
      return context.newPage();
    },
    /** A new visitor's page with the cookie question answered, so that no banner covers it. */
    async visitor(options: BrowserContextOptions = {}): Promise<Page> {
      const page = await this.page(options);
      await withConsent(page);
      return page;
    },
    /** A new visitor's page (cookie question answered) at `path` of the shop. */
    async open(path: string, options: BrowserContextOptions = {}): Promise<Page> {
      const page = await this.visitor(options);
      await page.goto(`${baseURL}${path}`);
      return page;
    },
    /**
     * A visitor logged in as `email` (the demo password; cookie question answered), whose
     * page waits up to 15 s for an element: the back office's and the account's screens.
     */
    async loggedIn(email: string, options: BrowserContextOptions = {}): Promise<Page> {
      const page = await this.visitor(options);
      page.setDefaultTimeout(15_000);
      await loginAs(page, baseURL, email);
      return page;
    },
    /** A staff member's page (`staff@example.com` logged in), with or without JavaScript. */
    staffPage(javaScriptEnabled: boolean, viewport: { width: number; height: number }) {
      return this.loggedIn('staff@example.com', { javaScriptEnabled, viewport });
    },
    /**
     * axe and the page's width (`checkScreen`). axe runs in the page, so a page without
     * JavaScript is judged in a JavaScript page of the same visitor (cookies copied), opened at
     * the same address.
     */
    async checkScreen(page: Page, js: boolean) {
      if (js) return checkScreen(page);
      const twin = await this.page({ viewport: page.viewportSize() ?? WIDE });
      await twin.context().addCookies(await page.context().cookies());
      await twin.goto(page.url());
      await hydrated(twin);
      await checkScreen(twin);
    },
  };
}

/** Answered the cookie question beforehand, so the banner does not cover the page. */
export async function withConsent(page: Page, base = baseURL, choice = 'necessary') {
  await page.context().addCookies([{ name: 'cookie_consent', value: choice, url: base }]);
}

export async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name);
}

/** Days from now until the cookie expires (a session cookie gives -1/86400). */
export const daysLeft = (expires: number) => (expires * 1000 - Date.now()) / 86_400_000;

/** Logs the page's context in as staff through the API (CSRF cookie first, then the session). */
export async function loginAs(page: Page, base: string, email = 'staff@example.com') {
  const url = `${base}/en/api/accounts/login/`;
  await page.request.get(url);
  const token = (await cookie(page, 'csrftoken'))?.value;
  if (!token) throw new Error('no csrftoken cookie after GET /en/api/accounts/login/');
  const res = await page.request.post(url, {
    data: { email, password: 'demo1234' },
    headers: { 'X-CSRFToken': token },
  });
  if (!res.ok()) throw new Error(`login answered ${res.status()}: ${await res.text()}`);
  if (!(await cookie(page, 'sessionid'))) throw new Error('no sessionid cookie after login');
}

/**
 * Turns a switch of the shop (staff/shop) back on through the API as `staff`, whatever the test
 * did with it: the browser tests share one shop.
 */
export async function switchOn(staff: Page, name: 'cart' | 'active' | 'visible') {
  await staff.request.get(`${baseURL}/en/api/staff/shop/`);
  const token = (await cookie(staff, 'csrftoken'))?.value ?? '';
  await staff.request.patch(`${baseURL}/en/api/staff/shop/`, {
    data: { [name]: true },
    headers: { 'X-CSRFToken': token },
  });
}

/**
 * Right after staff closed the shop (either switch): at once `visitor` is shown coming-soon, staff
 * the shop. Then staff open it again with the button `reopen`, and the visitor sees the shop.
 */
export async function closedToVisitorsOnly(staff: Page, visitor: Page, reopen: string) {
  await visitor.goto(`${baseURL}/en/`);
  expect(new URL(visitor.url()).pathname).toBe('/en/pages/coming-soon/');
  await staff.goto(`${baseURL}/en/`);
  expect(new URL(staff.url()).pathname).toBe('/en/');

  await staff.goto(`${baseURL}/en/staff/shop/`);
  await staff.getByRole('button', { name: reopen }).click();
  await staff.getByText('The shop is open to everyone.').waitFor();
  await visitor.goto(`${baseURL}/en/`);
  expect(new URL(visitor.url()).pathname).toBe('/en/');
}

/** The page's document is hydrated once React has attached itself to `<main>`. */
/** The page's errors and console errors, from now on. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = (globalThis as unknown as BrowserWindow).document.getElementById('main');
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber$'));
  });
}

/**
 * Holds the page's scripts (`/assets/*.js`) until `release()` is called: what a shopper does on
 * the server-rendered page before the scripts run can then be done on purpose, not by a race.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

export const isFocused = (locator: Locator) =>
  locator.evaluate(
    (element) => element === (globalThis as unknown as BrowserWindow).document.activeElement,
  );

/**
 * axe with its default rules plus two it leaves off by default: WCAG 2.2's target size and the
 * visible label being part of the accessible name (WCAG 2.5.3). `include`: a CSS selector to scan
 * only that part; `exclude`: one to leave out. Returns one line per failing node.
 */
export async function axeViolations(
  page: Page,
  include?: string,
  exclude?: string,
): Promise<string[]> {
  // The settled page is what is judged: a fading banner measured mid-fade has a contrast it
  // never keeps.
  await page.evaluate(() =>
    Promise.all(
      (globalThis as unknown as BrowserWindow).document
        .getAnimations()
        .map((animation) => animation.finished.catch(() => null)),
    ),
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  if (exclude) builder.exclude(exclude);
  const result = await builder
    .options({
      rules: {
        'target-size': { enabled: true },
        'label-content-name-mismatch': { enabled: true },
      },
    })
    .analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? '?'}): ${n.target.join(' ')} — ${v.help}`),
  );
}

/** Ids used more than once in the document (labels and ARIA references would be ambiguous). */
export const duplicateIds = (page: Page) =>
  page.evaluate(() => {
    const seen = new Map<string, number>();
    const { document } = globalThis as unknown as BrowserWindow;
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });

/** The checkout's contact fields: Anna Muster at `email`, with a Munich phone number. */
export async function fillContact(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill('Muster');
  await page.getByLabel('Phone').fill('+49 89 1234567');
}

/**
 * Germany and `region` at the checkout: the region list comes with the country (without
 * JavaScript on a click of "Show regions and cities", as do the region's cities).
 */
export async function chooseRegion(page: Page, js: boolean, region: string) {
  await page.getByLabel('Country').selectOption({ label: 'Germany' });
  if (!js) await page.getByRole('button', { name: 'Show regions and cities' }).click();
  await page.getByLabel('Region').selectOption({ label: region });
  if (!js) await page.getByRole('button', { name: 'Show regions and cities' }).click();
}

/** The checkout's delivery address: Marienplatz 1, 80331 München, Bavaria, Germany. */
export async function fillPlace(page: Page, js: boolean) {
  await chooseRegion(page, js, 'Bavaria');
  await page.getByLabel('City').fill('München');
  await page.getByLabel('Street and house number').fill('Marienplatz 1');
  await page.getByLabel('Postal code').fill('80331');
}

/** The checkout's contact and delivery address (fillContact, fillPlace). */
export async function fillAddress(page: Page, js: boolean, email = 'guest@example.com') {
  await fillContact(page, email);
  await fillPlace(page, js);
}

/**
 * The newest mail the open shop wrote to `to` in which `find` finds what it looks for (it answers
 * undefined to look further): `find` reads the mail's source, quoted-printable soft line breaks
 * undone. Waits up to 5 s for it: a mail goes out after the answer.
 */
export async function newestMail<T>(to: string, find: (source: string) => T | undefined) {
  for (let attempt = 0; attempt < 50; attempt++) {
    for (const file of (await readdir(mailDir).catch(() => [])).sort().reverse()) {
      const source = (await readFile(join(mailDir, file), 'utf8')).replace(/=\r?\n/g, '');
      if (!source.includes(to)) continue;
      const found = find(source);
      if (found !== undefined) return found;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no such mail to ${to}`);
}

/** The link of `path` in the newest mail to `to` that has one. */
export const mailedLink = (to: string, path: string): Promise<string> =>
  newestMail(to, (source) =>
    new RegExp(`https?://[^\\s"]+/account/${path}/\\?token=[\\w-]+`)
      .exec(source)?.[0]
      .replace(/=3D/g, '='),
  );

/** The mail's link of `kind` (`confirm`, `unsubscribe`) in the newest newsletter mail to `to`. */
export const newsletterLink = (to: string, kind: 'confirm' | 'unsubscribe'): Promise<string> =>
  newestMail(to, (source) =>
    new RegExp(`https?://[^\\s"]+/newsletter/\\?${kind}=(?:3D)?[\\w.-]+`)
      .exec(source)?.[0]
      .replace(/=3D/g, '=')
      .replace(/^https?:\/\/[^/]+/, baseURL),
  );

/** No axe violations and no sideways scrolling: what every new screen is checked for. */
export async function checkScreen(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await contentWidth(page)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 1280);
}

/** checkScreen at a phone's 360 px and a desktop's 1280 px, each from the page's top. */
export async function checkBothWidths(page: Page) {
  for (const viewport of [NARROW, WIDE]) {
    await page.setViewportSize(viewport);
    // From the top: a card scrolled under the sticky header counts as a covered target for axe.
    await page.evaluate('window.scrollTo(0, 0)');
    await checkScreen(page);
  }
}

/**
 * Records every change of an element's `data-animating` flag with its time, in the page. The
 * function it answers waits for the flag to go on and off again, about the spec's 500 ms apart.
 */
export async function watchAnimation(target: Locator) {
  await target.evaluate((element) => {
    type Observed = { hasAttribute(name: string): boolean };
    const store = globalThis as unknown as { flagChanges: [boolean, number][] };
    store.flagChanges = [];
    const Observer = (
      globalThis as unknown as {
        MutationObserver: new (callback: () => void) => {
          observe(target: unknown, options: object): void;
        };
      }
    ).MutationObserver;
    new Observer(() =>
      store.flagChanges.push([
        (element as Observed).hasAttribute('data-animating'),
        performance.now(),
      ]),
    ).observe(element, { attributes: true, attributeFilter: ['data-animating'] });
  });
  const changes = () =>
    target
      .page()
      .evaluate(() => (globalThis as unknown as { flagChanges: [boolean, number][] }).flagChanges);
  return async function wentOnAndOff() {
    await expect.poll(async () => (await changes()).map(([on]) => on)).toEqual([true, false]);
    const [[, on], [, off]] = (await changes()) as [[boolean, number], [boolean, number]];
    expect(off - on).toBeGreaterThanOrEqual(400);
  };
}
