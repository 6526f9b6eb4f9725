import { z } from 'zod';
import { IMAGE_TYPES, SUPPORTED_LOCALES } from '@shop/domain';

/* Building blocks shared by every resource: ids, money, dates, images, meta, lists, errors. */

// The languages and image types are the domain's; the contract only validates them.
export { DEFAULT_LOCALE, IMAGE_TYPES, SUPPORTED_LOCALES } from '@shop/domain';
export const localeSchema = z.enum(SUPPORTED_LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/** Ids are PostgreSQL `integer`s: a bigger number is no id (400), not a database error. */
export const MAX_ID = 2_147_483_647;
export const idSchema = z.number().int().positive().max(MAX_ID);

/** A URL the browser can load: absolute (`https://…`) or rooted at the origin (`/media/…`). */
export const urlSchema = z
  .string()
  .refine((value) => value.startsWith('/') || URL.canParse(value), 'Expected a URL');

/** Money travels as a JSON number with at most 2 decimals (the server computes, clients show). */
export const moneySchema = z
  .number()
  .refine((value) => Number.isFinite(value) && Number(value.toFixed(2)) === value, {
    message: 'Expected an amount with at most 2 decimals',
  });

/** A percentage, 0..100, at most 2 decimals. */
export const percentSchema = moneySchema.refine((value) => value >= 0 && value <= 100, {
  message: 'Expected a percentage between 0 and 100',
});

export const dateTimeSchema = z.iso.datetime({ offset: true });

/** ISO 4217 code such as 'EUR'. */
export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'Expected an ISO 4217 currency code');

export const slugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Expected a lowercase slug');

/**
 * Route and path ids are slugs ending in a numeric id ('linen-shirt-12') or the bare id ('12').
 * Parses either to the number.
 */
export const slugIdSchema = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const match = /(?:^|-)(\d+)$/.exec(String(value));
  const id = match?.[1] === undefined ? Number.NaN : Number(match[1]);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) {
    ctx.addIssue({ code: 'custom', message: 'Expected an id or a slug ending in an id' });
    return z.NEVER;
  }
  return id;
});

export const imageTypeSchema = z.enum(IMAGE_TYPES);
export type ImageType = z.infer<typeof imageTypeSchema>;

export const imageSchema = z.object({
  id: idSchema,
  image: urlSchema,
  imageType: imageTypeSchema,
  backgroundColor: z.string().nullable(),
});
export type Image = z.infer<typeof imageSchema>;

export const metaSchema = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string(),
  image: urlSchema.nullable(),
});
export type Meta = z.infer<typeof metaSchema>;

/** What a thing is; tells a search result or a content item which screen it opens. */
export const CONTENT_REFS = [
  'product',
  'bundle',
  'attribute',
  'value',
  'vendor',
  'blog',
  'page',
] as const;
export const contentRefSchema = z.enum(CONTENT_REFS);
export type ContentRef = z.infer<typeof contentRefSchema>;

export const contentItemSchema = z.object({
  ref: contentRefSchema,
  id: idSchema,
  /** Storefront path after the locale prefix, e.g. '/products/linen-shirt-12/'. */
  slugUri: z.string(),
  meta: metaSchema,
  title: z.string(),
  description: z.string(),
  images: z.array(imageSchema),
});
export type ContentItem = z.infer<typeof contentItemSchema>;

/** A discount percentage valid between optional dates; `user` marks the shopper's own. */
export const discountSchema = z.object({
  value: percentSchema,
  start: dateTimeSchema.nullable(),
  end: dateTimeSchema.nullable(),
  user: z.boolean(),
});
export type Discount = z.infer<typeof discountSchema>;

/** `{count, next, previous, results}`; next/previous are absolute URLs or null. */
export function paginated<T extends z.ZodType>(itemSchema: T) {
  return z.object({
    count: z.number().int().nonnegative(),
    next: z.url().nullable(),
    previous: z.url().nullable(),
    results: z.array(itemSchema),
  });
}
export type Paginated<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

/* ---------- errors ---------- */

export const detailErrorSchema = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailErrorSchema>;

/** Field errors, Django style: `{ "price__gte": ["Expected a number"] }`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorBodySchema = z.union([detailErrorSchema, fieldErrorsSchema]);
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Key for issues that belong to no single field (a Django habit the clients know). */
export const NON_FIELD_ERRORS = 'non_field_errors';

/** Turns a failed parse into the field-errors body (nested paths joined with '.'). */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : NON_FIELD_ERRORS;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/** A plain message answer, e.g. after register or password reset. */
export const messageResponseSchema = detailErrorSchema;
export type MessageResponse = DetailError;

/** The empty body of a 204 answer. */
export const noContentSchema = z.undefined();

/* ---------- query parameters ---------- */

/**
 * A number read from a query string (or given as a number by a typed caller). Empty strings count
 * as absent. Input type stays `string | number` so clients remain typed.
 */
export function queryNumber<T extends z.ZodNumber>(inner: T) {
  return z
    .union([z.number(), z.string()])
    .transform((value) => (typeof value === 'number' ? value : Number(value.trim() || Number.NaN)))
    .pipe(inner);
}

/** A number schema whose type error reads 'Expected a number'; range errors keep zod's wording. */
function numberType() {
  return z.number({
    error: (issue) => (issue.code === 'invalid_type' ? 'Expected a number' : undefined),
  });
}

export const pageQuerySchema = queryNumber(numberType().int('Expected an integer').min(1));

export function pageSizeQuerySchema(defaultSize: number) {
  return queryNumber(numberType().int('Expected an integer').min(1).max(100)).default(defaultSize);
}

export const priceQuerySchema = queryNumber(numberType().min(0));

export const idQuerySchema = queryNumber(
  numberType().int('Expected an integer').positive().max(MAX_ID),
);

/**
 * Comma list of positive ids: 'attrs__id=1,2,3' -> [1, 2, 3]. Also accepts repeated parameters
 * (an array from the query parser) and a number[] from typed callers.
 */
export const idListQuerySchema = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .transform((value, ctx) => {
    const ids = (Array.isArray(value) ? value : [value])
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map(Number);
    if (!ids.every((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_ID)) {
      ctx.addIssue({ code: 'custom', message: 'Expected a comma-separated list of ids' });
      return z.NEVER;
    }
    return ids;
  });

export const searchTextSchema = z.string().trim().min(1).max(200);
