import { parseWithZod } from '@conform-to/zod/v4';
import type { z } from 'zod';
import { issueText, type Translate } from '@shop/contract';

/*
 * One way to fill a form: Conform with the contract's zod schemas. The browser validates with the
 * same schema before posting (`useForm({ onValidate })`), the action validates again on the
 * server (with JavaScript off it is the only check) and answers the same messages, in the page's
 * language (packages/messages, spec section 5 texts), with status 400.
 */

/** A submitted form parsed with `schema`; each field's messages translated by `t`. */
export function parseForm<Schema extends z.ZodType>(
  formData: FormData,
  schema: Schema,
  t: Translate,
) {
  return parseWithZod(formData, {
    schema,
    formatError: (issues: z.core.$ZodIssue[]) => issues.map((issue) => issueText(issue, t)),
  });
}

// Re-exported: pages whose forms load their checks later import it from its own module, which
// brings no zod (decision 0084).
export { resultFor } from './form-result.ts';

/**
 * A GET filter form read from the address (a filtered list can be bookmarked and paged without
 * JavaScript): the filters as typed, to fill the form again, and their check with `schema`, an
 * empty filter left out as if not sent.
 */
export function parseFilters<Schema extends z.ZodType>(
  url: URL,
  names: readonly string[],
  schema: Schema,
  t: Translate,
) {
  const form = new FormData();
  for (const [key, value] of url.searchParams) if (value !== '') form.append(key, value);
  const filters = Object.fromEntries(names.map((f) => [f, url.searchParams.get(f) ?? '']));
  return { filters, submission: parseForm(form, schema, t) };
}
