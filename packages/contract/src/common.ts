import { z } from 'zod';
import { IMAGE_TYPES, MAX_ID, SUPPORTED_LOCALES } from '@shop/domain';

/* Building blocks shared by every resource: ids, money, dates, images, meta, lists, errors. */

// The languages and image types are the domain's; the contract only validates them.
export { DEFAULT_LOCALE, IMAGE_TYPES, SUPPORTED_LOCALES } from '@shop/domain';
export const localeSchema = z.enum(SUPPORTED_LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/**
 * Every string a caller sends (body, query, path) is built from this: NUL (PostgreSQL refuses it
 * in text, so it would surface as a 500) and unpaired UTF-16 surrogates (no character at all; they
 * turn into U+FFFD on the way to the database) are refused with a field error. Chain the usual
 * checks after it: `text().trim().min(1).max(100)`. contract/src/inputs.test.ts walks every
 * endpoint's input schemas and fails on a string that does not refuse them.
 */
export function text() {
  return z.string().refine(isPlainText, { message: 'forms.invalid' });
}

/** No NUL, no unpaired surrogate (`isWellFormed`, written out: the storefront runs it in browsers). */
export function isPlainText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) return false;
  }
  return true;
}

/** Ids are PostgreSQL `integer`s: a bigger number is no id (400), not a database error. */
export { MAX_ID };
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
export const slugIdSchema = z.union([z.number(), text().max(300)]).transform((value, ctx) => {
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

/**
 * A page of search results. A search counts its matches up to `SEARCH_COUNT_CAP` (1,000) and
 * pages through at most that many: `countCapped` says more matched than `count` ("1,000+").
 */
export function searchPage<T extends z.ZodType>(itemSchema: T) {
  return paginated(itemSchema).extend({ countCapped: z.boolean() });
}
export type SearchPage<T> = Paginated<T> & { countCapped: boolean };

/* ---------- errors ---------- */

/**
 * Codes a `{detail}` refusal may carry besides its words, so that a client tells the case apart
 * without reading the (translated) text. `cart_disabled`: the shop's cart is off (decision 0062):
 * every cart and checkout write is refused with it (decision 0071). `busy`: a 503 of a busy shop (no
 * database connection free in time, or a transaction that kept meeting others, decisions 0083 and
 * 0088): the request was refused before anything of it was written; the same request a moment
 * later may pass (Retry-After).
 */
export const API_ERROR_CODES = ['cart_disabled', 'busy'] as const;
export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);
export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>;

export const detailErrorSchema = z.object({
  detail: z.string(),
  code: apiErrorCodeSchema.optional(),
});
export type DetailError = z.infer<typeof detailErrorSchema>;

/** The 400 of a cart or checkout write while the shop's cart is off; `detail` in the caller's language. */
export const cartDisabledErrorSchema = z
  .object({ detail: z.string(), code: z.literal('cart_disabled') })
  .strict();
export type CartDisabledError = z.infer<typeof cartDisabledErrorSchema>;

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

/** A number in a query string is never longer than this ('2147483647' and some room). */
const MAX_QUERY_NUMBER_LENGTH = 30;

/**
 * A number read from a query string (or given as a number by a typed caller). Empty strings count
 * as absent. Input type stays `string | number` so clients remain typed.
 */
export function queryNumber<T extends z.ZodNumber>(inner: T) {
  return z
    .union([z.number(), text().max(MAX_QUERY_NUMBER_LENGTH)])
    .transform((value) => (typeof value === 'number' ? value : Number(value.trim() || Number.NaN)))
    .pipe(inner);
}

/** A number schema whose type error reads 'Expected a number'; range errors keep zod's wording. */
function numberType() {
  return z.number({
    error: (issue) => (issue.code === 'invalid_type' ? 'Expected a number' : undefined),
  });
}

/** Pages past this are refused: an OFFSET that large only makes the database walk and drop rows. */
export const MAX_PAGE = 10_000;
export const pageQuerySchema = queryNumber(
  numberType().int('Expected an integer').min(1).max(MAX_PAGE),
);

/** The most items one page may ask for. */
export const MAX_PAGE_SIZE = 100;
export function pageSizeQuerySchema(defaultSize: number) {
  return queryNumber(numberType().int('Expected an integer').min(1).max(MAX_PAGE_SIZE)).default(
    defaultSize,
  );
}

export const priceQuerySchema = queryNumber(numberType().min(0));

export const idQuerySchema = queryNumber(
  numberType().int('Expected an integer').positive().max(MAX_ID),
);

/** The most ids one list parameter (`attrs__id`, `values__id`, …) may name, after removing repeats. */
export const MAX_LIST_IDS = 50;
/** Characters of a whole list parameter: 50 ids of 10 digits and their commas, with room. */
const MAX_LIST_LENGTH = 1000;

/**
 * Comma list of positive ids: 'attrs__id=1,2,3' -> [1, 2, 3]. Also accepts repeated parameters
 * (an array from the query parser) and a number[] from typed callers. Repeats are dropped; more
 * than MAX_LIST_IDS different ids are refused (each costs the database work).
 */
export const idListQuerySchema = z
  .union([
    text().max(MAX_LIST_LENGTH),
    z.number(),
    z.array(z.union([text().max(MAX_LIST_LENGTH), z.number()])).max(MAX_LIST_IDS),
  ])
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
    const unique = [...new Set(ids)];
    if (unique.length > MAX_LIST_IDS) {
      ctx.addIssue({
        code: 'custom',
        message: 'forms.tooManyValues',
        params: { max: MAX_LIST_IDS },
      });
      return z.NEVER;
    }
    return unique;
  });

/** The longest search text; longer ones are refused, not cut (a search box never sends more). */
export const MAX_SEARCH_LENGTH = 200;
export const searchTextSchema = text().trim().min(1).max(MAX_SEARCH_LENGTH);
