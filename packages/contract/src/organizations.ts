import { z } from 'zod';
import { DEFAULT_REVIEW_SORTING, REVIEW_PAGE_SIZE, REVIEW_SORTINGS } from '@shop/domain';
import {
  currencySchema,
  dateTimeSchema,
  idQuerySchema,
  idSchema,
  imageSchema,
  localeSchema,
  metaSchema,
  pageQuerySchema,
  pageSizeQuerySchema,
  urlSchema,
  text,
} from './common.ts';

/* Shop info, manifest, shop reviews, feedback. */

export const organizationInfoSchema = z.object({
  id: idSchema,
  visible: z.boolean(),
  active: z.boolean(),
  /** Cart features (cart, checkout, deliveries, payments) are enabled. */
  cart: z.boolean(),
  title: z.string(),
  description: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  currency: currencySchema,
  images: z.array(imageSchema),
  gTag: z.string().nullable(),
  googleSearchConsoleCode: z.string().nullable(),
  canonicalUrl: urlSchema.nullable(),
  meta: metaSchema,
});
export type OrganizationInfo = z.infer<typeof organizationInfoSchema>;

/** Standard web app manifest, so its fields keep the standard snake_case names. */
export const manifestIconSchema = z.object({
  src: urlSchema,
  sizes: z.string(),
  type: z.string(),
  purpose: z.string().optional(),
});
export const manifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string().optional(),
  start_url: z.string(),
  scope: z.string(),
  display: z.enum(['fullscreen', 'standalone', 'minimal-ui', 'browser']),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(manifestIconSchema),
  lang: z.string(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/* ---------- reviews (shop and product share the shape) ---------- */

export const reviewSortingSchema = z.enum(REVIEW_SORTINGS);
export { REVIEW_PAGE_SIZE, REVIEW_SORTINGS };

export const ratingSchema = z.number().int().min(1).max(5);

export const reviewSchema = z.object({
  id: idSchema,
  rating: ratingSchema,
  text: z.string(),
  /** Display name of the author. */
  author: z.string(),
  creationDate: dateTimeSchema,
  /** The language the review was written in (the page shows others labelled with theirs). */
  language: localeSchema,
  /** Set on product reviews. */
  product: idSchema.optional(),
  /** Set on product reviews: the product's title in the caller's language and its path. */
  productTitle: z.string().optional(),
  productSlugUri: z.string().optional(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewsQuerySchema = z.object({
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(REVIEW_PAGE_SIZE),
  sorting: reviewSortingSchema.default(DEFAULT_REVIEW_SORTING),
});
export type ReviewsQuery = z.input<typeof reviewsQuerySchema>;

export const productReviewsQuerySchema = reviewsQuerySchema.extend({
  product: idQuerySchema.optional(),
});
export type ProductReviewsQuery = z.input<typeof productReviewsQuerySchema>;

export const reviewTextSchema = text().trim().min(1).max(2000);

export const createReviewBodySchema = z.object({
  rating: ratingSchema,
  text: reviewTextSchema,
});
export type CreateReviewBody = z.infer<typeof createReviewBodySchema>;

/* ---------- feedback ---------- */

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{4,22}$/, 'Expected a phone number');

/**
 * The honeypot of the feedback forms: a field people never see (hidden from eyes and screen
 * readers, skipped by Tab), that form-filling bots do fill. A body that has it is answered as
 * if sent, and dropped.
 */
export const HONEYPOT_FIELD = 'website';

/** The contact form (and the request to sell in the shop, sent the same way). */
export const feedbackBodySchema = z.object({
  name: text().trim().min(1).max(100),
  email: z.email().max(254),
  phone: phoneSchema.optional(),
  subject: text().trim().min(1).max(200),
  message: text().trim().min(10).max(5000),
  [HONEYPOT_FIELD]: text().max(500).optional(),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;
