import { z } from 'zod';
import { idQuerySchema, idSchema, localeSchema } from './common.ts';

/* Languages, translation messages, delivery geography. */

/** `code` is any code the server offers; clients keep only the supported locales. */
export const languageSchema = z.object({
  code: z.string(),
  name: z.string(),
});
export type Language = z.infer<typeof languageSchema>;
export const languagesSchema = z.array(languageSchema);

/** Nested translation messages from /media/langs/{locale}.json. */
export type Messages = { [key: string]: string | Messages };
export const messagesSchema: z.ZodType<Messages> = z.lazy(() =>
  z.record(z.string(), z.union([z.string(), messagesSchema])),
);
// Recursive schemas need a name to become an OpenAPI component.
z.globalRegistry.add(messagesSchema, { id: 'Messages' });

export const messagesParamsSchema = z.object({ locale: localeSchema });

/*
 * Delivery geography answers plain arrays, not pages: they fill select boxes whole, and a country
 * list would not fit the 100-item page cap.
 */
export const countrySchema = z.object({
  id: idSchema,
  /** ISO 3166-1 alpha-2. */
  code: z.string().regex(/^[A-Z]{2}$/),
  title: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const regionSchema = z.object({
  id: idSchema,
  code: z.string().nullable().optional(),
  title: z.string(),
  country: idSchema,
});
export type Region = z.infer<typeof regionSchema>;

export const citySchema = z.object({
  id: idSchema,
  title: z.string(),
  region: idSchema,
});
export type City = z.infer<typeof citySchema>;

export const regionsQuerySchema = z.object({ country: idQuerySchema });
export type RegionsQuery = z.input<typeof regionsQuerySchema>;
export const citiesQuerySchema = z.object({ region: idQuerySchema });
export type CitiesQuery = z.input<typeof citiesQuerySchema>;
