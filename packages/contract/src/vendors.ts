import { z } from 'zod';
import { VENDOR_PAGE_SIZE } from '@shop/domain';
import {
  contentItemSchema,
  idSchema,
  imageSchema,
  metaSchema,
  pageQuerySchema,
  pageSizeQuerySchema,
  slugIdSchema,
  slugSchema,
  text,
} from './common.ts';

/* Vendors and the blogs, pages and products listed under a vendor. */

export { VENDOR_PAGE_SIZE };

export const vendorSchema = z.object({
  id: idSchema,
  ref: z.literal('vendor'),
  title: z.string(),
  slug: z.string(),
  slugUri: z.string(),
  description: z.string(),
  images: z.array(imageSchema),
  /** Small images of type 'icon' (logo marks, badges). */
  icons: z.array(imageSchema),
  meta: metaSchema,
  /** Sub-vendors, when the vendor groups others (spec section 3); empty otherwise. */
  children: z.array(contentItemSchema),
});
export type Vendor = z.infer<typeof vendorSchema>;

/** Vendor lists page with `size` (not `page_size`); the server sorts newest first. */
export const vendorsQuerySchema = z.object({
  page: pageQuerySchema.default(1),
  size: pageSizeQuerySchema(VENDOR_PAGE_SIZE),
});
export type VendorsQuery = z.input<typeof vendorsQuerySchema>;

export const VENDOR_ITEM_KINDS = ['blogs', 'pages', 'products'] as const;
export const vendorItemKindSchema = z.enum(VENDOR_ITEM_KINDS);
export type VendorItemKind = z.infer<typeof vendorItemKindSchema>;

export const vendorParamsSchema = z.object({ id: slugIdSchema });
/** `{itemId}`: a slug ending in the item id, or the id. */
export const vendorItemParamsSchema = z.object({ id: slugIdSchema, itemId: slugIdSchema });

/**
 * A vendor's page lives only at `/vendors/{v}/pages/{slug}/` with its plain slug ('our-story'), so
 * its `{itemId}` may be that slug as well as a slug ending in the id, or the id. Both readings are
 * kept: the server prefers a page of that exact slug ('top-10'), then the id.
 */
export const vendorPageKeySchema = z
  .union([z.number(), text().max(200)])
  .transform((value, ctx) => {
    const text = String(value);
    const id = slugIdSchema.safeParse(value);
    const slug = slugSchema.safeParse(text);
    if (!id.success && !slug.success) {
      ctx.addIssue({
        code: 'custom',
        message: 'Expected a page slug, an id or a slug ending in an id',
      });
      return z.NEVER;
    }
    return { slug: slug.success ? text : null, id: id.success ? id.data : null };
  });
export type VendorPageKey = z.output<typeof vendorPageKeySchema>;
export const vendorPageParamsSchema = z.object({ id: slugIdSchema, itemId: vendorPageKeySchema });

/** `/{id}/{kind}/{itemId}/children/`: items nested under the item (sub-pages, variations). */
export const vendorItemChildrenSchema = z.array(contentItemSchema);
