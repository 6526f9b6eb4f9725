// Spec sections 2, 4 and 9: the default layout in use — switching language on the same page, the
// 'Go to top' button, the cookie consent (with and without JavaScript) and the keyboard.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  NARROW,
  WIDE,
  baseURL,
  contentWidth,
  cookie,
  daysLeft,
  hydrated,
  inStockProduct,
  isFocused,
  loginAs,
  useBrowser,
  withConsent,
  type BrowserElement,
  type BrowserWindow,
} from './pages.ts';

const browser = useBrowser();
const path = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};
const scrollY = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as BrowserWindow).scrollY);

/** The language switcher, labelled in the page's language. */
const languageNav = (page: Page, label = 'Language') =>
  page.getByRole('navigation', { name: label });

describe('the language switcher', () => {
  it('opens the same page in the chosen language and saves it for 365 days', async () => {
    const page = await browser.page();
    await page.goto(`${baseURL}/en/some-page/?q=linen`);
    expect((await cookie(page, 'locale'))?.value).toBe('en');
    await languageNav(page).getByRole('link', { name: /^de$/i }).click();
    await page.waitForURL(`${baseURL}/de/some-page/?q=linen`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await expect
      .poll(() =>
        languageNav(page, 'Sprache')
          .getByRole('link', { name: /^de$/i })
          .getAttribute('aria-current'),
      )
      .toBe('true');
    const saved = await cookie(page, 'locale');
    expect(saved?.value).toBe('de');
    expect(daysLeft(saved?.expires ?? 0)).toBeGreaterThan(364);
    expect(daysLeft(saved?.expires ?? 0)).toBeLessThanOrEqual(365);
    expect(saved?.path).toBe('/');

    // The saved language is where `/` goes from now on.
    await page.goto(`${baseURL}/`);
    expect(path(page)).toBe('/de/');
  });

  it('offers every language of the shop on the home page, each link to its home', async () => {
    const page = await browser.page({ viewport: NARROW });
    await page.goto(`${baseURL}/en/`);
    const links = languageNav(page).getByRole('link');
    await expect
      .poll(() =>
        links.evaluateAll((as) =>
          (as as unknown as BrowserElement[]).map((a) => a.getAttribute('href')),
        ),
      )
      .toEqual(['/en/', '/de/', '/ru/', '/it/']);
  });
});

describe('the footer on a phone', () => {
  it.each(['de', 'ru', 'it', 'en'])(
    'breaks no word in the middle at 360 px (%s)',
    async (locale) => {
      const page = await browser.page({ viewport: NARROW });
      await withConsent(page);
      await page.goto(`${baseURL}/${locale}/`);
      // A word laid out on more than one line (two boxes for its range) was broken inside.
      const broken = await page.locator('footer nav').evaluateAll((navs) => {
        type Text = { data: string };
        type Rects = { getClientRects(): { length: number } };
        const doc = (
          globalThis as unknown as {
            document: {
              createTreeWalker(root: unknown, show: number): { nextNode(): Text | null };
              createRange(): Rects & {
                setStart(n: Text, o: number): void;
                setEnd(n: Text, o: number): void;
              };
            };
          }
        ).document;
        const words: string[] = [];
        for (const nav of navs) {
          const walker = doc.createTreeWalker(nav, 4 /* NodeFilter.SHOW_TEXT */);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const match of node.data.matchAll(/\S+/g)) {
              const range = doc.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              if (range.getClientRects().length > 1) words.push(match[0]);
            }
          }
        }
        return words;
      });
      expect(broken).toEqual([]);
    },
  );
});

describe('the home page hero', () => {
  it('meets the header on a phone, edge to edge; sits inside the page on a desktop', async () => {
    for (const viewport of [NARROW, WIDE]) {
      const page = await browser.page({ viewport });
      await withConsent(page);
      await page.goto(`${baseURL}/en/`);
      const header = await page.getByRole('banner').boundingBox();
      const hero = await page.locator('section[aria-roledescription="carousel"]').boundingBox();
      if (!header || !hero) throw new Error('no header or hero');
      if (viewport === NARROW) {
        // No white strip between the header and the picture, and no margin beside it.
        expect(Math.abs(hero.y - (header.y + header.height))).toBeLessThanOrEqual(1);
        expect(hero.x).toBe(0);
        expect(hero.width).toBe(NARROW.width);
      } else {
        expect(hero.y).toBeGreaterThan(header.y + header.height + 8);
        expect(hero.x).toBeGreaterThan(0);
      }
    }
  });
});

describe('the Go to top button', () => {
  for (const viewport of [WIDE, NARROW]) {
    it(`appears only beyond 250 px of scrolling and brings the page back up (${viewport.width} px)`, async () => {
      const page = await browser.page({ viewport });
      await withConsent(page);
      await page.goto(`${baseURL}/en/`);
      await hydrated(page);
      const button = page.getByRole('button', { name: 'Go to top' });
      const scrollTo = async (y: number) => {
        await page.evaluate(
          (top) => (globalThis as unknown as BrowserWindow).scrollTo({ top, behavior: 'instant' }),
          y,
        );
        await expect.poll(() => scrollY(page)).toBe(y);
      };
      await expect.poll(() => button.count()).toBe(0);
      await scrollTo(300);
      await button.waitFor();
      await scrollTo(250);
      await button.waitFor({ state: 'detached' });
      await scrollTo(251);
      await button.waitFor();
      await button.click();
      await expect.poll(() => scrollY(page)).toBe(0);
      await button.waitFor({ state: 'detached' });
      // Keyboard users continue from the top of the content, not from the vanished button.
      await expect.poll(() => isFocused(page.locator('#main'))).toBe(true);
    });
  }
});

describe('the cookie consent', () => {
  const banner = (page: Page) => page.getByRole('dialog', { name: 'We use cookies' });

  it('is remembered for a year once accepted', async () => {
    const page = await browser.page();
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await banner(page).waitFor({ state: 'detached' });
    // The banner goes as soon as the answer is sent; the cookie comes with the response.
    await expect.poll(async () => (await cookie(page, 'cookie_consent'))?.value).toBe('all');
    const saved = await cookie(page, 'cookie_consent');
    expect(daysLeft(saved?.expires ?? 0)).toBeGreaterThan(364);
    // Still on the same page.
    expect(path(page)).toBe('/en/');

    await page.reload();
    await page.getByRole('main').waitFor();
    await expect.poll(() => banner(page).count()).toBe(0);
  });

  it('remembers "Only necessary" as well', async () => {
    const page = await browser.page({ viewport: NARROW });
    await page.goto(`${baseURL}/en/some-page/`);
    await hydrated(page);
    await banner(page).getByRole('button', { name: 'Only necessary' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await expect.poll(async () => (await cookie(page, 'cookie_consent'))?.value).toBe('necessary');
    await page.goto(`${baseURL}/de/`);
    await page.getByRole('main').waitFor();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('works without JavaScript: the form posts, and the page comes back without the banner', async () => {
    const page = await browser.page({ javaScriptEnabled: false });
    await page.goto(`${baseURL}/en/some-page/?q=1`);
    await banner(page).getByRole('button', { name: 'Accept all' }).click();
    await expect.poll(async () => (await cookie(page, 'cookie_consent'))?.value).toBe('all');
    await banner(page).waitFor({ state: 'detached' });
    expect(path(page)).toBe('/en/some-page/?q=1');
    await page.reload();
    await page.getByRole('main').waitFor();
    await expect.poll(() => banner(page).count()).toBe(0);
  });

  it('refuses a post without the CSRF token and sets nothing', async () => {
    const res = await fetch(`${baseURL}/en/consent/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'choice=all&redirectTo=%2Fen%2F',
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('cookie_consent='))).toBe(false);
  });
});

describe('the keyboard', () => {
  /** Presses Tab until `target` has the focus (at most `limit` times); false if it never does. */
  async function tabTo(page: Page, target: Locator, limit = 25) {
    for (let i = 0; i < limit; i++) {
      await page.keyboard.press('Tab');
      if (await isFocused(target)) return true;
    }
    return false;
  }

  it('reaches the skip link first, and the skip link moves to the content', async () => {
    const page = await browser.page();
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => isFocused(skip)).toBe(true);
    await expect.poll(() => skip.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(page.locator('#main'))).toBe(true);
    expect(new URL(page.url()).hash).toBe('#main');
  });

  it('opens the header menu with Enter and follows its links (1280 px)', async () => {
    const page = await browser.page({ viewport: WIDE });
    await withConsent(page);
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'Catalogue' });
    const menu = nav.locator('details').first();
    const summary = menu.locator('summary');
    expect(await tabTo(page, summary)).toBe(true);
    const firstLink = menu.getByRole('link').first();
    await expect.poll(() => firstLink.isVisible()).toBe(false);
    await page.keyboard.press('Enter');
    await firstLink.waitFor();
    await expect.poll(() => menu.getAttribute('open')).not.toBeNull();
    await page.keyboard.press('Enter');
    await firstLink.waitFor({ state: 'hidden' });
    await page.keyboard.press('Enter');
    await firstLink.waitFor();
    await page.keyboard.press('Tab');
    await expect.poll(() => isFocused(firstLink)).toBe(true);
    const href = await firstLink.getAttribute('href');
    expect(href).toMatch(/^\/en\/.+\/$/);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}${href}`);
    // The dropdown does not stay open over the new page.
    await firstLink.waitFor({ state: 'hidden' });
    await expect.poll(() => menu.getAttribute('open')).toBeNull();
  });

  it('opens the mobile menu with Enter (360 px)', async () => {
    const page = await browser.page({ viewport: NARROW });
    await withConsent(page);
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    const toggle = page.getByLabel('Open menu');
    const nav = page.getByRole('navigation', { name: 'Catalogue' });
    await expect.poll(() => nav.count()).toBe(0);
    expect(await tabTo(page, toggle)).toBe(true);
    await page.keyboard.press('Enter');
    await nav.waitFor();
    // The search is a field of its own in the phone header now; the menu holds the links.
    const link = nav.getByRole('link').first();
    expect(await tabTo(page, link)).toBe(true);
    const href = await link.getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseURL}${href}`);
    // The menu closes on the new page instead of covering it.
    await nav.waitFor({ state: 'hidden' });
  });
});

// Decision 0081: the shell's parts hydrate after the page, each in a boundary of its own; the
// server's markup is whole, and each part comes alive on its own without any input.
describe("the shell's hydration", () => {
  it('sends the top bar, menus, search boxes, footer and consent banner whole, each in its own boundary', async () => {
    const html = await (await fetch(`${baseURL}/en/products/`)).text();
    const boundary = (start: string) => html.split(`<!--$-->${start}`).length - 1;
    expect(boundary('<div class="bg-slate-900 text-white"')).toBe(1);
    expect(boundary('<nav aria-label="Catalogue"')).toBe(2);
    expect(boundary('<form role="search"')).toBe(2);
    expect(boundary('<footer')).toBe(1);
    expect(boundary('<section role="dialog"')).toBe(1);
  });

  it('hydrates each part after the page without an input (360 px)', async () => {
    const page = await browser.page({ viewport: NARROW });
    await page.goto(`${baseURL}/en/products/`);
    // The scripts start on a first input or after the largest paint; no input is made here.
    await hydrated(page);
    const alive = (selector: string) =>
      page.waitForFunction(
        (s) => {
          const doc = (
            globalThis as unknown as {
              document: { querySelectorAll(s: string): ArrayLike<object> };
            }
          ).document;
          const found = Array.from(doc.querySelectorAll(s));
          return (
            found.length > 0 &&
            found.every((e) => Object.keys(e).some((k) => k.startsWith('__reactFiber$')))
          );
        },
        selector,
        { timeout: 15_000 },
      );
    await alive('footer');
    await alive('form[role="search"]');
    await alive('nav[aria-label="Catalogue"]');
    await alive('section[aria-labelledby="cookie-consent-title"]');
    // The hydrated banner answers in place (a fetcher), without a page load.
    await page.getByRole('button', { name: 'Only necessary' }).click();
    await expect
      .poll(() => page.locator('section[aria-labelledby="cookie-consent-title"]').count())
      .toBe(0);
  });
});

// The buying screens in the longest of the shop's languages, where words are longest: what a
// shopper would see as broken (a control out of line, a cut-off text, a page that scrolls
// sideways, a control too small to tap).
describe('the buying screens in German, Russian and Italian', () => {
  /** A write of the page's visitor to the API, with the CSRF token the session holds now. */
  async function write(page: Page, locale: string, path: string, data: object) {
    await page.request.get(`${baseURL}/${locale}/api/accounts/login/`);
    const token = (await cookie(page, 'csrftoken'))?.value ?? '';
    const res = await page.request.post(`${baseURL}/${locale}/api/${path}`, {
      data,
      headers: { 'X-CSRFToken': token },
    });
    if (!res.ok()) throw new Error(`${path} answered ${res.status()}: ${await res.text()}`);
  }

  /** Three lines in the page's visitor's cart (tests at once take different products). */
  async function fillCart(page: Page, locale: string, { promo = false, skip = 0 } = {}) {
    for (const n of [0, 1, 2]) {
      const product = await inStockProduct(skip + n);
      await write(page, locale, `sales/cart_products/${product.id}/add/`, {
        quantity: n + 1,
        ref: 'product',
      });
    }
    if (promo) await write(page, locale, 'sales/cart/promo_code/', { code: 'WELCOME10' });
  }

  /**
   * How wide a field's placeholder is laid out (its own font and letter case) and how much room
   * the field has for it; `scrollWidth` does not count a placeholder.
   */
  const placeholderFit = (field: Locator) =>
    field.evaluate((input) => {
      type Style = Record<
        'font' | 'textTransform' | 'letterSpacing' | 'paddingLeft' | 'paddingRight',
        string
      >;
      type Element = {
        clientWidth: number;
        getAttribute(name: string): string | null;
        style: Partial<Style> & { position: string; whiteSpace: string; visibility: string };
        textContent: string;
        getBoundingClientRect(): { width: number };
        remove(): void;
      };
      const window = globalThis as unknown as {
        getComputedStyle(e: unknown, pseudo?: string): Style;
        document: { createElement(tag: string): Element; body: { append(e: Element): void } };
      };
      const field = input as unknown as Element;
      const style = window.getComputedStyle(field, '::placeholder');
      const own = window.getComputedStyle(field);
      const probe = window.document.createElement('span');
      Object.assign(probe.style, {
        position: 'absolute',
        whiteSpace: 'pre',
        visibility: 'hidden',
        font: style.font,
        textTransform: style.textTransform,
        letterSpacing: style.letterSpacing,
      });
      probe.textContent = field.getAttribute('placeholder') ?? '';
      window.document.body.append(probe);
      const text = probe.getBoundingClientRect().width;
      probe.remove();
      const room = field.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
      return { placeholder: probe.textContent, text: Math.ceil(text), room };
    });

  /** Where a control's own text starts on the screen (its padding left out). */
  const textLeft = (control: Locator) =>
    control.evaluate((element) => {
      const doc = (
        globalThis as unknown as {
          document: {
            createRange(): {
              selectNodeContents(node: unknown): void;
              getBoundingClientRect(): { x: number };
            };
          };
        }
      ).document;
      const range = doc.createRange();
      range.selectNodeContents(element);
      return range.getBoundingClientRect().x;
    });

  it.each([
    ['de', 'Entfernen'],
    ['ru', 'Удалить'],
    ['it', 'Rimuovi'],
  ])(
    'starts each cart line’s “Remove” where the line’s text starts, at 360 px (%s)',
    async (locale, removeLabel) => {
      const page = await browser.visitor({ viewport: NARROW });
      await fillCart(page, locale);
      await page.goto(`${baseURL}/${locale}/checkout/cart/`);
      const lines = page.getByRole('main').getByRole('listitem');
      await expect.poll(() => lines.count()).toBe(3);
      for (const line of await lines.all()) {
        const title = line.getByRole('link').first();
        const remove = line.getByRole('button', { name: new RegExp(`^${removeLabel}: `) });
        expect(Math.abs((await textLeft(remove)) - (await textLeft(title)))).toBeLessThanOrEqual(1);
      }
    },
  );

  it.each(['en', 'de', 'ru', 'it'])(
    'shows the promo code’s and the search box’s placeholders whole, at 360 and 1280 px (%s)',
    async (locale) => {
      const page = await browser.visitor();
      await fillCart(page, locale, { skip: 3 });
      const cut: string[] = [];
      for (const viewport of [NARROW, WIDE]) {
        await page.setViewportSize(viewport);
        await page.goto(`${baseURL}/${locale}/checkout/cart/`);
        const fields = {
          promo: page.getByRole('main').locator('input[name="code"]'),
          search: page.getByRole('banner').locator('input[name="query"]:visible'),
        };
        for (const [name, field] of Object.entries(fields)) {
          const { placeholder, text, room } = await placeholderFit(field);
          if (text > room)
            cut.push(`${name} at ${viewport.width} px: “${placeholder}” ${text} px in ${room} px`);
        }
      }
      expect(cut).toEqual([]);
    },
  );

  it('gives the header’s, the cart’s and the checkout’s small links 24 px to tap (de)', async () => {
    const page = await browser.visitor({ viewport: NARROW });
    await fillCart(page, 'de', { promo: true, skip: 6 });
    const height = async (target: Locator) => (await target.boundingBox())?.height ?? 0;
    await page.goto(`${baseURL}/de/checkout/cart/`);
    const banner = page.getByRole('banner');
    // At 360 px the shop's name alone is the home link, in small type.
    expect(await height(banner.getByRole('link', { name: /Startseite$/ }))).toBeGreaterThanOrEqual(
      24,
    );
    expect(await height(banner.getByRole('link', { name: 'Anmelden' }))).toBeGreaterThanOrEqual(24);
    const removePromo = page.getByRole('button', { name: /Gutscheincode entfernen/ });
    expect(await height(removePromo)).toBeGreaterThanOrEqual(24);
    await page.setViewportSize(WIDE);
    expect(
      await height(banner.getByRole('link', { name: 'Wunschliste', exact: true })),
    ).toBeGreaterThanOrEqual(24);
    await page.goto(`${baseURL}/de/checkout/checkout/`);
    const back = page.getByRole('link', { name: '← Zurück zum Warenkorb' });
    expect(await height(back)).toBeGreaterThanOrEqual(24);
  });

  it.each(['de', 'ru', 'it'])(
    'lets no buying screen scroll sideways at 360 px (%s)',
    async (locale) => {
      const page = await browser.visitor({ viewport: NARROW });
      page.setDefaultTimeout(15_000);
      const wide: string[] = [];
      const check = async (name: string) => {
        const width = await contentWidth(page);
        if (width > NARROW.width) wide.push(`${name}: ${width} px`);
      };
      const visit = async (path: string) => {
        await page.goto(`${baseURL}/${locale}${path}`);
        await page.getByRole('main').waitFor();
        await check(path);
      };
      const product = await inStockProduct();
      for (const path of [
        '/',
        `${product.slugUri}`,
        '/vendors/linen-loom-1/',
        '/blogs/',
        '/blogs/from-clay-to-cup-4/',
        '/pages/faq/',
        '/account/login/',
        '/account/register/',
      ])
        await visit(path);
      // The list with its filter sheet open.
      await visit('/products/');
      await hydrated(page);
      await page.getByRole('main').locator('button[aria-haspopup="dialog"]').click();
      await page.getByRole('dialog').waitFor();
      await check('/products/ with the filters open');
      // The cart with three lines and a promo code, and the checkout.
      await fillCart(page, locale, { promo: true, skip: 9 });
      await visit('/checkout/cart/');
      await visit('/checkout/checkout/');
      // The account of a shopper (the demo account).
      await loginAs(page, baseURL, 'shopper@example.com');
      await visit('/account/dashboard/');
      await visit('/account/dashboard/my-orders/');
      await visit('/account/dashboard/address-book/');
      expect(wide).toEqual([]);
    },
  );
});
