import { NON_FIELD_ERRORS, type FieldErrors } from './common.ts';

/*
 * Field messages in the caller's language, one mapping for both sides: a failed parse of a
 * contract schema yields zod issues; each becomes a message key of packages/messages (the spec's
 * section 5 texts: 'This field is required', 'Please enter a valid email', …) and its values.
 * The API answers its 400s with them, the storefront's forms show them at their fields.
 */

/** What of a zod issue the mapping reads (zod's issues, or the `params` fastify keeps of them). */
export type IssueLike = {
  readonly code?: string;
  readonly message?: string;
  readonly path?: readonly PropertyKey[];
  readonly origin?: string;
  readonly format?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly input?: unknown;
  readonly params?: Readonly<Record<string, unknown>>;
};

export type MessageRef = { key: string; values: Record<string, string | number> };

/** The translator both apps have (packages/messages `createTranslator`). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A custom refinement names its message by key: `ctx.addIssue({ code: 'custom', message: 'forms.confirmed' })`. */
const KEY = /^[a-z][\w]*(\.[\w]+)+$/i;

const isMissing = (issue: IssueLike) =>
  ('input' in issue && (issue.input === undefined || issue.input === null)) ||
  /received (undefined|null)\b/.test(issue.message ?? '');

/** The message key and values of one issue (`field` is filled in by `localizeIssues`). */
export function issueMessage(issue: IssueLike): MessageRef {
  const bound = (value: number | bigint | undefined) => Number(value ?? 0);
  switch (issue.code) {
    case 'invalid_type':
      return { key: isMissing(issue) ? 'forms.required' : 'forms.invalid', values: {} };
    case 'too_small':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return bound(issue.minimum) <= 1
          ? { key: 'forms.required', values: {} }
          : { key: 'forms.minLength', values: { length: bound(issue.minimum) } };
      }
      return { key: 'forms.min', values: { min: bound(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string' || issue.origin === 'array' || issue.origin === 'set') {
        return { key: 'forms.maxLength', values: { length: bound(issue.maximum) } };
      }
      return { key: 'forms.max', values: { max: bound(issue.maximum) } };
    case 'invalid_format':
      return issue.format === 'email'
        ? { key: 'forms.email', values: {} }
        : { key: 'forms.regex', values: {} };
    case 'invalid_value':
      return { key: 'forms.select', values: {} };
    case 'unrecognized_keys':
      return { key: 'forms.unknownField', values: {} };
    case 'custom': {
      if (issue.message && KEY.test(issue.message)) {
        const values: Record<string, string | number> = {};
        for (const [name, value] of Object.entries(issue.params ?? {})) {
          if (typeof value === 'string' || typeof value === 'number') values[name] = value;
        }
        return { key: issue.message, values };
      }
      return { key: 'forms.invalid', values: {} };
    }
    default:
      return { key: 'forms.invalid', values: {} };
  }
}

/** The field an issue belongs to, as the error body names it: nested paths joined with '.'. */
export const issueField = (path: readonly PropertyKey[] | undefined): string =>
  path && path.length > 0 ? path.map(String).join('.') : NON_FIELD_ERRORS;

/** A field's label in the language (`fields.firstName`), else its name. */
export function fieldLabel(field: string, t: Translate): string {
  const name =
    field
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .at(-1) ?? field;
  const key = `fields.${name}`;
  const label = t(key);
  return label === key ? name : label;
}

/** One issue's message in the language of `t`, naming its field where the text has one. */
export function issueText(issue: IssueLike, t: Translate): string {
  const { key, values } = issueMessage(issue);
  return t(key, { field: fieldLabel(issueField(issue.path), t), ...values });
}

/** Issues as the field-errors body, each message translated. */
export function localizeIssues(issues: readonly IssueLike[], t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issueField(issue.path);
    const message = issueText(issue, t);
    const list = (errors[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}
