import type { Location, MetaDescriptor } from 'react-router';
import { metaDescription, pageTitle } from '@shop/domain';
import { canonicalSearch, type CanonicalParam } from './canonical.ts';
import { createTranslator } from './i18n.tsx';
import type { LocaleData } from '#app/lib/locale-data.ts';

const OG_LOCALES: Record<string, string> = { en: 'en_US', de: 'de_DE', ru: 'ru_RU', it: 'it_IT' };

type MetaMatch = { id: string; loaderData?: unknown } | undefined;

export type PageMetaInput = {
  matches: readonly MetaMatch[];
  location: Location;
  /** The page's own title; without one (the home page) the shop's default title is used. */
  title?: string;
  /** Or a message key for the title. */
  titleKey?: string;
  description?: string;
  keywords?: string;
  /** An image URL, rooted (`/media/…`) or absolute. */
  image?: string | null;
  robots?: string;
  type?: string;
  /** The query parameters the page reads, kept in its canonical link (lib/canonical.ts); none by default. */
  canonicalParams?: readonly CanonicalParam[];
  /**
   * The page's canonical address after the locale (`/products/linen-shirt-12/`) when it is not
   * this one: a vendor's copy of a product points to the product's own page.
   */
  canonicalPath?: string;
};

/**
 * Every head tag of a page: title 'title | shop title', description cut at 260 characters,
 * keywords, Open Graph, canonical, hreflang alternates (+ x-default), og:locale and its
 * alternates, the manifest and the search-console verification (spec sections 1, 2 and 9).
 */
export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
  const locale = input.matches.find((m) => m?.id === 'routes/locale')?.loaderData as
    LocaleData | undefined;
  if (!locale) return [{ title: input.title ?? '' }];
  const { shop, origin, languages } = locale;
  const t = createTranslator(locale.locale, locale.messages);
  const own = input.title ?? (input.titleKey ? t(input.titleKey) : '');
  // A page without a title of its own (home) gets the shop's meta title when it says more than
  // the shop's name (the API fills it with the name), else the spec's default.
  const shopMetaTitle = shop.meta.title.trim();
  const fallback =
    shopMetaTitle && shopMetaTitle !== shop.title.trim() ? shopMetaTitle : t('meta.title');
  const title = pageTitle(own, shop.title, fallback);
  const description = metaDescription(
    input.description || shop.meta.description || shop.description || t('meta.description'),
  );
  const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
  const image = input.image ?? shop.meta.image;
  const rest = input.canonicalPath ?? (input.location.pathname.replace(/^\/[^/]+/, '') || '/');
  const query = canonicalSearch(input.location.search, input.canonicalParams ?? []);
  const canonical = `${origin}/${locale.locale}${rest}${query}`;
  const codes = languages.map((l) => l.code);

  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:url', content: canonical },
    { property: 'og:site_name', content: shop.title },
    { property: 'og:locale', content: OG_LOCALES[locale.locale] ?? locale.locale },
    ...codes
      .filter((code) => code !== locale.locale)
      .map((code) => ({ property: 'og:locale:alternate', content: OG_LOCALES[code] ?? code })),
    { tagName: 'link', rel: 'canonical', href: canonical },
    ...codes.map((code) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: code,
      href: `${origin}/${code}${rest}${query}`,
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: `${origin}/en${rest}${query}`,
    },
    { tagName: 'link', rel: 'manifest', href: `/${locale.locale}/api/organizations/manifest/` },
  ];
  const keywords = input.keywords ?? shop.meta.keywords;
  if (keywords) tags.push({ name: 'keywords', content: keywords });
  if (image) tags.push({ property: 'og:image', content: absolute(image) });
  if (input.robots) tags.push({ name: 'robots', content: input.robots });
  if (shop.googleSearchConsoleCode)
    tags.push({ name: 'google-site-verification', content: shop.googleSearchConsoleCode });
  return tags;
}

/** Head tags of a product or bundle page (a 404 when it could not be loaded). */
export function itemMeta(
  args: Pick<PageMetaInput, 'matches' | 'location'>,
  item:
    | {
        title: string;
        description: string;
        images: { image: string }[];
        meta: { title: string; description: string; keywords: string };
      }
    | undefined,
): MetaDescriptor[] {
  if (!item) return pageMeta({ ...args, titleKey: 'errors.notFoundTitle' });
  return pageMeta({
    ...args,
    title: item.meta.title || item.title,
    description: item.meta.description || item.description,
    keywords: item.meta.keywords,
    image: item.images[0]?.image ?? null,
    type: 'product',
  });
}
