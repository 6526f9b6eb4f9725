// Spec sections 2, 4 and 8: where a visitor lands — the language of `/`, trailing slashes, the
// language guard, coming-soon for a closed shop (but not for staff) and the 404 screen.
import { describe, expect, it } from 'vitest';
import { baseURL, closedURL, loginAs, shopInfo, useBrowser } from './pages.ts';

const browser = useBrowser();
const path = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};
const manual = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { redirect: 'manual', headers });

const NOT_FOUND_TITLE = 'Oops! This Page Could Not Be Found';
const NOT_FOUND_TEXT =
  'Sorry but the page you are looking for does not exist, have been removed, changed or is temporarily unavailable.';

describe('the root path', () => {
  it('goes to the language saved in the cookie, even against the browser language', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.context().addCookies([{ name: 'locale', value: 'it', url: baseURL }]);
    await page.goto(`${baseURL}/`);
    expect(path(page.url())).toBe('/it/');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('it');
  });

  it('goes to the browser language without a cookie, and to English for one the shop lacks', async () => {
    const russian = await browser.page({ locale: 'ru-RU' });
    await russian.goto(`${baseURL}/?utm_source=test`);
    expect(path(russian.url())).toBe('/ru/?utm_source=test');
    await expect.poll(() => russian.locator('html').getAttribute('lang')).toBe('ru');

    const french = await browser.page({ locale: 'fr-FR' });
    await french.goto(`${baseURL}/`);
    expect(path(french.url())).toBe('/en/');
  });

  it('answers a temporary redirect, so that another visitor is not sent the same way', async () => {
    const res = await manual(`${baseURL}/`, { cookie: 'locale=de', 'accept-language': 'it' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/\/de\/$/);
  });

  it('is the only path redirected by language: /en/ stays English whatever the cookie says', async () => {
    const page = await browser.page({ locale: 'de-DE' });
    await page.context().addCookies([{ name: 'locale', value: 'de', url: baseURL }]);
    const response = await page.goto(`${baseURL}/en/`);
    expect(response?.status()).toBe(200);
    expect(path(page.url())).toBe('/en/');
  });
});

describe('paths', () => {
  it('without a trailing slash answer 301 to the same path with one, query kept', async () => {
    const res = await manual(`${baseURL}/en/pages/coming-soon?a=1&b=two`);
    expect(res.status).toBe(301);
    expect(path(new URL(res.headers.get('location') ?? '', baseURL).href)).toBe(
      '/en/pages/coming-soon/?a=1&b=two',
    );

    const page = await browser.page();
    await page.goto(`${baseURL}/de?x=1`);
    expect(path(page.url())).toBe('/de/?x=1');
  });

  it('in a language the shop does not offer switch to an offered one, keeping the rest', async () => {
    const page = await browser.page();
    await page.goto(`${baseURL}/fr/some-page/?x=1`);
    expect(path(page.url())).toBe('/en/some-page/?x=1');
  });
});

describe('the 404 screen', () => {
  it('has the spec’s texts, status 404 and a link back to the home page', async () => {
    const page = await browser.page();
    const response = await page.goto(`${baseURL}/en/some-page/`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE, exact: true }).waitFor();
    await page.getByText(NOT_FOUND_TEXT, { exact: true }).waitFor();
    const back = page.getByRole('main').getByRole('link', { name: 'Back to homepage' });
    await expect.poll(() => back.getAttribute('href')).toBe('/en/');
    // Still inside the shop's layout: header and footer are there.
    await page.getByRole('banner').waitFor();
    await page.getByRole('contentinfo').waitFor();
    await back.click();
    await page.waitForURL(`${baseURL}/en/`);
    const info = await shopInfo();
    await page.getByRole('heading', { level: 1, name: info.title }).waitFor();
  });

  // Outside the shop's frame it is the generic error page (spec section 8, decision 0017).
  it('is, outside any language, the error page: status 404 and "This page could not be found"', async () => {
    const page = await browser.page();
    const response = await page.goto(`${baseURL}/no-such-thing/`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404', exact: true }).waitFor();
    await page.getByText('This page could not be found', { exact: true }).waitFor();
    expect(await page.title()).toBe('404 | This page could not be found');
    await expect
      .poll(() => page.getByRole('link', { name: 'Back to homepage' }).getAttribute('href'))
      .toBe('/');
  });

  it('is translated in the other languages', async () => {
    const page = await browser.page();
    const response = await page.goto(`${baseURL}/de/some-page/`);
    expect(response?.status()).toBe(404);
    const heading = page.getByRole('heading', { level: 1 });
    await heading.waitFor();
    await expect.poll(() => heading.textContent()).not.toBe(NOT_FOUND_TITLE);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
  });
});

describe('a closed shop', () => {
  it('is only visible through coming-soon, for every page and language', async () => {
    const info = await shopInfo(closedURL);
    expect(info.visible).toBe(false);
    const page = await browser.page();
    for (const [from, to] of [
      ['/en/', '/en/pages/coming-soon/'],
      ['/en/some-page/', '/en/pages/coming-soon/'],
      ['/de/', '/de/pages/coming-soon/'],
    ] as const) {
      const response = await page.goto(`${closedURL}${from}`);
      expect(response?.status()).toBe(200);
      expect(path(page.url())).toBe(to);
    }
    // The German page is in German (the lang attribute says so); the English one reads 'Coming soon'.
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .not.toBe('Coming soon');
    await page.goto(`${closedURL}/en/`);
    await page.getByRole('heading', { level: 1, name: 'Coming soon' }).waitFor();
    await page.getByRole('link', { name: 'Staff login' }).waitFor();
  });

  it('stays closed for a logged-in shopper who is not staff', async () => {
    const page = await browser.page();
    await loginAs(page, closedURL, 'shopper@example.com');
    await page.goto(`${closedURL}/en/`);
    expect(path(page.url())).toBe('/en/pages/coming-soon/');
  });

  it('is shown to logged-in staff', async () => {
    const info = await shopInfo(closedURL);
    const page = await browser.page();
    await loginAs(page, closedURL);
    const response = await page.goto(`${closedURL}/en/`);
    expect(response?.status()).toBe(200);
    expect(path(page.url())).toBe('/en/');
    await page.getByRole('heading', { level: 1, name: info.title }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();

    const missing = await page.goto(`${closedURL}/en/some-page/`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE }).waitFor();
  });
});
