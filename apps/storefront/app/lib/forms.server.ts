import { data } from 'react-router';
import type { Submission as ConformSubmission, SubmissionResult } from '@conform-to/react';
import type { z } from 'zod';
import { isApiError, isBusyRefusal, NON_FIELD_ERRORS, type Translate } from '@shop/contract';
import { verifyCsrf } from './csrf.server.ts';
import { parseForm } from './forms.ts';
import { pageLog } from './logger.server.ts';

/** What every form action answers on failure: Conform's result, shown at the fields. */
export type FormReply = { result: SubmissionResult<string[]> };

type Submission = ReturnType<typeof parseForm>;

/**
 * The most fields a posted form may have, and the most times one name may repeat. The largest
 * real form (checkout: its 13 fields, `intent`, `idempotencyKey`, `csrf`) has 16 fields, and no
 * form repeats a name more than twice (a hidden `intent` and a submit button's). Conform's parse
 * grows with the square of one name's repeats (issue 21: 40,000 of them held a process 20 s), so
 * a body past these caps is refused before anything parses it.
 */
export const FORM_LIMITS = { fields: 64, repeats: 8 } as const;

const URLENCODED = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

/** How many times `needle` occurs in `bytes`, counting no further than `stopAt` (one native scan each). */
function occurrences(bytes: Buffer, needle: Buffer | number, stopAt: number): number {
  let count = 0;
  for (let at = bytes.indexOf(needle); at !== -1 && count < stopAt;) {
    count++;
    at = bytes.indexOf(needle, at + (typeof needle === 'number' ? 1 : needle.length));
  }
  return count;
}

/** The most fields the raw body can hold, counted without parsing it (a bound, never too low). */
function fieldsAtMost(bytes: Buffer, contentType: string): number {
  const stopAt = FORM_LIMITS.fields + 1;
  if (contentType.toLowerCase().startsWith(MULTIPART)) {
    const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    const mark = boundary?.[1] ?? boundary?.[2];
    // Each part starts with `--boundary`; the closing one adds one.
    return mark ? occurrences(bytes, Buffer.from(`--${mark}`), stopAt) : stopAt;
  }
  // `a=1&b=2`: one field more than `&`s (empty ones included, so the bound stays safe).
  return occurrences(bytes, 0x26, stopAt) + 1;
}

/**
 * A posted form, read in time that grows with its size: the raw bytes are counted first (one
 * native scan), a body past FORM_LIMITS is 'tooMany' before any parsing, and only then does the
 * runtime's parser read it. A body that is not a form is 'notAForm'.
 */
export async function readBoundedForm(
  request: Request,
): Promise<FormData | 'tooMany' | 'notAForm'> {
  // The boundary of a multipart body is case-sensitive: only the type is compared in lower case.
  const contentType = request.headers.get('content-type') ?? '';
  const type = contentType.toLowerCase();
  if (!type.startsWith(URLENCODED) && !type.startsWith(MULTIPART)) return 'notAForm';
  let formData: FormData;
  try {
    const bytes = Buffer.from(await request.arrayBuffer());
    if (fieldsAtMost(bytes, contentType) > FORM_LIMITS.fields) return 'tooMany';
    formData = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return 'notAForm';
  }
  const repeats = new Map<string, number>();
  let fields = 0;
  for (const name of formData.keys()) {
    const seen = (repeats.get(name) ?? 0) + 1;
    repeats.set(name, seen);
    if (++fields > FORM_LIMITS.fields || seen > FORM_LIMITS.repeats) return 'tooMany';
  }
  return formData;
}

/**
 * Reads a posted form: within FORM_LIMITS (else 413 with the shop's error screen, nothing parsed),
 * the CSRF token first (403, nothing changes), then the fields through the schema. A body that is
 * not a form is a 400, never a 500.
 */
export async function readForm<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  t: Translate,
) {
  return parseForm(await readVerifiedForm(request, t), schema, t);
}

/**
 * The posted form after its CSRF check, for an action without fields (logout): a body that is not
 * a form (no body, JSON, broken multipart, another content type) is a 400, one past FORM_LIMITS a
 * 413, never a 500.
 */
export async function readVerifiedForm(request: Request, t: Translate): Promise<FormData> {
  const formData = await readBoundedForm(request);
  if (formData === 'notAForm') throw data(t('errors.request.notAForm'), { status: 400 });
  if (formData === 'tooMany') throw data(t('errors.request.tooManyFields'), { status: 413 });
  await verifyCsrf(request, formData, t);
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
      // A `{detail}` refusal's `code` (`cart_disabled`) is for programs: its words are `detail`.
      // A field named `code` (the promo code) has a list of messages, never a bare string.
      if (key === 'code' && typeof value === 'string' && 'detail' in body) continue;
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
  // The shop was busy and refused the post before writing anything (decision 0088): said plainly,
  // so the shopper knows nothing was done and sending it again is safe.
  if (isBusyRefusal(error)) {
    return data<FormReply>(
      { result: submission.reply({ formErrors: [t('errors.busyNothingDone')] }) },
      { status: 503 },
    );
  }
  // A 503 (the shop busy, or its database away) carries a translated "try again in a moment".
  if (isApiError(error) && ((error.status >= 400 && error.status < 500) || error.status === 503)) {
    const { fieldErrors, formErrors } = refusalMessages(error.body, t);
    return data<FormReply>(
      { result: submission.reply({ fieldErrors, formErrors }) },
      { status: error.status },
    );
  }
  pageLog().error({ err: error }, 'form submission failed');
  return data<FormReply>(
    { result: submission.reply({ formErrors: [t('errors.somethingWentWrong')] }) },
    { status: 502 },
  );
}

/**
 * A form's usual end: fields that fail the schema answer 400 (`invalid`); else `send` asks the API
 * with the checked value, and the form's result joins what `send` returns, or the API's refusal
 * shows on the form (`apiFailure`). `send` may answer a Response instead (a redirect to the next
 * page), which is the action's answer as it is. `resetForm` empties the form after a success.
 * `refused` is a form's own answer to a refusal (the login's "confirm your address first", the
 * address book's places kept for the form shown again): it gets the error, the usual answer
 * (`apiFailure`'s) and the value sent, and answers what the action answers.
 */
export async function sendForm<Value, Done extends object, Refusal = Failure>(
  submission: ConformSubmission<unknown, string[], Value>,
  t: Translate,
  send: (value: Value) => Promise<Done | Response>,
  {
    resetForm = false,
    refused,
  }: {
    resetForm?: boolean;
    refused?: (error: unknown, failure: Failure, value: Value) => Refusal | Promise<Refusal>;
  } = {},
) {
  if (submission.status !== 'success') return invalid(submission);
  let done: Done | Response;
  try {
    done = await send(submission.value);
  } catch (error) {
    const failure = apiFailure(submission, error, t);
    return refused ? refused(error, failure, submission.value) : failure;
  }
  if (done instanceof Response) return done;
  return { result: submission.reply({ resetForm }), ...done };
}

/** The usual answer of a refused form (`apiFailure`). */
type Failure = ReturnType<typeof apiFailure>;
