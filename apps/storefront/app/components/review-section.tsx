import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Review } from '@shop/contract';
import { REVIEW_PAGE_SIZE } from '@shop/domain';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { useIsPending } from '#app/lib/pending.ts';
import {
  reviewStateQuery,
  WRITE_PARAM,
  type MyReviews,
  type ReviewKind,
  type ReviewListState,
  type ReviewReply,
} from '#app/lib/review-state.ts';
import { Pagination } from './pagination.tsx';
import {
  CancelLink,
  DeleteReview,
  LoginToReviewLink,
  reviewForm,
  withParam,
  WriteReviewLink,
} from './review-actions.tsx';
import { ReviewCard } from './review-card.tsx';
import { ReviewList, ReviewSortLinks } from './review-list.tsx';

/*
 * Reviews as page sections: a product's or the shop's (with the shopper's own review, the write
 * form, the orders and the pages), and the dashboard's "my reviews". Everything works by links
 * and posts; JavaScript only adds the modal.
 */

/** What a no-JavaScript post did, said once at the top of the section. */
function Done({ reply }: { reply: ReviewReply | undefined }) {
  const { t } = useI18n();
  if (!reply?.done) return null;
  return (
    <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3">
      {t(reply.done === 'deleted' ? 'reviews.deleted' : 'reviews.thanks')}
    </p>
  );
}

/**
 * The reviews of a product or of the shop, as a page section: the shopper's own review (edit,
 * delete), 'Write a review' or 'Log in to write a review', the orders, one page of reviews and
 * the pages. Everything works by links and posts; JavaScript only adds the modal.
 */
export function ReviewsSection({
  kind,
  headingId,
  title,
  level = 2,
  action,
  list,
  mine,
  reply,
  prefix = '',
  summary,
}: {
  kind: ReviewKind;
  headingId: string;
  title: string;
  level?: 1 | 2;
  /** The route that handles the forms (the page itself). */
  action: string;
  list: ReviewListState & { reviews: { count: number; results: Review[] } | null };
  mine: Review | null;
  reply: ReviewReply | undefined;
  /** Prefix of the list's URL parameters (`reviews_` on the product page). */
  prefix?: string;
  summary?: ReactNode;
}) {
  const { t } = useI18n();
  const shop = useLocaleData();
  const location = useLocation();
  const Heading = level === 1 ? 'h1' : 'h2';
  const Subheading = level === 1 ? 'h2' : 'h3';
  const reviews = list.reviews;
  const writeHref = `${withParam(location.search, WRITE_PARAM, '1')}#write-review`;
  const writeAsked =
    new URLSearchParams(location.search).has(WRITE_PARAM) ||
    (reply !== undefined && !reply.done && reply.result.initialValue?.intent === 'review');
  const initial = mine ? { rating: mine.rating, text: mine.text } : undefined;
  const writeAction = `${action}${withParam(location.search)}`;
  const writing = useIsPending({ formAction: writeAction, intent: 'review' });
  const listHref = (state: ReviewListState) => `${reviewStateQuery(state, prefix)}#${headingId}`;
  return (
    <section aria-labelledby={headingId}>
      <Heading
        id={headingId}
        tabIndex={-1}
        className={level === 1 ? 'mb-4 text-3xl font-bold' : 'mb-4 text-xl font-bold'}
      >
        {title}
      </Heading>
      {summary}
      <Done reply={reply} />
      <div className="mb-6 space-y-3">
        {mine && (
          <div>
            <Subheading className="mb-2 font-bold">{t('reviews.yourReview')}</Subheading>
            <ReviewCard
              review={mine}
              actions={
                <DeleteReview review={mine} kind={kind} action={action} focusAfter={headingId} />
              }
            />
          </div>
        )}
        {shop?.user ? (
          writeAsked && !reply?.done ? (
            <section
              id="write-review"
              className="rounded-lg border border-slate-200 p-4"
              aria-labelledby="write-review-title"
            >
              <Subheading id="write-review-title" className="mb-3 font-bold">
                {mine ? t('reviews.editReview') : t('reviews.writeReview')}
              </Subheading>
              {/* No Suspense boundary: React would stream a large boundary's content apart,
                  shown only by JavaScript; without one the server writes the form in place. */}
              <reviewForm.Component
                id="review-page-form"
                action={writeAction}
                initial={initial}
                reply={reply}
                pending={writing}
                footer={<CancelLink />}
              />
            </section>
          ) : (
            <WriteReviewLink href={writeHref} action={action} initial={initial} />
          )
        ) : (
          <p>
            <LoginToReviewLink
              back={`${location.pathname}${withParam('', WRITE_PARAM, '1')}#write-review`}
            />
          </p>
        )}
      </div>
      {reviews && reviews.count > 1 && (
        <ReviewSortLinks
          sorting={list.sorting}
          href={(sorting) => listHref({ page: 1, sorting })}
        />
      )}
      <ReviewList
        reviews={reviews?.results ?? []}
        empty={
          list.page > 1
            ? t('reviews.noReviews')
            : `${t('reviews.noReviews')}. ${t('reviews.beFirst')}`
        }
      />
      {reviews && (
        <Pagination
          page={list.page}
          total={Math.ceil(reviews.count / REVIEW_PAGE_SIZE)}
          href={(page) => listHref({ page, sorting: list.sorting })}
        />
      )}
    </section>
  );
}

/* ---------------------------------------------------------------- the dashboard's "my reviews" */

/**
 * The shopper's own reviews with delete, for the account dashboard's "my reviews": their shop
 * review and their product reviews (each linking to its product). `action` is the dashboard
 * route, whose action passes the post to `reviewAction` (lib/reviews.server.ts), and whose loader
 * gives `reviews` from `loadMyReviews`.
 */
export function MyReviewsList({
  reviews,
  action,
  reply,
}: {
  reviews: MyReviews;
  action: string;
  reply?: ReviewReply | undefined;
}) {
  const { t } = useI18n();
  return (
    <div className="space-y-8">
      <Done reply={reply} />
      {(
        [
          ['my-shop-review', 'reviews.myShopReview', 'shop', reviews.shopReviews],
          ['my-product-reviews', 'reviews.myProductReviews', 'product', reviews.productReviews],
        ] as const
      ).map(([id, title, kind, list]) => (
        <MyReviewsGroup
          key={id}
          id={id}
          title={t(title)}
          kind={kind}
          reviews={list}
          action={action}
        />
      ))}
    </div>
  );
}

/** One kind of the shopper's reviews, each with its delete; the focus goes to the heading after. */
function MyReviewsGroup({
  id,
  title,
  kind,
  reviews,
  action,
}: {
  id: string;
  title: string;
  kind: ReviewKind;
  reviews: readonly Review[];
  action: string;
}) {
  const { t } = useI18n();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} tabIndex={-1} className="mb-3 text-xl font-bold">
        {title}
      </h2>
      <ReviewList
        reviews={reviews}
        empty={t('reviews.noOwnReviews')}
        showProduct={kind === 'product'}
        actionsFor={(review) => (
          <DeleteReview review={review} kind={kind} action={action} focusAfter={id} />
        )}
      />
    </section>
  );
}
