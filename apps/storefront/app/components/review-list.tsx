import type { ReactNode } from 'react';
import type { Review } from '@shop/contract';
import { useI18n } from '#app/lib/i18n.tsx';
import type { ReviewSorting } from '#app/lib/review-state.ts';
import { AppLink } from './app-link.tsx';
import { ReviewCard } from './review-card.tsx';

/** A list of reviews, or `empty` when there is none. */
export function ReviewList({
  reviews,
  empty,
  showProduct,
  actionsFor,
}: {
  reviews: readonly Review[];
  empty: string;
  showProduct?: boolean;
  actionsFor?: (review: Review) => ReactNode;
}) {
  if (reviews.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="space-y-4">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard review={review} showProduct={showProduct} actions={actionsFor?.(review)} />
        </li>
      ))}
    </ul>
  );
}

const SORTINGS: readonly { value: ReviewSorting; key: string }[] = [
  { value: 'creation_date', key: 'reviews.sortOldest' },
  { value: '-creation_date', key: 'reviews.sortNewest' },
  { value: '-rating', key: 'reviews.sortHighest' },
  { value: 'rating', key: 'reviews.sortLowest' },
];

/** The orders of a list, as links (they work without JavaScript and keep the page crawlable). */
export function ReviewSortLinks({
  sorting,
  href,
}: {
  sorting: ReviewSorting;
  href: (sorting: ReviewSorting) => string;
}) {
  const { t } = useI18n();
  return (
    <nav aria-label={t('reviews.sortBy')} className="mb-4">
      <ul className="flex flex-wrap gap-2 text-sm">
        {SORTINGS.map(({ value, key }) => (
          <li key={value}>
            <AppLink
              to={href(value)}
              aria-current={value === sorting ? 'true' : undefined}
              preventScrollReset
              className={`inline-block rounded-full border px-3 py-1.5 ${
                value === sorting
                  ? 'border-primary bg-blue-50 font-bold'
                  : 'border-slate-300 hover:border-primary'
              }`}
            >
              {t(key)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
