import type { ReactNode } from 'react';
import type { Review } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import { AppLink } from './app-link.tsx';

/*
 * One review as every screen shows it (product page, shop reviews, home, the dashboard's "my
 * reviews"). Review text is user content: always rendered as text, never as markup.
 */

/** The look of the reviews' text links. */
export const reviewLinkClass = 'text-primary underline hover:no-underline';

/** Five stars, read out as 'n out of 5 stars'. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useI18n();
  return (
    <p className="text-amber-700">
      <span className="sr-only">{t('reviews.ratingValue', { rating })}</span>
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        <span className="text-slate-400">{'★'.repeat(5 - rating)}</span>
      </span>
    </p>
  );
}

/** One review: stars, text in its own language (labelled when not the page's), author and date. */
export function ReviewCard({
  review,
  showProduct = false,
  actions,
}: {
  review: Review;
  showProduct?: boolean;
  actions?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const date = new Date(review.creationDate);
  return (
    <article className="rounded-lg border border-slate-200 p-4">
      {showProduct && review.productTitle && review.productSlugUri && (
        <p className="mb-1 font-medium">
          <AppLink to={`/${locale}${review.productSlugUri}`} className={reviewLinkClass}>
            {t('reviews.aboutProduct', { product: review.productTitle })}
          </AppLink>
        </p>
      )}
      <Stars rating={review.rating} />
      <p lang={review.language} className="mt-1 break-words whitespace-pre-line">
        {review.text}
      </p>
      <p className="mt-2 text-sm text-slate-600">
        {review.author} ·{' '}
        <time dateTime={review.creationDate}>
          {/* In UTC: the server and the browser must print the same day (hydration). */}
          {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date)}
        </time>
        {review.language !== locale && (
          <> · {t('reviews.writtenIn', { language: t(`languages.${review.language}`) })}</>
        )}
      </p>
      {actions}
    </article>
  );
}
