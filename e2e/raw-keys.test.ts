// No page shows a translation key instead of its text (issue 23: the home page's blog cards read
// "blog.publishedOn · blog.byAuthor" in all four languages, because the home page did not ship
// the blog's messages). Every kind of page, in every language, as the server renders it.
import { describe, expect, it } from 'vitest';
import english from '../packages/messages/langs/en.json' with { type: 'json' };
import { baseURL } from './pages.ts';

const LOCALES = ['en', 'de', 'ru', 'it'] as const;

type Listed = { results: { slugUri?: string; slug?: string; id?: number }[] };
const first = async (path: string): Promise<Listed['results'][number] | undefined> =>
  ((await (await fetch(`${baseURL}/en/api/${path}`)).json()) as Listed).results[0];

/** The visible text of a page: no scripts, styles or tags. */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ');

/** Every `namespace.key` of the catalogue's namespaces that shows as such. */
function rawKeys(text: string): string[] {
  const names = Object.keys(english).join('|');
  return [...text.matchAll(new RegExp(`\\b(?:${names})\\.[a-zA-Z]+\\b`, 'g'))].map((m) => m[0]);
}

describe('translation keys never reach a page', () => {
  it('shows texts, not keys, on every kind of page in four languages', async () => {
    const product = await first('products/products/?page_size=1');
    const bundle = await first('products/bundles/');
    const blog = await first('content/blogs/');
    const vendor = await first('organizations/vendors/');
    const paths = [
      '/',
      '/products/',
      `${product?.slugUri ?? '/products/'}`,
      '/bundles/',
      `${bundle?.slugUri ?? '/bundles/'}`,
      '/blogs/',
      `${blog?.slugUri ?? '/blogs/'}`,
      '/vendors/',
      vendor?.id ? `/vendors/${vendor.id}/` : '/vendors/',
      '/pages/',
      '/pages/reviews/',
      '/pages/contact/',
      '/attributes/',
      '/checkout/cart/',
      '/account/login/',
      '/account/register/',
      '/account/forgot-password/',
      '/no-such-page/',
    ];
    const found: string[] = [];
    for (const locale of LOCALES)
      for (const path of paths) {
        const res = await fetch(`${baseURL}/${locale}${path}`);
        for (const key of rawKeys(visibleText(await res.text())))
          found.push(`/${locale}${path}: ${key}`);
      }
    expect(found).toEqual([]);
  });
});
