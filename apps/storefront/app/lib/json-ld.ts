import type {
  AggregateRating,
  BlogPosting,
  Offer,
  Organization,
  Product,
  WithContext,
} from 'schema-dts';
import type { BlogDetail, ProductCard, Vendor } from '@shop/contract';

/*
 * The schema.org data (JSON-LD) of the item pages, typed with schema-dts so that a misspelt
 * property or a value of the wrong kind fails the typecheck. What Google's rich results need
 * is tested in json-ld.test.ts and on the served pages in e2e/html.test.ts (decision 0042).
 */

/** Where the page is: absolute addresses need the shop's public origin. */
export type LdPage = { origin: string; url: string };

/** What a product or a bundle page offers: a card's price, stock and rating, and its text. */
export type Sellable = Pick<
  ProductCard,
  'id' | 'title' | 'images' | 'discountPrice' | 'available' | 'vendor' | 'rating' | 'reviewsCount'
> & { description: string };

const absolute = (origin: string, path: string) =>
  /^https?:\/\//.test(path) ? path : origin + path;

/** A product or bundle as a schema.org Product with its Offer, rated once it has reviews. */
export function productJsonLd(
  item: Sellable,
  page: LdPage & { currency: string },
): WithContext<Product> {
  const offer: Offer = {
    '@type': 'Offer',
    price: item.discountPrice.toFixed(2),
    priceCurrency: page.currency,
    availability: item.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    url: page.url,
  };
  const rating: AggregateRating | undefined =
    item.rating !== null && item.reviewsCount > 0
      ? { '@type': 'AggregateRating', ratingValue: item.rating, reviewCount: item.reviewsCount }
      : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    description: item.description,
    sku: String(item.id),
    image: item.images.map((i) => absolute(page.origin, i.image)),
    ...(item.vendor ? { brand: { '@type': 'Brand', name: item.vendor.title } } : {}),
    offers: offer,
    ...(rating ? { aggregateRating: rating } : {}),
  };
}

/** A vendor as a schema.org Organization: name, page, description, logo. */
export function vendorJsonLd(vendor: Vendor, page: LdPage): WithContext<Organization> {
  const logo = vendor.images.find((i) => i.imageType === 'logo') ?? vendor.images[0];
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: vendor.title,
    url: page.url,
    description: vendor.description,
    ...(logo ? { logo: absolute(page.origin, logo.image) } : {}),
  };
}

/** A blog post as a schema.org BlogPosting: headline, date, author, picture, publisher. */
export function blogPostingJsonLd(
  post: Pick<BlogDetail, 'title' | 'description' | 'publishedAt' | 'author' | 'images'>,
  page: LdPage & { publisher: string; language: string },
): WithContext<BlogPosting> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: post.publishedAt,
    author: { '@type': 'Person', name: post.author },
    image: post.images.map((i) => absolute(page.origin, i.image)),
    publisher: { '@type': 'Organization', name: page.publisher },
    inLanguage: page.language,
    url: page.url,
    mainEntityOfPage: page.url,
  };
}

/** The text of a `<script type="application/ld+json">`: `<` escaped so no `</script>` ends it. */
export const jsonLdText = (data: object) => JSON.stringify(data).replace(/</g, '\\u003c');
