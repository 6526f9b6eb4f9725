import type { MouseEvent } from 'react';
import { Form, useFetcher, useLocation } from 'react-router';
import type { Review } from '@shop/contract';
import { onDemand } from '#app/lib/on-demand.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useIsPending } from '#app/lib/pending.ts';
import {
  DELETE_PARAM,
  readDeleteParam,
  WRITE_PARAM,
  type ReviewFormInit,
  type ReviewKind,
  type ReviewReply,
} from '#app/lib/review-state.ts';
import { AppLink } from './app-link.tsx';
import { Button, buttonVariants } from './button.tsx';
import { CsrfInput } from './csrf-input.tsx';
import { useModal, type ModalComponentProps } from './modal-host.tsx';
import { reviewLinkClass } from './review-card.tsx';
import { useDoneInModal } from './review-done.ts';

/*
 * What a shopper does with reviews: write (or edit) and delete. Each action is a link first
 * (`?write-review`, `?delete-review=product-12`) that shows its form in the page without
 * JavaScript; with JavaScript the link opens the same form in the layout's modal instead.
 */

/** The write form and its modal: loaded when shown (conform and zod are not on every page). */
export const reviewForm = onDemand(
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
      className={buttonVariants({ className: 'inline-block' })}
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
      className={reviewLinkClass}
    >
      {t('reviews.loginToReview')}
    </AppLink>
  );
}

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
        <Button type="submit" disabled={fetcher.state !== 'idle'}>
          {t('common.delete')}
        </Button>
        <Button type="button" onClick={() => close()} variant="secondary">
          {t('common.cancel')}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** The page's URL with one review parameter set (or all of them dropped). */
export function withParam(search: string, name?: string, value = ''): string {
  const params = new URLSearchParams(search);
  params.delete(WRITE_PARAM);
  params.delete(DELETE_PARAM);
  if (name) params.set(name, value);
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/** 'Cancel' of a form shown in the page: back to the page without the review parameters. */
export function CancelLink() {
  const { t } = useI18n();
  const location = useLocation();
  return (
    <AppLink to={withParam(location.search)} className={buttonVariants({ variant: 'secondary' })}>
      {t('common.cancel')}
    </AppLink>
  );
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
  const asked = readDeleteParam(new URLSearchParams(location.search).get(DELETE_PARAM));
  const anchor = `delete-${kind}-${review.id}`;
  const formAction = `${action}${withParam(location.search)}`;
  // Only this review's confirmation waits while it is sent.
  const deleting = useIsPending({
    formAction,
    intent: 'delete-review',
    fields: { kind, id: String(review.id) },
  });
  if (asked?.kind === kind && asked.id === review.id) {
    return (
      <Form
        method="post"
        action={formAction}
        id={anchor}
        className="mt-3 space-y-3 rounded-md bg-red-50 p-3"
      >
        <p>{t('reviews.deleteConfirm')}</p>
        <DeleteFields kind={kind} id={review.id} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={deleting}>
            {t('common.delete')}
          </Button>
          <CancelLink />
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
