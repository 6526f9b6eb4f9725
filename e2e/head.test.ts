// Spec sections 1, 2 and 9: the head tags of a page — title, description, Open Graph, canonical,
// hreflang alternates, theme colour, manifest — as the server sends them (no JavaScript) and as
// they stay after hydration.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, closedURL, hydrated, shopInfo, useBrowser, type BrowserWindow } from './pages.ts';

const browser = useBrowser();

type Head = {
  title: string[];
  meta: { key: string; content: string }[];
  links: { rel: string; hreflang: string | null; href: string }[];
};

/** Every title, meta (by name or property) and link of `<head>`, as written in the document. */
const readHead = (page: Page): Promise<Head> =>
  page.evaluate(() => {
    const { head } = (globalThis as unknown as BrowserWindow).document;
    return {
      title: [...head.querySelectorAll('title')].map((t) => t.textContent ?? ''),
      meta: [...head.querySelectorAll('meta')].flatMap((m) => {
        const key = m.getAttribute('name') ?? m.getAttribute('property');
        return key ? [{ key, content: m.getAttribute('content') ?? '' }] : [];
      }),
      links: [...head.querySelectorAll('link')].map((l) => ({
        rel: l.getAttribute('rel') ?? '',
        hreflang: l.getAttribute('hreflang'),
        href: l.getAttribute('href') ?? '',
      })),
    };
  });

const metas = (head: Head, key: string) =>
  head.meta.filter((m) => m.key === key).map((m) => m.content);
/** The one value of a tag that must appear exactly once. */
function one(values: string[], what: string): string {
  expect(values, what).toHaveLength(1);
  return values[0] as string;
}

async function serverHead(path: string, base = baseURL): Promise<{ head: Head; page: Page }> {
  const page = await browser.page({ javaScriptEnabled: false });
  const response = await page.goto(`${base}${path}`);
  expect(response?.ok() || response?.status() === 404).toBe(true);
  return { head: await readHead(page), page };
}

describe('the home page head', () => {
  it('is complete in the server-rendered HTML (JavaScript off)', async () => {
    const info = await shopInfo();
    const { head } = await serverHead('/en/');

    // 'title | shop title' on every page: home has no title of its own, so the spec's default.
    expect(one(head.title, 'title')).toBe(`A multivendor e-commerce platform | ${info.title}`);
    const description = one(metas(head, 'description'), 'description');
    expect(description.length).toBeGreaterThan(0);
    expect(description.length).toBeLessThanOrEqual(260);

    expect(one(metas(head, 'og:title'), 'og:title')).toBe(
      `A multivendor e-commerce platform | ${info.title}`,
    );
    expect(one(metas(head, 'og:description'), 'og:description')).toBe(description);
    expect(one(metas(head, 'og:url'), 'og:url')).toBe(`${baseURL}/en/`);
    expect(one(metas(head, 'og:locale'), 'og:locale')).toBe('en_US');
    expect(metas(head, 'og:locale:alternate').sort()).toEqual(['de_DE', 'it_IT', 'ru_RU']);
    const image = one(metas(head, 'og:image'), 'og:image');
    expect(image).toMatch(/^https?:\/\//);
    const picture = await fetch(image);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);

    expect(one(metas(head, 'theme-color'), 'theme-color')).toBe('#ffffff');
    expect(metas(head, 'robots')).toEqual([]);

    const canonical = head.links.filter((l) => l.rel === 'canonical');
    expect(canonical.map((l) => l.href)).toEqual([`${baseURL}/en/`]);
    const alternates = Object.fromEntries(
      head.links
        .filter((l) => l.rel === 'alternate')
        .map((l): [string, string] => [l.hreflang ?? '', l.href]),
    );
    expect(alternates).toEqual({
      en: `${baseURL}/en/`,
      de: `${baseURL}/de/`,
      ru: `${baseURL}/ru/`,
      it: `${baseURL}/it/`,
      'x-default': `${baseURL}/en/`,
    });

    const manifest = head.links.filter((l) => l.rel === 'manifest');
    expect(manifest.map((l) => l.href)).toEqual(['/en/api/organizations/manifest/']);
    const res = await fetch(`${baseURL}/en/api/organizations/manifest/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/manifest\+json|json/);
    const body = (await res.json()) as { name: string; start_url: string; theme_color: string };
    expect(body.name).toBe(info.title);
    expect(body.start_url).toBe('/en/');
    expect(body.theme_color).toBe('#ffffff');
  });

  it('is in the HTML the server sends, before any script', async () => {
    const info = await shopInfo();
    const res = await fetch(`${baseURL}/en/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(html).toContain(`<title>A multivendor e-commerce platform | ${info.title}</title>`);
    expect(html).toContain('<meta name="theme-color" content="#ffffff"/>');
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/en/"/>`);
    expect(html).toContain(`hrefLang="x-default" href="${baseURL}/en/"`);
    expect(html).toContain('<link rel="manifest" href="/en/api/organizations/manifest/"/>');
  });

  it('follows the language: /de/ has its own og:locale, canonical and manifest', async () => {
    const { head } = await serverHead('/de/');
    expect(one(metas(head, 'og:locale'), 'og:locale')).toBe('de_DE');
    expect(metas(head, 'og:locale:alternate').sort()).toEqual(['en_US', 'it_IT', 'ru_RU']);
    expect(head.links.filter((l) => l.rel === 'canonical').map((l) => l.href)).toEqual([
      `${baseURL}/de/`,
    ]);
    expect(head.links.filter((l) => l.rel === 'manifest').map((l) => l.href)).toEqual([
      '/de/api/organizations/manifest/',
    ]);
  });

  it('keeps in canonical and alternate links only the parameters a page reads', async () => {
    const { head } = await serverHead('/en/?page=2&utm_source=mail');
    expect(head.links.find((l) => l.rel === 'canonical')?.href).toBe(`${baseURL}/en/`);
    expect(head.links.find((l) => l.hreflang === 'it')?.href).toBe(`${baseURL}/it/`);
    const { head: blogs } = await serverHead('/en/blogs/?utm_source=mail&page=2');
    expect(blogs.links.find((l) => l.rel === 'canonical')?.href).toBe(
      `${baseURL}/en/blogs/?page=2`,
    );
    expect(blogs.links.find((l) => l.hreflang === 'it')?.href).toBe(`${baseURL}/it/blogs/?page=2`);
  });

  // Issue 10: '?page=1', '?page=abc' and '?page=-3' each became a canonical of their own.
  it.each(['?page=1', '?page=abc', '?page=-3', '?page=1&fbclid=x'])(
    'gives the first page of a list one canonical whatever the query says (%s)',
    async (query) => {
      const { head } = await serverHead(`/en/vendors/${query}`);
      expect(head.links.filter((l) => l.rel === 'canonical').map((l) => l.href)).toEqual([
        `${baseURL}/en/vendors/`,
      ]);
    },
  );

  it('writes a filtered product list’s canonical in one order, defaults and strangers left out', async () => {
    const { head } = await serverHead(
      '/en/products/?page=1&sort=-price&ref=x&values__id=5&values__id=2',
    );
    expect(head.links.find((l) => l.rel === 'canonical')?.href).toBe(
      `${baseURL}/en/products/?values__id=2&values__id=5&sort=-price`,
    );
  });

  it('is the same, with no duplicated tag, once the page is hydrated', async () => {
    const { head: server } = await serverHead('/en/');
    const page = await browser.page();
    await page.goto(`${baseURL}/en/`);
    await hydrated(page);
    const client = await readHead(page);
    // React may move stylesheets and preloads; the order of the other tags does not matter.
    const sorted = <T>(list: T[]) => list.map((x) => JSON.stringify(x)).sort();
    const tags = (h: Head) => ({
      title: h.title,
      meta: sorted(h.meta),
      links: sorted(h.links.filter((l) => !['modulepreload', 'preload'].includes(l.rel))),
    });
    expect(tags(client)).toEqual(tags(server));
  });
});

describe('other pages', () => {
  it('title themselves "title | shop title"', async () => {
    const info = await shopInfo(closedURL);
    const { head } = await serverHead('/en/', closedURL);
    expect(one(head.title, 'title')).toBe(`Coming soon | ${info.title}`);
    expect(metas(head, 'robots')).toEqual(['noindex']);
    expect(one(metas(head, 'og:title'), 'og:title')).toBe(`Coming soon | ${info.title}`);
  });

  it('the 404 screen is titled after it and kept out of search engines', async () => {
    const info = await shopInfo();
    const { head } = await serverHead('/en/some-page/');
    expect(one(head.title, 'title')).toBe(`Oops! This Page Could Not Be Found | ${info.title}`);
    expect(metas(head, 'robots')).toEqual(['noindex']);
  });
});
