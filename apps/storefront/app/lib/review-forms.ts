import { z } from 'zod';
import { createReviewBodySchema, idSchema } from '@shop/contract';
import { REVIEW_KINDS } from './review-state.ts';

/*
 * The review forms (write, delete), built from the contract's body schema so that the browser,
 * the storefront's action and the API check the same rules; told apart by `intent`.
 */

export const writeReviewForm = z.object({
  intent: z.literal('review'),
  ...createReviewBodySchema.shape,
});

export const deleteReviewForm = z.object({
  intent: z.literal('delete-review'),
  kind: z.enum(REVIEW_KINDS),
  id: idSchema,
});

export const reviewPageForm = z.discriminatedUnion('intent', [writeReviewForm, deleteReviewForm]);

export const REVIEW_INTENTS: readonly string[] = ['review', 'delete-review'];
