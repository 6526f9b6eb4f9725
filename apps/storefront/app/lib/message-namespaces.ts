import type { Messages } from '@shop/contract';

/*
 * Which messages a page ships (issue 12): not the whole catalogue, but the namespaces (the first
 * part of a key, `product.` in `product.addToCart`) that the shop's frame uses on every page, and
 * those of the page's section (the path's first part after the language). The locale route loads
 * them (routes/locale.tsx) and loads them again when a link leads into a section that needs
 * others (its shouldRevalidate), so a page followed in the browser has its messages too.
 * A section not listed here gets every namespace: a new page is never missing a text.
 */

/** The header, footer, cookie banner, modals, toasts, error screens, forms' messages, prices. */
const FRAME = [
  'common',
  'nav',
  'header',
  'footer',
  'search',
  'cookies',
  'pwa',
  'errors',
  'languages',
  'meta',
  'forms',
  'fields',
  'paging',
  'product',
  'cart',
  'wishlist',
  'comingSoon',
] as const;

/** A section's own namespaces, by the path's first part after the language (`''`: home). */
const SECTIONS: Readonly<Record<string, readonly string[]>> = {
  '': ['home', 'reviews', 'catalogue', 'blog', 'newsletter'],
  products: ['catalogue', 'filters', 'reviews', 'bundle'],
  bundles: ['bundle', 'catalogue', 'filters'],
  attributes: ['catalogue', 'filters'],
  values: ['catalogue', 'filters'],
  blogs: ['blog'],
  vendors: ['vendors', 'blog', 'catalogue', 'filters', 'pages', 'reviews'],
  pages: ['pages', 'faq', 'feedback', 'reviews'],
  consent: [],
  staff: [
    'staff',
    'staffCatalogue',
    'staffSettings',
    'staffImport',
    'orders',
    'account',
    'auth',
    'checkout',
    'reviews',
    'staffPictures',
  ],
};

/** The section of a path: `/en/products/shirt-1/` → `products`, `/en/` → `''`. */
export function sectionOf(pathname: string): string {
  return pathname.split('/')[2] ?? '';
}

/** The namespaces a page at `pathname` needs, or null for all of them. */
export function namespacesFor(pathname: string): readonly string[] | null {
  const section = SECTIONS[sectionOf(pathname)];
  return section ? [...FRAME, ...section] : null;
}

/** Whether pages at the two paths ship different messages (the locale route loads again). */
export function otherMessages(current: string, next: string): boolean {
  return (SECTIONS[sectionOf(current)] ?? null) !== (SECTIONS[sectionOf(next)] ?? null);
}

/** The part of a catalogue a page at `pathname` needs. */
export function messagesFor(messages: Messages, pathname: string): Messages {
  const names = namespacesFor(pathname);
  if (!names) return messages;
  const picked: Messages = {};
  for (const name of names) {
    const section = messages[name];
    if (section !== undefined) picked[name] = section;
  }
  return picked;
}
