import { describe, expect, it } from 'vitest';
import type { Image, Vendor } from '@shop/contract';
import {
  blogPostingJsonLd,
  jsonLdText,
  productJsonLd,
  vendorJsonLd,
  type Sellable,
} from './json-ld.ts';

const image = (path: string): Image => ({
  id: 1,
  image: path,
  imageType: 'page_gallery',
  backgroundColor: null,
});
const page = { origin: 'https://shop.example', url: 'https://shop.example/de/products/tee-3/' };

const item = (over: Partial<Sellable> = {}): Sellable => ({
  id: 3,
  title: 'Linen Tee',
  description: 'Soft & light',
  images: [image('/media/tee.webp')],
  discountPrice: 19.5,
  available: true,
  vendor: { id: 1, title: 'Linen Loom', slug: 'linen-loom-1' },
  rating: 4.5,
  reviewsCount: 2,
  ...over,
});

/** As a search engine reads it: the JSON text, parsed. */
const served = (data: object) => JSON.parse(jsonLdText(data)) as Record<string, unknown>;

describe('productJsonLd: what Google needs for a Product with an Offer', () => {
  it.each([
    [
      'in stock, reviewed',
      item(),
      'https://schema.org/InStock',
      { ratingValue: 4.5, reviewCount: 2 },
    ],
    [
      'sold out, never reviewed',
      item({ available: false, rating: null, reviewsCount: 0 }),
      'https://schema.org/OutOfStock',
      undefined,
    ],
    [
      'a rating without reviews is left out',
      item({ rating: 4, reviewsCount: 0 }),
      'https://schema.org/InStock',
      undefined,
    ],
  ])('%s', (_name, product, availability, rating) => {
    const data = served(productJsonLd(product, { ...page, currency: 'EUR' }));
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Linen Tee',
      image: ['https://shop.example/media/tee.webp'],
      brand: { '@type': 'Brand', name: 'Linen Loom' },
      offers: {
        '@type': 'Offer',
        price: '19.50',
        priceCurrency: 'EUR',
        availability,
        url: page.url,
      },
    });
    if (rating) {
      expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ...rating });
    } else {
      expect(data).not.toHaveProperty('aggregateRating');
    }
  });
});

describe('vendorJsonLd and blogPostingJsonLd', () => {
  it('a vendor is an Organization with its logo at an absolute address', () => {
    const vendor: Vendor = {
      id: 1,
      ref: 'vendor',
      title: 'Linen Loom',
      slug: 'linen-loom-1',
      slugUri: '/vendors/linen-loom-1/',
      description: 'Woven in Lithuania',
      images: [{ ...image('/media/logo.webp'), imageType: 'logo' }],
      icons: [],
      meta: { title: '', description: '', keywords: '', image: null },
      children: [],
    };
    expect(served(vendorJsonLd(vendor, page))).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Linen Loom',
      url: page.url,
      description: 'Woven in Lithuania',
      logo: 'https://shop.example/media/logo.webp',
    });
  });

  it('a post is a BlogPosting with headline, date, author and picture', () => {
    const data = served(
      blogPostingJsonLd(
        {
          title: 'Pour-over </script> at home',
          description: 'Slow coffee',
          publishedAt: '2026-11-23T00:56:15.138Z',
          author: 'Felix Brandt',
          images: [image('/media/coffee.webp')],
        },
        { ...page, publisher: 'Manufakturmarkt', language: 'de' },
      ),
    );
    expect(data).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Pour-over </script> at home',
      datePublished: '2026-11-23T00:56:15.138Z',
      author: { '@type': 'Person', name: 'Felix Brandt' },
      image: ['https://shop.example/media/coffee.webp'],
      publisher: { '@type': 'Organization', name: 'Manufakturmarkt' },
      inLanguage: 'de',
    });
  });

  it('no text can end the script element early', () => {
    expect(jsonLdText({ headline: '</script><script>alert(1)</script>' })).not.toContain('<');
  });
});
