import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Form, useFetcher, useLocation, useNavigation } from 'react-router';
import type { Review } from '@shop/contract';
import { REVIEW_PAGE_SIZE } from '@shop/domain';
import { onDemand } from '#app/lib/on-demand.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import {
  DELETE_PARAM,
  readDeleteParam,
  reviewStateQuery,
  WRITE_PARAM,
  type MyReviews,
  type ReviewKind,
  type ReviewListState,
  type ReviewReply,
  type ReviewSorting,
} from '#app/lib/review-state.ts';
import { AppLink } from './app-link.tsx';
import { CsrfInput } from './csrf-input.tsx';
import { useModal, type ModalComponentProps } from './modal-host.tsx';
import { Pagination } from './pagination.tsx';
import { useToast } from './toasts.tsx';

/*
 * Reviews as every screen shows them (product page, shop reviews, home, the dashboard's "my
 * reviews"): the list, the write form and the delete confirmation. Each action is a link first
 * (`?write-review`, `?delete-review=product-12`) that shows its form in the page without
 * JavaScript; with JavaScript the link opens the same form in the layout's modal instead.
 * Review text is user content: always rendered as text, never as markup.
 */

export const buttonClass =
  'rounded-md bg-primary px-4 py-2 font-bold text-white hover:bg-blue-800 disabled:opacity-70';
export const secondaryClass = 'rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-100';
const linkClass = 'text-primary underline hover:no-underline';

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
          <AppLink to={`/${locale}${review.productSlugUri}`} className={linkClass}>
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

/* ---------------------------------------------------------------- the write form */

export type ReviewFormInit = { rating?: number; text?: string };
export type WriteItem = { action: string; initial?: ReviewFormInit | undefined };

/** After a modal's form worked: say so, close, and hand the focus back to the page. */
export function useDoneInModal(
  fetcher: { state: string; data?: ReviewReply | undefined },
  close: (focusId?: string) => void,
  /** Where the focus goes when the element that opened the modal is gone (a deleted review). */
  focusAfter?: string,
) {
  const { toast } = useToast();
  const { t } = useI18n();
  const handled = useRef<ReviewReply | undefined>(undefined);
  useEffect(() => {
    const reply = fetcher.data;
    if (fetcher.state !== 'idle' || !reply?.done || handled.current === reply) return;
    handled.current = reply;
    toast(t(reply.done === 'deleted' ? 'reviews.deleted' : 'reviews.thanks'));
    // The host moves the focus once the dialog has closed: a timer here raced the close
    // (the focus fell back to the page's start under load; CI 2026-11-25).
    close(focusAfter);
  }, [fetcher.state, fetcher.data, close, toast, t, focusAfter]);
}

/** The write form and its modal: loaded when shown (conform and zod are not on every page). */
const reviewForm = onDemand(
  () => import('./review-form.tsx'),
  (module) => module.ReviewForm,
);

/** Opens the modal from a link's click; the link itself is the no-JavaScript path. */
function modalClick(open: () => void) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    open();
  };
}

/**
 * 'Write a review' (or 'Edit your review'): a link to the form in the page (`href`), which opens
 * the form in the modal once JavaScript runs. `action` is the route that handles the form.
 */
export function WriteReviewLink({
  href,
  action,
  initial,
}: {
  href: string;
  action: string;
  initial?: ReviewFormInit | undefined;
}) {
  const { t } = useI18n();
  const modal = useModal();
  const label = initial ? t('reviews.editReview') : t('reviews.writeReview');
  return (
    <a
      href={href}
      onClick={modalClick(() => {
        // The link itself is the way when the form's module cannot be loaded (offline).
        reviewForm.load().then(
          ({ WriteReviewModal }) =>
            modal.show(WriteReviewModal, { action, initial }, { size: 'large', title: label }),
          () => window.location.assign(href),
        );
      })}
      className={`inline-block ${buttonClass}`}
    >
      {label}
    </a>
  );
}

/** 'Log in to write a review', coming back to the write form after logging in. */
export function LoginToReviewLink({ back }: { back: string }) {
  const { t, locale } = useI18n();
  return (
    <AppLink
      to={`/${locale}/account/login/?redirectTo=${encodeURIComponent(back)}`}
      className={linkClass}
    >
      {t('reviews.loginToReview')}
    </AppLink>
  );
}

/* ---------------------------------------------------------------- delete with confirmation */

type DeleteItem = { action: string; kind: ReviewKind; id: number; focusAfter: string };

function DeleteFields({ kind, id }: { kind: ReviewKind; id: number }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value="delete-review" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

function DeleteReviewModal({ item, close }: ModalComponentProps<DeleteItem>) {
  const fetcher = useFetcher<ReviewReply>({ key: 'review-delete' });
  useDoneInModal(fetcher, close, item.focusAfter);
  const { t } = useI18n();
  const error = fetcher.data && !fetcher.data.done ? fetcher.data.result.error?.[''] : undefined;
  return (
    <fetcher.Form method="post" action={item.action} className="space-y-4">
      <p>{t('reviews.deleteConfirm')}</p>
      {error && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {error.join(' ')}
        </p>
      )}
      <DeleteFields kind={item.kind} id={item.id} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={fetcher.state !== 'idle'} className={buttonClass}>
          {t('common.delete')}
        </button>
        <button type="button" onClick={() => close()} className={secondaryClass}>
          {t('common.cancel')}
        </button>
      </div>
    </fetcher.Form>
  );
}

/** The page's URL with one review parameter set (or all of them dropped). */
function withParam(search: string, name?: string, value = ''): string {
  const params = new URLSearchParams(search);
  params.delete(WRITE_PARAM);
  params.delete(DELETE_PARAM);
  if (name) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/**
 * 'Delete review' for one of the shopper's reviews: a link to a confirmation in the page (no
 * JavaScript), or the confirmation in the modal. When the page's URL asks for this review's
 * confirmation, it is shown here, in place.
 */
export function DeleteReview({
  review,
  kind,
  action,
  focusAfter,
}: {
  review: Review;
  kind: ReviewKind;
  action: string;
  /** The id of an element that takes the focus once the review is gone (a heading, tabIndex -1). */
  focusAfter: string;
}) {
  const { t } = useI18n();
  const modal = useModal();
  const location = useLocation();
  const navigation = useNavigation();
  const asked = readDeleteParam(new URLSearchParams(location.search).get(DELETE_PARAM));
  const anchor = `delete-${kind}-${review.id}`;
  if (asked?.kind === kind && asked.id === review.id) {
    return (
      <Form
        method="post"
        action={`${action}${withParam(location.search)}`}
        id={anchor}
        className="mt-3 space-y-3 rounded-md bg-red-50 p-3"
      >
        <p>{t('reviews.deleteConfirm')}</p>
        <DeleteFields kind={kind} id={review.id} />
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={navigation.state !== 'idle'} className={buttonClass}>
            {t('common.delete')}
          </button>
          <AppLink to={withParam(location.search)} className={secondaryClass}>
            {t('common.cancel')}
          </AppLink>
        </div>
      </Form>
    );
  }
  return (
    <p className="mt-3">
      <a
        href={`${withParam(location.search, DELETE_PARAM, `${kind}-${review.id}`)}#${anchor}`}
        onClick={modalClick(() =>
          modal.show(
            DeleteReviewModal,
            { action, kind, id: review.id, focusAfter },
            { title: t('reviews.deleteReview') },
          ),
        )}
        className="text-sm text-red-700 underline hover:no-underline"
      >
        {t('reviews.deleteReview')}
      </a>
    </p>
  );
}

/* ---------------------------------------------------------------- a whole reviews section */

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
  const navigation = useNavigation();
  const Heading = level === 1 ? 'h1' : 'h2';
  const Subheading = level === 1 ? 'h2' : 'h3';
  const reviews = list.reviews;
  const writeHref = `${withParam(location.search, WRITE_PARAM, '1')}#write-review`;
  const writeAsked =
    new URLSearchParams(location.search).has(WRITE_PARAM) ||
    (reply !== undefined && !reply.done && reply.result.initialValue?.intent === 'review');
  const initial = mine ? { rating: mine.rating, text: mine.text } : undefined;
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
                action={`${action}${withParam(location.search)}`}
                initial={initial}
                reply={reply}
                pending={navigation.state === 'submitting'}
                footer={
                  <AppLink to={withParam(location.search)} className={secondaryClass}>
                    {t('common.cancel')}
                  </AppLink>
                }
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
      <section aria-labelledby="my-shop-review">
        <h2 id="my-shop-review" tabIndex={-1} className="mb-3 text-xl font-bold">
          {t('reviews.myShopReview')}
        </h2>
        <ReviewList
          reviews={reviews.shopReviews}
          empty={t('reviews.noOwnReviews')}
          actionsFor={(review) => (
            <DeleteReview review={review} kind="shop" action={action} focusAfter="my-shop-review" />
          )}
        />
      </section>
      <section aria-labelledby="my-product-reviews">
        <h2 id="my-product-reviews" tabIndex={-1} className="mb-3 text-xl font-bold">
          {t('reviews.myProductReviews')}
        </h2>
        <ReviewList
          reviews={reviews.productReviews}
          empty={t('reviews.noOwnReviews')}
          showProduct
          actionsFor={(review) => (
            <DeleteReview
              review={review}
              kind="product"
              action={action}
              focusAfter="my-product-reviews"
            />
          )}
        />
      </section>
    </div>
  );
}
