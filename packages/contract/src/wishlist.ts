import { z } from 'zod';
import { idSchema, pageQuerySchema, pageSizeQuerySchema, text } from './common.ts';
import { productCardSchema } from './products.ts';

/* The logged-in user's wishlist. */

export const WISHLIST_COMMENT_MAX_LENGTH = 500;

export const wishlistItemSchema = z.object({
  id: idSchema,
  product: productCardSchema,
  comment: z.string(),
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

export const wishlistQuerySchema = z.object({
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(12),
});
export type WishlistQuery = z.input<typeof wishlistQuerySchema>;

export const addToWishlistBodySchema = z.object({ product: idSchema });
export type AddToWishlistBody = z.infer<typeof addToWishlistBodySchema>;

export const updateWishlistItemBodySchema = z.object({
  comment: text().trim().max(WISHLIST_COMMENT_MAX_LENGTH),
});
export type UpdateWishlistItemBody = z.infer<typeof updateWishlistItemBodySchema>;
