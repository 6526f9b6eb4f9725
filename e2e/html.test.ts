// Every page valid HTML (issue 27, decision 0042): the HTML the server sends for each screen, in
// the four languages, and the document once React has hydrated it, at a phone's width and a
// desktop's. (Every other browser test validates the documents its pages are served as well:
// see useBrowser in pages.ts.) And the schema.org data of product, bundle, vendor and blog pages
// carries what search engines' rich results need.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { htmlErrors } from './html-validity.ts';
import {
  NARROW,
  WIDE,
  addedMiniCart,
  baseURL,
  closedURL,
  hydrated,
  inStockProduct,
  loginAs,
  useBrowser,
  withConsent,
} from './pages.ts';

const browser = useBrowser();
const LOCALES = ['en', 'de', 'ru', 'it'] as const;

type Listed = { results: { slugUri: string; reviewsCount?: number }[] };
const api = async <T = Listed>(path: string): Promise<T> => {
  const res = await fetch(`${baseURL}/en/api/${path}`);
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
};

/** Who looks at a screen: anyone, a visitor with a product in the cart, or a logged-in shopper. */
type Visitor = 'anyone' | 'cart' | 'shopper';
type Screen = {
  path: string;
  visitor: Visitor;
  status?: number;
  base?: () => string;
  /** Also checked once hydrated: the screens whose markup React changes most after loading. */
  dom?: boolean;
  /** Redirected to its slug in the page's language (attributes' slugs are translated). */
  translatedSlug?: boolean;
};

/** The screens of the shop, paths without the language; the catalogue's items from the API. */
async function screens(): Promise<Screen[]> {
  const [products, bundles, blogs, vendors] = await Promise.all([
    api('products/products/?page_size=1'),
    api('products/bundles/?page_size=1'),
    api('content/blogs/?page_size=1'),
    api<{ results: { slug: string }[] }>('organizations/vendors/'),
  ]);
  const vendor = vendors.results[0]!;
  const anyone = (path: string, more: Partial<Screen> = {}): Screen => ({
    path,
    visitor: 'anyone',
    ...more,
  });
  const dom = { dom: true };
  return [
    anyone('/', dom),
    anyone('/products/?values__id=1&sort=-price', dom),
    anyone('/products/?query=linen'),
    anyone(products.results[0]!.slugUri, dom),
    anyone('/bundles/'),
    anyone(bundles.results[0]!.slugUri),
    anyone('/vendors/'),
    anyone(`/vendors/${vendor.slug}/`),
    anyone(`/vendors/${vendor.slug}/blogs/`),
    anyone('/blogs/'),
    anyone(blogs.results[0]!.slugUri),
    anyone('/attributes/'),
    anyone('/attributes/colour-1/', { translatedSlug: true }),
    anyone('/pages/faq/'),
    anyone('/pages/contact/'),
    anyone('/pages/reviews/'),
    anyone('/account/login/'),
    anyone('/account/register/'),
    anyone('/account/forgot-password/'),
    anyone('/newsletter/'),
    anyone('/no-such-page/', { status: 404, ...dom }),
    anyone('/pages/coming-soon/', { base: () => closedURL }),
    { path: '/checkout/cart/', visitor: 'cart' },
    { path: '/checkout/checkout/', visitor: 'cart', ...dom },
    ...['', 'account-info/', 'my-orders/', 'my-reviews/', 'newsletter/', 'settings/'].map(
      (p): Screen => ({ path: `/account/dashboard/${p}`, visitor: 'shopper' }),
    ),
    { path: '/account/dashboard/address-book/', visitor: 'shopper', ...dom },
    { path: '/account/wishlist/', visitor: 'shopper' },
  ];
}

/** The cookies of each kind of visitor once made (a cart or a login costs a few requests). */
const made = new Map<Visitor, Awaited<ReturnType<BrowserContext['cookies']>>>();

/** A page of a visitor of the given kind, at the given width. */
async function visitorPage(visitor: Visitor, viewport = WIDE): Promise<Page> {
  const page = await browser.page({ viewport });
  const cookies = made.get(visitor);
  if (cookies) {
    await page.context().addCookies(cookies);
    return page;
  }
  await withConsent(page);
  if (visitor === 'shopper') await loginAs(page, baseURL, 'shopper@example.com');
  if (visitor === 'cart') {
    const product = await inStockProduct(3);
    await page.goto(`${baseURL}/en${product.slugUri}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await addedMiniCart(page, product.title).waitFor();
  }
  made.set(visitor, await page.context().cookies());
  return page;
}

let all: Screen[] = [];
beforeAll(async () => {
  all = await screens();
});

const url = (screen: Screen, locale: string) =>
  `${(screen.base ?? (() => baseURL))()}/${locale}${screen.path}`;

describe('valid HTML', () => {
  // One test per language: a loaded machine answers thirty screens in well under a minute.
  it.each(LOCALES)('in the HTML the server sends, every screen in %s', async (locale) => {
    const pages = new Map<Visitor, Page>();
    for (const visitor of ['anyone', 'cart', 'shopper'] as const) {
      pages.set(visitor, await visitorPage(visitor));
    }
    const errors: string[] = [];
    for (const screen of all) {
      // The page itself, not where it might send the visitor.
      const res = await pages.get(screen.visitor)!.request.get(url(screen, locale), {
        maxRedirects: screen.translatedSlug ? 1 : 0,
      });
      expect(`${res.status()} ${res.url()}`).toBe(`${screen.status ?? 200} ${res.url()}`);
      errors.push(...(await htmlErrors(await res.text(), `${locale}${screen.path}`)));
    }
    expect(errors).toEqual([]);
  });

  for (const viewport of [NARROW, WIDE]) {
    it(`in the hydrated document at ${viewport.width} px`, async () => {
      const pages = new Map<Visitor, Page>();
      const errors: string[] = [];
      for (const [i, screen] of all.filter((x) => x.dom).entries()) {
        let page = pages.get(screen.visitor);
        if (!page) {
          page = await visitorPage(screen.visitor, viewport);
          pages.set(screen.visitor, page);
        }
        // One language per screen, in turn: the server's HTML is checked in all four above.
        // (Validation is CPU: each hydrated document costs about as much as a page load.)
        const locale = LOCALES[i % LOCALES.length]!;
        await page.goto(url(screen, locale));
        await hydrated(page);
        errors.push(
          ...(await htmlErrors(await page.content(), `${locale}${screen.path} (DOM)`, {
            hydrated: true,
          })),
        );
      }
      expect(errors).toEqual([]);
    });
  }

  it('fails on a search field that is a combobox of type search (issue 27)', async () => {
    const field =
      '<!DOCTYPE html><html lang="en"><head><title>Search</title></head><body><main>' +
      '<form role="search" action="/en/products/"><label for="q">Search</label>' +
      '<input id="q" name="query" type="search" role="combobox" aria-expanded="false"' +
      ' aria-controls="l"><ul id="l" role="listbox" aria-label="Suggestions"></ul>' +
      '<button type="submit">Search</button></form></main></body></html>';
    const errors = await htmlErrors(field, 'old search field');
    expect(errors).toEqual([
      expect.stringContaining('Role "combobox" is not allowed on <input type="search">'),
      expect.stringContaining('Attribute "aria-expanded" is not allowed on <input type="search">'),
    ]);
    expect(await htmlErrors(field.replace('type="search"', 'type="text"'), 'new')).toEqual([]);
  });
});

/** The schema.org objects of a page's JSON-LD scripts. */
async function jsonLd<T>(path: string): Promise<T[]> {
  const html = await (await fetch(`${baseURL}${path}`)).text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as T,
  );
}

/** The fields of a schema.org Product that Google's rich results read (as served, parsed). */
type LdProduct = {
  '@context': string;
  '@type': string;
  name: string;
  image: string[];
  offers: { '@type': string; price: string; priceCurrency: string; availability: string };
  aggregateRating?: { '@type': string; ratingValue: number; reviewCount: number };
};
type Item = {
  slugUri: string;
  title: string;
  discountPrice: number;
  available: boolean;
  rating: number | null;
  reviewsCount: number;
};

/** Pictures at absolute addresses of this shop, at least one. */
function expectImages(images: string[]) {
  expect(images.length).toBeGreaterThan(0);
  for (const image of images) expect(image.startsWith(`${baseURL}/media/`)).toBe(true);
}

describe('schema.org data (JSON-LD)', () => {
  it.each([
    ['products', 'products/products/?page_size=50'],
    ['bundles', 'products/bundles/?page_size=50'],
  ])('%s: a Product with an Offer, rated when reviewed', async (_kind, list) => {
    const [{ results }, shop] = await Promise.all([
      api<{ results: Item[] }>(list),
      api<{ currency: string }>('organizations/organization_info/'),
    ]);
    const rated = results.find((p) => p.reviewsCount > 0);
    const unrated = results.find((p) => p.reviewsCount === 0);
    expect(rated ?? unrated).toBeDefined();
    for (const item of [rated, unrated]) {
      if (!item) continue;
      const [data, ...more] = await jsonLd<LdProduct>(`/en${item.slugUri}`);
      expect(more).toEqual([]);
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: item.title,
        offers: {
          '@type': 'Offer',
          price: item.discountPrice.toFixed(2),
          priceCurrency: shop.currency,
          availability: `https://schema.org/${item.available ? 'InStock' : 'OutOfStock'}`,
        },
      });
      expectImages(data!.image);
      if (item.reviewsCount > 0) {
        expect(data!.aggregateRating).toEqual({
          '@type': 'AggregateRating',
          ratingValue: item.rating,
          reviewCount: item.reviewsCount,
        });
      } else {
        expect(data).not.toHaveProperty('aggregateRating');
      }
    }
  });

  it('vendor: an Organization with its name, page and logo', async () => {
    const { results } = await api<{ results: { slug: string; title: string }[] }>(
      'organizations/vendors/',
    );
    const vendor = results[0]!;
    const [data] = await jsonLd<{ logo: string }>(`/en/vendors/${vendor.slug}/`);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: vendor.title,
      url: `${baseURL}/en/vendors/${vendor.slug}/`,
    });
    expectImages([data!.logo]);
  });

  it('blog post: a BlogPosting with headline, date, author and image', async () => {
    const { results } = await api<{
      results: { slugUri: string; title: string; author: string; publishedAt: string }[];
    }>('content/blogs/?page_size=1');
    const post = results[0]!;
    const [data] = await jsonLd<{ image: string[] }>(`/en${post.slugUri}`);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      datePublished: post.publishedAt,
      author: { '@type': 'Person', name: post.author },
      url: `${baseURL}/en${post.slugUri}`,
    });
    expectImages(data!.image);
  });
});
