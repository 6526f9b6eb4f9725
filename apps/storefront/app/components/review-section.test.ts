import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Review } from '@shop/contract';
import german from '@shop/messages/langs/de.json' with { type: 'json' };
import { I18nProvider } from '#app/lib/i18n.tsx';
import { LOCALE_ROUTE_ID } from '#app/lib/locale-data.ts';
import type { MyReviews } from '#app/lib/review-state.ts';
import { ModalHost } from './modal-host.tsx';
import { MyReviewsList } from './review-section.tsx';

const XSS = '<img src=x onerror="alert(1)"></p><script>alert(2)</script>';

const review = (id: number, extra: Partial<Review> = {}): Review => ({
  id,
  rating: 4,
  text: 'Schön',
  author: 'Anna B.',
  creationDate: '2026-03-01T23:30:00.000Z',
  language: 'de',
  ...extra,
});

/** Renders the dashboard's list as the page would on the server, under /de/ with `search`. */
function render(reviews: MyReviews, search = '') {
  const Stub = createRoutesStub([
    {
      id: LOCALE_ROUTE_ID,
      path: '/de',
      Component: () =>
        h(I18nProvider, {
          locale: 'de',
          messages: german,
          children: h(ModalHost, { children: h(Outlet) }),
        }),
      children: [
        {
          path: 'account/dashboard/my-reviews',
          Component: () =>
            h(MyReviewsList, { reviews, action: '/de/account/dashboard/my-reviews/' }),
        },
      ],
    },
  ]);
  return renderToString(
    h(Stub, {
      initialEntries: [`/de/account/dashboard/my-reviews/${search}`],
      hydrationData: {
        loaderData: { [LOCALE_ROUTE_ID]: { locale: 'de', csrfToken: 't'.repeat(43), user: null } },
      },
    }),
  );
}

describe('the "my reviews" list (for the account dashboard)', () => {
  it('shows both lists with delete links, product links, dates in the page language, text as text', () => {
    const html = render({
      shopReviews: [review(3)],
      productReviews: [
        review(8, {
          text: XSS,
          language: 'it',
          product: 7,
          productTitle: 'Leinenhemd',
          productSlugUri: '/products/leinenhemd-7/',
        }),
      ],
    });
    expect(html).toContain('Ihre Shopbewertung');
    expect(html).toContain('Ihre Produktbewertungen');
    expect(html).toContain('href="/de/products/leinenhemd-7/"');
    expect(html).toContain('Zu Leinenhemd');
    expect(html).toContain('?delete-review=shop-3#delete-shop-3');
    expect(html).toContain('?delete-review=product-8#delete-product-8');
    // The date of the review in German, in UTC (as the server and the browser both print it).
    expect(html).toContain('01.03.2026');
    // Another language is labelled; the page's own is not.
    expect(html.match(/Geschrieben auf Italienisch/g)).toHaveLength(1);
    expect(html).toContain('lang="it"');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<script>alert(2)');
    expect(html).toContain('&lt;img src=x');
  });

  it('says so when a list is empty (a failed call empties it)', () => {
    const html = render({ shopReviews: [], productReviews: [] });
    expect(html.match(/Sie haben noch keine Bewertungen geschrieben\./g)).toHaveLength(2);
  });

  it('shows the confirmation in place when the URL asks for it (no JavaScript)', () => {
    const html = render({ shopReviews: [review(3)], productReviews: [] }, '?delete-review=shop-3');
    expect(html).toContain(german.reviews.deleteConfirm);
    expect(html).toContain('name="intent" value="delete-review"');
    expect(html).toContain('name="kind" value="shop"');
    expect(html).toContain('name="id" value="3"');
  });
});
