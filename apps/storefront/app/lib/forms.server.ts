import { data } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import { isApiError, NON_FIELD_ERRORS, type Translate } from '@shop/contract';
import { verifyCsrf } from './csrf.server.ts';
import { parseForm } from './forms.ts';

/** What every form action answers on failure: Conform's result, shown at the fields. */
export type FormReply = { result: SubmissionResult<string[]> };

type Submission = ReturnType<typeof parseForm>;

/**
 * Reads a posted form: the CSRF token first (403, nothing changes), then the fields through
 * the schema. A body that is not a form is a 400, never a 500.
 */
export async function readForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  t: Translate,
) {
  return parseForm(await readVerifiedForm(request), schema, t);
}

/**
 * The posted form after its CSRF check, for an action without fields (logout): a body that is not
 * a form (no body, JSON, broken multipart, another content type) is a 400, never a 500.
 */
export async function readVerifiedForm(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data('The request body is not a form.', { status: 400 });
  }
  await verifyCsrf(request, formData);
  return formData;
}

/** The 400 answer of a form whose fields did not pass its schema. */
export function invalid(submission: Submission) {
  return data<FormReply>({ result: submission.reply() }, { status: 400 });
}

/**
 * The messages of an API's 4xx body (`{field: [messages]}`, `detail`, `non_field_errors`, already
 * in the caller's language): field messages by field, the rest for above the form; 'Something
 * went wrong.' when the body says nothing usable. `fields` (when given) names the form's fields:
 * messages for any other field go above the form, prefixed with that field's name by `label`.
 */
export function refusalMessages(
  body: unknown,
  t: Translate,
  fields?: { names: readonly string[]; label: (field: string) => string },
) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) {
      const messages = Array.isArray(value)
        ? value.filter((m): m is string => typeof m === 'string')
        : typeof value === 'string'
          ? [value]
          : [];
      if (messages.length === 0) continue;
      if (key === 'detail' || key === NON_FIELD_ERRORS) formErrors.push(...messages);
      else if (!fields || fields.names.includes(key)) fieldErrors[key] = messages;
      else formErrors.push(...messages.map((m) => `${fields.label(key)}: ${m}`));
    }
  }
  if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) {
    formErrors.push(t('errors.somethingWentWrong'));
  }
  return { fieldErrors, formErrors };
}

/**
 * An API refusal shown on the form: a 4xx body's field messages at their fields (`{field:
 * [messages]}`, already in the caller's language), its `detail` or `non_field_errors` above the
 * form; anything else is 'Something went wrong.' with status 502.
 */
export function apiFailure(submission: Submission, error: unknown, t: Translate) {
  // A 503 (the shop busy, or its database away) carries a translated "try again in a moment".
  if (isApiError(error) && ((error.status >= 400 && error.status < 500) || error.status === 503)) {
    const { fieldErrors, formErrors } = refusalMessages(error.body, t);
    return data<FormReply>(
      { result: submission.reply({ fieldErrors, formErrors }) },
      { status: error.status },
    );
  }
  console.error('form submission failed', error);
  return data<FormReply>(
    { result: submission.reply({ formErrors: [t('errors.somethingWentWrong')] }) },
    { status: 502 },
  );
}
