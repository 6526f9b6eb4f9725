import { z } from 'zod';
import { MAX_ID } from '@shop/domain';
import {
  dateTimeSchema,
  detailErrorSchema,
  fieldErrorsSchema,
  idSchema,
  pageSizeQuerySchema,
  queryNumber,
  slugIdSchema,
  text,
} from './common.ts';
import type { EndpointDef } from './endpoints.ts';

/*
 * The back office's products and bundles (issue 24, decision 0056): a list walked by id (keyset
 * paging, fast over 100,000 products), and one edit form per product or bundle: its texts in
 * every language, price, VAT rate, stock, discounts and whether it is on sale. A save sends the
 * `version` it showed; a save made meanwhile refuses it (409).
 */

export const STAFF_CATALOGUE_LOCALES = ['en', 'de', 'ru', 'it'] as const;
export const STAFF_CATALOGUE_PAGE_SIZE = 20;
/**
 * The list counts its matches up to this many, then says "more": a title search that matches a
 * tenth of 100,000 products reads about 40 rows per match to count them (decision 0056).
 */
export const STAFF_CATALOGUE_COUNT_CAP = 200;
/** The most discount rows one save holds (the form shows the item's own and two empty ones). */
export const STAFF_MAX_DISCOUNTS = 6;
/** The most stock one product can count (a PostgreSQL `integer`). */
export const STAFF_MAX_STOCK = 2_147_483_647;
/** The largest price a `numeric(12,2)` holds. */
export const STAFF_MAX_PRICE = 9_999_999_999.99;

export const STOCK_STATES = ['in', 'out', 'unlimited'] as const;
export const stockStateSchema = z.enum(STOCK_STATES);
export type StockState = z.infer<typeof stockStateSchema>;

const cursorSchema = queryNumber(z.number().int().positive().max(MAX_ID));

export const staffCatalogueQuerySchema = z.object({
  /** Part of a title in any language, or an id. */
  q: text().trim().max(100).optional(),
  vendor: cursorSchema.optional(),
  stock: stockStateSchema.optional(),
  /** The page after this id (older items): the list walks ids downwards. */
  after: cursorSchema.optional(),
  /** The page before this id (newer items). */
  before: cursorSchema.optional(),
  page_size: pageSizeQuerySchema(STAFF_CATALOGUE_PAGE_SIZE),
});
export type StaffCatalogueQuery = z.input<typeof staffCatalogueQuerySchema>;

export const staffCatalogueRowSchema = z.object({
  id: idSchema,
  title: z.string(),
  vendor: z.string(),
  /** A variation's parent product; null for a product of its own and for bundles. */
  parentId: idSchema.nullable(),
  price: z.number(),
  /** null: unlimited. A bundle's is how many whole bundles its items' stock makes. */
  stock: z.number().int().nonnegative().nullable(),
  active: z.boolean(),
});
export type StaffCatalogueRow = z.infer<typeof staffCatalogueRowSchema>;

export const staffVendorOptionSchema = z.object({ id: idSchema, title: z.string() });

/** One page of the list: cursors to its neighbours (ids), never a page number. */
export const staffCataloguePageSchema = z.object({
  /** Matches, counted up to STAFF_CATALOGUE_COUNT_CAP; `countCapped` says there are more. */
  count: z.number().int().nonnegative(),
  countCapped: z.boolean(),
  /** `?after=` of the next page, null on the last. */
  after: idSchema.nullable(),
  /** `?before=` of the previous page, null on the first. */
  before: idSchema.nullable(),
  results: z.array(staffCatalogueRowSchema),
  vendors: z.array(staffVendorOptionSchema),
});
export type StaffCataloguePage = z.infer<typeof staffCataloguePageSchema>;

/* ---------- one item ---------- */

export const staffTextsSchema = z.object({
  title: z.string(),
  description: z.string(),
  metaTitle: z.string(),
  metaDescription: z.string(),
});
export type StaffTexts = z.infer<typeof staffTextsSchema>;

export const staffDiscountSchema = z.object({
  value: z.number(),
  start: dateTimeSchema.nullable(),
  end: dateTimeSchema.nullable(),
});

export const staffVatOptionSchema = z.object({
  id: idSchema,
  key: z.string(),
  percent: z.number(),
});

export const staffCatalogueItemSchema = z.object({
  id: idSchema,
  kind: z.enum(['product', 'bundle']),
  slug: z.string(),
  vendor: staffVendorOptionSchema,
  parentId: idSchema.nullable(),
  version: z.number().int().positive(),
  price: z.number(),
  vatId: idSchema,
  /** Products: null is unlimited. Bundles: made from their items' stock, not edited here. */
  stock: z.number().int().nonnegative().nullable(),
  active: z.boolean(),
  texts: z.object({
    en: staffTextsSchema,
    de: staffTextsSchema,
    ru: staffTextsSchema,
    it: staffTextsSchema,
  }),
  /** The item's own discounts (not the shoppers' personal ones). */
  discounts: z.array(staffDiscountSchema),
  vats: z.array(staffVatOptionSchema),
});
export type StaffCatalogueItem = z.infer<typeof staffCatalogueItemSchema>;

/* ---------- a save ---------- */

const optionalText = (max: number) => text().trim().max(max).optional();

/** One language's texts; English is the fallback of every other, so its title is required. */
const textsBody = (titleRequired: boolean) =>
  z.object({
    title: titleRequired ? text().trim().min(1).max(300) : optionalText(300),
    description: optionalText(20_000),
    metaTitle: optionalText(300),
    metaDescription: optionalText(1000),
  });

/** What a date-and-time field sends (`2026-12-01T09:30`, read as UTC) or a full ISO time. */
const momentSchema = z.iso.datetime({ local: true, offset: true });

/**
 * A discount row: a percentage, from and until optional moments. A row left empty is dropped
 * (the form offers empty rows to add one); a row with a date but no percentage is an error.
 */
export const staffDiscountBodySchema = z
  .object({
    value: z
      .number()
      .min(0.01)
      .max(100)
      .refine((v) => Number(v.toFixed(2)) === v, { message: 'staffCatalogue.errors.decimals' })
      .optional(),
    start: momentSchema.optional(),
    end: momentSchema.optional(),
  })
  .superRefine((row, ctx) => {
    if (row.value === undefined && (row.start || row.end))
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'forms.required' });
    if (row.start && row.end && utcMoment(row.end) <= utcMoment(row.start))
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: 'staffCatalogue.errors.endBeforeStart',
      });
  });
export type StaffDiscountBody = z.infer<typeof staffDiscountBodySchema>;

/** A moment as a Date: without an offset it is UTC (the form says so). */
export function utcMoment(value: string): Date {
  return new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(value) ? value : `${value}Z`);
}

export const staffBundleBodySchema = z.object({
  /** The version the form showed: a save made since refuses this one (409). */
  version: z.number().int().positive().max(MAX_ID),
  texts: z.object({
    en: textsBody(true),
    de: textsBody(false),
    ru: textsBody(false),
    it: textsBody(false),
  }),
  price: z
    .number()
    .min(0)
    .max(STAFF_MAX_PRICE)
    .refine((v) => Number(v.toFixed(2)) === v, { message: 'staffCatalogue.errors.decimals' }),
  vatId: idSchema,
  /** On sale (shown and sold) or off sale; a form's unticked box sends nothing: off sale. */
  active: z.boolean().default(false),
  discounts: z.array(staffDiscountBodySchema).max(STAFF_MAX_DISCOUNTS).default([]),
});
export type StaffBundleBody = z.input<typeof staffBundleBodySchema>;

const stockSchema = z.number().int().min(0).max(STAFF_MAX_STOCK);

export const staffProductBodySchema = staffBundleBodySchema.extend({
  /** Empty (absent or null): unlimited. */
  stock: stockSchema.nullish(),
  /**
   * The stock the form showed. Orders move the stock while the form is open: a stock left as
   * shown keeps whatever it is now; a changed one is refused (409) when the stock moved meanwhile.
   */
  stockSeen: stockSchema.nullish(),
});
export type StaffProductBody = z.input<typeof staffProductBodySchema>;

/* ---------- the calls ---------- */

const itemParams = z.object({ id: slugIdSchema });
const staffOnly = { 401: detailErrorSchema, 403: detailErrorSchema } as const;
const badRequest = { 400: fieldErrorsSchema } as const;

function endpoint<const E extends EndpointDef>(definition: E): E {
  return definition;
}

export const staffCatalogueEndpoints = {
  products: endpoint({
    method: 'GET',
    path: '/api/staff/products/',
    summary:
      'Staff: products, newest first, by title or id, vendor and stock state; paged by id (`after`, `before`)',
    query: staffCatalogueQuerySchema,
    response: staffCataloguePageSchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest },
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/staff/products/{id}/',
    summary: 'Staff: one product as its edit form shows it, in every language',
    params: itemParams,
    response: staffCatalogueItemSchema,
    auth: 'staff',
    errors: staffOnly,
  }),
  saveProduct: endpoint({
    method: 'PUT',
    path: '/api/staff/products/{id}/',
    summary:
      "Staff: save a product's texts, price, VAT, stock, discounts and sale state; 409 when it changed meanwhile",
    params: itemParams,
    body: staffProductBodySchema,
    response: staffCatalogueItemSchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest, 409: detailErrorSchema },
  }),
  bundles: endpoint({
    method: 'GET',
    path: '/api/staff/bundles/',
    summary:
      'Staff: bundles, newest first, by title or id, vendor and stock state; paged by id (`after`, `before`)',
    query: staffCatalogueQuerySchema,
    response: staffCataloguePageSchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest },
  }),
  bundle: endpoint({
    method: 'GET',
    path: '/api/staff/bundles/{id}/',
    summary: 'Staff: one bundle as its edit form shows it, in every language',
    params: itemParams,
    response: staffCatalogueItemSchema,
    auth: 'staff',
    errors: staffOnly,
  }),
  saveBundle: endpoint({
    method: 'PUT',
    path: '/api/staff/bundles/{id}/',
    summary:
      "Staff: save a bundle's texts, price, VAT, discounts and sale state; 409 when it changed meanwhile",
    params: itemParams,
    body: staffBundleBodySchema,
    response: staffCatalogueItemSchema,
    auth: 'staff',
    errors: { ...staffOnly, ...badRequest, 409: detailErrorSchema },
  }),
} as const;
