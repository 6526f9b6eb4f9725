import { data } from 'react-router';
import { REVIEW_PAGE_SIZE, type Paginated, type Review } from '@shop/contract';
import { optional } from './api-errors.server.ts';
import { apiFailure, invalid, readBoundedForm, readForm } from './forms.server.ts';
import { shopTranslator } from './messages.server.ts';
import { REVIEW_INTENTS, reviewPageForm } from './review-forms.ts';
import {
  readReviewState,
  type MyReviews,
  type ReviewListState,
  type ReviewReply,
} from './review-state.ts';
import type { ShopRequest } from './shop.server.ts';

/** A list of reviews as a page shows it: null when the list could not load (the page still shows). */
export type ReviewListData = ReviewListState & { reviews: Paginated<Review> | null };

/**
 * One product's reviews for its page (page and sorting from `reviews_page`/`reviews_sorting`), and
 * the logged-in shopper's own review of it. Awaited, not streamed: the list pages and sorts by
 * links that must work without JavaScript (docs/decisions/0014-reviews.md); a failure only leaves
 * the list empty.
 */
export async function loadProductReviews(
  shop: ShopRequest,
  url: URL,
  productId: number,
): Promise<ReviewListData & { mine: Review | null }> {
  const state = readReviewState(url.searchParams, 'reviews_');
  const [reviews, mine] = await Promise.all([
    optional(
      shop.api.products.reviews({
        query: {
          product: productId,
          page: state.page,
          page_size: REVIEW_PAGE_SIZE,
          sorting: state.sorting,
        },
      }),
      null,
    ),
    shop.user
      ? optional(
          shop.api.products
            .myReviews({ query: { product: productId, page_size: 1 } })
            .then((p) => p.results[0] ?? null),
          null,
        )
      : null,
  ]);
  return { ...state, reviews, mine };
}

/** The shop's reviews for the reviews page (page and sorting from `page`/`sorting`), and the shopper's own. */
export async function loadShopReviews(
  shop: ShopRequest,
  url: URL,
): Promise<ReviewListData & { mine: Review | null }> {
  const state = readReviewState(url.searchParams);
  const [reviews, mine] = await Promise.all([
    optional(
      shop.api.organizations.reviews({
        query: { page: state.page, page_size: REVIEW_PAGE_SIZE, sorting: state.sorting },
      }),
      null,
    ),
    shop.user
      ? optional(
          shop.api.organizations
            .myReviews({ query: { page_size: 1 } })
            .then((p) => p.results[0] ?? null),
          null,
        )
      : null,
  ]);
  return { ...state, reviews, mine };
}

/**
 * Loads the shopper's product reviews (newest first, up to 100) and their shop review. A failed
 * call empties its list (spec section 7: "a failed product my-reviews call empties the reviews").
 */
export async function loadMyReviews(shop: ShopRequest): Promise<MyReviews> {
  if (!shop.user) return { productReviews: [], shopReviews: [] };
  const query = { page_size: 100, sorting: '-creation_date' } as const;
  const [productReviews, shopReviews] = await Promise.all([
    optional(
      shop.api.products.myReviews({ query }).then((p) => p.results),
      [],
    ),
    optional(
      shop.api.organizations.myReviews({ query }).then((p) => p.results),
      [],
    ),
  ]);
  return { productReviews, shopReviews };
}

/**
 * The action of every page with review forms: writes the shopper's review of `productId` (or of
 * the shop when absent; a second one edits the first), or deletes one of theirs after the
 * confirmation. Anonymous shoppers are told to log in; the API's refusals show at the fields.
 */
export async function reviewAction(
  request: Request,
  shop: ShopRequest,
  target: { productId?: number },
) {
  const t = await shopTranslator(shop);
  const submission = await readForm(request, reviewPageForm, t);
  if (submission.status !== 'success') return invalid(submission);
  if (!shop.user) {
    return data<ReviewReply>(
      { result: submission.reply({ formErrors: [t('reviews.loginToReview')] }) },
      { status: 401 },
    );
  }
  const value = submission.value;
  try {
    if (value.intent === 'delete-review') {
      const params = { params: { id: value.id } };
      if (value.kind === 'product') await shop.api.products.deleteReview(params);
      else await shop.api.organizations.deleteReview(params);
      return data<ReviewReply>({ result: submission.reply({ resetForm: true }), done: 'deleted' });
    }
    const body = { rating: value.rating, text: value.text };
    if (target.productId !== undefined) {
      await shop.api.products.createReview({ body: { ...body, product: target.productId } });
    } else {
      await shop.api.organizations.createReview({ body });
    }
    return data<ReviewReply>({ result: submission.reply({ resetForm: true }), done: 'saved' });
  } catch (error) {
    return apiFailure(submission, error, t);
  }
}

/** Whether a posted form is one of the review forms (a product page also has add-to-cart). */
export async function isReviewPost(request: Request): Promise<boolean> {
  // Read within the form limits: a body past them is refused by the action's own readForm.
  const form = await readBoundedForm(request.clone());
  if (typeof form === 'string') return false;
  const intent = form.get('intent');
  return typeof intent === 'string' && REVIEW_INTENTS.includes(intent);
}
