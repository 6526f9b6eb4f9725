import type { SubmissionResult } from '@conform-to/react';
import type { Review, ReviewsQuery } from '@shop/contract';
import { DEFAULT_REVIEW_SORTING, MAX_ID, REVIEW_SORTINGS } from '@shop/domain';

/*
 * What the review list reads from and writes to the URL, and the shapes its forms answer: no
 * schema (zod) here, so the pages that only show reviews do not load it (issue 12). The forms'
 * schemas are in review-forms.ts.
 */

export const REVIEW_KINDS = ['product', 'shop'] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

/** What a review form's action answers: Conform's result, and what was done when it worked. */
export type ReviewReply = { result: SubmissionResult<string[]>; done?: 'saved' | 'deleted' };

/** The logged-in shopper's reviews, for a "my reviews" screen (the account dashboard). */
export type MyReviews = { productReviews: Review[]; shopReviews: Review[] };

export type ReviewSorting = NonNullable<ReviewsQuery['sorting']>;

/** A list of reviews in the URL: page and sorting, each dropped to its default when malformed. */
export type ReviewListState = { page: number; sorting: ReviewSorting };

/**
 * Reads the list state from the URL under `prefix` (the product page keeps `reviews_page` and
 * `reviews_sorting` apart from anything else its URL may carry; the reviews page uses none).
 */
export function readReviewState(search: URLSearchParams, prefix = ''): ReviewListState {
  const page = Number(search.get(`${prefix}page`));
  const sorting = search.get(`${prefix}sorting`) ?? '';
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    sorting: (REVIEW_SORTINGS as readonly string[]).includes(sorting)
      ? (sorting as ReviewSorting)
      : DEFAULT_REVIEW_SORTING,
  };
}

/** The query string of a list state, without defaults (page 1 and the spec's sorting drop out). */
export function reviewStateQuery(
  state: ReviewListState,
  prefix = '',
  extra: Record<string, string> = {},
): string {
  const search = new URLSearchParams();
  if (state.sorting !== DEFAULT_REVIEW_SORTING) search.set(`${prefix}sorting`, state.sorting);
  if (state.page > 1) search.set(`${prefix}page`, String(state.page));
  for (const [key, value] of Object.entries(extra)) search.set(key, value);
  const query = search.toString();
  return query ? `?${query}` : '?';
}

/** The URL parameter that opens the write form without JavaScript, and the one that confirms a delete. */
export const WRITE_PARAM = 'write-review';
export const DELETE_PARAM = 'delete-review';

/** `product-12` / `shop-3`: which review a no-JavaScript delete link asks to confirm. */
export function readDeleteParam(value: string | null): { kind: ReviewKind; id: number } | null {
  const match = /^(product|shop)-(\d{1,10})$/.exec(value ?? '');
  if (!match) return null;
  const id = Number(match[2]);
  return id >= 1 && id <= MAX_ID ? { kind: match[1] as ReviewKind, id } : null;
}

/** What the write form starts with: the shopper's own review, when editing it. */
export type ReviewFormInit = { rating?: number; text?: string };
/** The write form's modal: where it posts and what it starts with. */
export type WriteItem = { action: string; initial?: ReviewFormInit | undefined };
