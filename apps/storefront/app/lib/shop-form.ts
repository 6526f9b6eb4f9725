import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import { parseForm } from './forms.ts';
import { useI18n } from './i18n.tsx';

/*
 * The shop's one Conform set-up (lib/forms.ts says why Conform): the browser checks with the
 * contract's schema, in the page's language, the server's last answer shows in the fields, and a
 * field is checked when the shopper leaves it, then on every keystroke until it is right.
 */

type ShopFormOptions<Schema extends z.ZodType> = {
  /** Fixed where a page has several forms or the form must keep its id across renders. */
  id?: string;
  /** The action's `result` for this form (`resultFor` where forms share one action). */
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /** When to check first: on leaving a field by default. */
  shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput';
  /** When to check again: on every keystroke by default, else as `shouldValidate`. */
  shouldRevalidate?: 'onSubmit' | 'onBlur' | 'onInput';
};

/** `useForm` for a form of `schema`: `[form, fields]`. */
export function useShopForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(schema: Schema, { shouldValidate, shouldRevalidate, ...options }: ShopFormOptions<Schema> = {}) {
  const { t } = useI18n();
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    ...options,
    onValidate: ({ formData }) => parseForm(formData, schema, t),
    shouldValidate: shouldValidate ?? 'onBlur',
    // Conform's own default: again when it was first checked.
    shouldRevalidate: shouldRevalidate ?? (shouldValidate ? shouldValidate : 'onInput'),
  });
}
