import { useForm, type DefaultValue, type SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import { parseForm } from './forms.ts';
import { useI18n } from './i18n.tsx';

/*
 * The shop's one Conform set-up (lib/forms.ts says why Conform): the browser checks with the
 * contract's schema, in the page's language, and the server's last answer shows in the fields.
 *
 * The first check is the submit's, and it flags every field that is wrong at once; from then on
 * a field is checked again on every keystroke. Checking a field when it is left (Conform's
 * `onBlur`) made forms flag their errors in rounds (issue 23): pressing "Send" leaves the field
 * first, so the left field's message appeared alone above the button, the button moved down
 * under the finger (on a phone the closing keyboard moves it too), the press ended outside it,
 * and the form was never sent — an empty Subject was flagged only on the second try.
 */

export type ShopFormOptions<Schema extends z.ZodType> = {
  /** Fixed where a page has several forms or the form must keep its id across renders. */
  id?: string;
  /** The action's `result` for this form (`resultFor` where forms share one action). */
  lastResult?: SubmissionResult<string[]> | null | undefined;
  defaultValue?: DefaultValue<z.input<Schema>>;
  /**
   * When to check first: on submit by default (see above). `onBlur` only for a form of one field
   * whose button does not sit below its message (the cart's quantity).
   */
  shouldValidate?: 'onSubmit' | 'onBlur' | 'onInput';
  /** When to check again: on every keystroke by default. */
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
    // Not on leaving a field (see above): a blur never moves the button being pressed.
    shouldValidate: shouldValidate ?? 'onSubmit',
    shouldRevalidate: shouldRevalidate ?? 'onInput',
  });
}
