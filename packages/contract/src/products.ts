import { z } from 'zod';
import {
  DEFAULT_PRODUCT_SORTING,
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  SEARCH_COUNT_CAP,
} from '@shop/domain';
import {
  dateTimeSchema,
  discountSchema,
  idListQuerySchema,
  idQuerySchema,
  idSchema,
  imageSchema,
  metaSchema,
  moneySchema,
  pageQuerySchema,
  pageSizeQuerySchema,
  percentSchema,
  priceQuerySchema,
  searchTextSchema,
} from './common.ts';
import { createReviewBodySchema } from './organizations.ts';

/* Products, variations, filters, attributes, values, bundles. */

export { PRODUCT_PAGE_SIZE, SEARCH_COUNT_CAP };

export const vatSchema = z.object({ id: idSchema, percent: percentSchema });
export type Vat = z.infer<typeof vatSchema>;

export const vendorRefSchema = z.object({ id: idSchema, title: z.string(), slug: z.string() });
export type VendorRef = z.infer<typeof vendorRefSchema>;

export const attributeRefSchema = z.object({ id: idSchema, title: z.string() });
export type AttributeRef = z.infer<typeof attributeRefSchema>;

/** An attribute value on a product, e.g. {title: 'Red', attribute: {title: 'Colour'}}. */
export const productValueSchema = z.object({
  id: idSchema,
  title: z.string(),
  attribute: attributeRefSchema,
});
export type ProductValue = z.infer<typeof productValueSchema>;

export const cartRefSchema = z.enum(['product', 'bundle']);
export type CartRef = z.infer<typeof cartRefSchema>;

/**
 * What a product or bundle card needs. Prices are computed by the server (see domain): price,
 * the winning discount for the current user, the discounted price and its VAT portion.
 */
export const productCardSchema = z.object({
  id: idSchema,
  ref: cartRefSchema,
  /** Slug ending in the id, e.g. 'linen-shirt-12'. */
  slug: z.string(),
  slugUri: z.string(),
  title: z.string(),
  images: z.array(imageSchema),
  price: moneySchema,
  discountPercent: percentSchema,
  discountPrice: moneySchema,
  priceWithoutProfit: moneySchema,
  totalVat: moneySchema,
  /** null: not tracked, always available. */
  stock: z.number().int().nullable(),
  available: z.boolean(),
  vendor: vendorRefSchema.nullable(),
  rating: z.number().min(0).max(5).nullable(),
  reviewsCount: z.number().int().nonnegative(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const productSchema = productCardSchema.extend({
  ref: z.literal('product'),
  description: z.string(),
  meta: metaSchema,
  profit: moneySchema,
  vat: vatSchema,
  discounts: z.array(discountSchema),
  values: z.array(productValueSchema),
  /** The parent product when this one is a variation. */
  parent: idSchema.nullable(),
  sorting: z.number().int(),
  createdAt: dateTimeSchema,
});
export type Product = z.infer<typeof productSchema>;

/** One variation of a parent product; grouped by attribute title on the product screen. */
export const variationSchema = productCardSchema.extend({
  ref: z.literal('product'),
  parent: idSchema,
  values: z.array(productValueSchema),
});
export type Variation = z.infer<typeof variationSchema>;
export const variationsSchema = z.array(variationSchema);

/** `detail_view`: the product with everything its screen shows. */
export const productDetailSchema = productSchema.extend({
  /** HTML. */
  content: z.string(),
  /** The parent product first, then its variations (empty when it has none): the choices a shopper moves between. The parent answers `parent` = its own id. */
  variations: z.array(variationSchema),
  related: z.array(productCardSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export { PRODUCT_SORTS };
export const productSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof productSortSchema>;

/** Filters shared by the list, the filter attributes and the price range. */
export const productFiltersQuerySchema = z.object({
  /**
   * Only the products this search matches (the first SEARCH_COUNT_CAP of them, as `…/search`
   * counts): a search's results sorted and filtered like the list.
   */
  query: searchTextSchema.optional(),
  price__gte: priceQuerySchema.optional(),
  price__lte: priceQuerySchema.optional(),
  attrs__id: idListQuerySchema.optional(),
  values__id: idListQuerySchema.optional(),
  vendor: idQuerySchema.optional(),
});
export type ProductFiltersQuery = z.input<typeof productFiltersQuerySchema>;

export const productsQuerySchema = productFiltersQuerySchema.extend({
  sort: productSortSchema.default(DEFAULT_PRODUCT_SORTING),
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(PRODUCT_PAGE_SIZE),
});
export type ProductsQuery = z.input<typeof productsQuerySchema>;

export const listQuerySchema = z.object({
  page: pageQuerySchema.default(1),
  page_size: pageSizeQuerySchema(PRODUCT_PAGE_SIZE),
});
export type ListQuery = z.input<typeof listQuerySchema>;

/* ---------- filters ---------- */

export const filterValueSchema = z.object({
  id: idSchema,
  title: z.string(),
  attribute: idSchema,
  /** Ids of the products carrying this value; the client narrows with them. */
  products: z.array(idSchema),
});
export const filterAttributeSchema = z.object({
  id: idSchema,
  title: z.string(),
  values: z.array(filterValueSchema),
});
export type FilterAttribute = z.infer<typeof filterAttributeSchema>;
export const filtersAttributesSchema = z.array(filterAttributeSchema);

/**
 * Not in the spec: what a filter panel shows at scale. Per value, how many products ticking it
 * would list given the other attributes' choices (any-of within an attribute, intersection
 * across), instead of every product id.
 */
export const facetValueSchema = z.object({
  id: idSchema,
  title: z.string(),
  attribute: idSchema,
  count: z.number().int().nonnegative(),
});
export const facetAttributeSchema = z.object({
  id: idSchema,
  title: z.string(),
  values: z.array(facetValueSchema),
});
export type FacetAttribute = z.infer<typeof facetAttributeSchema>;
export const facetsSchema = z.array(facetAttributeSchema);

export const priceRangeSchema = z.object({ min: moneySchema, max: moneySchema });
export type PriceRange = z.infer<typeof priceRangeSchema>;

/* ---------- attributes and values ---------- */

export const attributeSchema = z.object({
  id: idSchema,
  ref: z.literal('attribute'),
  slug: z.string(),
  slugUri: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(imageSchema),
  meta: metaSchema,
});
export type Attribute = z.infer<typeof attributeSchema>;

export const valueSchema = z.object({
  id: idSchema,
  ref: z.literal('value'),
  slug: z.string(),
  slugUri: z.string(),
  title: z.string(),
  description: z.string(),
  attribute: attributeRefSchema,
  images: z.array(imageSchema),
  meta: metaSchema,
});
export type Value = z.infer<typeof valueSchema>;

export const attributeDetailSchema = attributeSchema.extend({
  values: z.array(valueSchema),
});
export type AttributeDetail = z.infer<typeof attributeDetailSchema>;

/* ---------- bundles ---------- */

export const bundleItemSchema = z.object({
  product: productCardSchema,
  quantity: z.number().int().positive(),
});
export type BundleItem = z.infer<typeof bundleItemSchema>;

export const bundleSchema = productCardSchema.extend({
  ref: z.literal('bundle'),
  description: z.string(),
  meta: metaSchema,
  profit: moneySchema,
  vat: vatSchema,
  discounts: z.array(discountSchema),
  sorting: z.number().int(),
  createdAt: dateTimeSchema,
  items: z.array(bundleItemSchema),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const bundleDetailSchema = bundleSchema.extend({
  /** HTML. */
  content: z.string(),
  related: z.array(productCardSchema),
});
export type BundleDetail = z.infer<typeof bundleDetailSchema>;

/* ---------- product reviews (list shape and query live in organizations.ts) ---------- */

export const createProductReviewBodySchema = createReviewBodySchema.extend({ product: idSchema });
export type CreateProductReviewBody = z.infer<typeof createProductReviewBodySchema>;
