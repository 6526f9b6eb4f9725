import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkoutBodySchema, shippingAddressSchema } from './sales.ts';
import { loginBodySchema } from './accounts.ts';
import { fieldLabel, issueMessage, localizeIssues, type Translate } from './field-errors.ts';

/** Echoes the key and its values, so the mapping is visible without a catalogue. */
const echo: Translate = (key, values) =>
  key.startsWith('fields.')
    ? key.slice('fields.'.length).toUpperCase()
    : `${key}${values ? JSON.stringify(values) : ''}`;

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return result.error.issues;
};

describe('issueMessage', () => {
  it.each<[string, z.ZodType, unknown, string, Record<string, number>]>([
    ['missing string', z.object({ a: z.string() }), {}, 'forms.required', {}],
    [
      'empty after trim',
      z.object({ a: z.string().trim().min(1) }),
      { a: '  ' },
      'forms.required',
      {},
    ],
    ['wrong type', z.object({ a: z.string() }), { a: 5 }, 'forms.invalid', {}],
    ['short', z.object({ a: z.string().min(8) }), { a: 'abc' }, 'forms.minLength', { length: 8 }],
    ['long', z.object({ a: z.string().max(3) }), { a: 'abcd' }, 'forms.maxLength', { length: 3 }],
    ['small number', z.object({ a: z.number().min(1) }), { a: 0 }, 'forms.min', { min: 1 }],
    ['big number', z.object({ a: z.number().max(99) }), { a: 100 }, 'forms.max', { max: 99 }],
    ['email', z.object({ a: z.email() }), { a: 'nope' }, 'forms.email', {}],
    ['regex', z.object({ a: z.string().regex(/^\d+$/) }), { a: 'x' }, 'forms.regex', {}],
    ['enum', z.object({ a: z.enum(['x', 'y']) }), { a: 'z' }, 'forms.select', {}],
  ])('%s → %s', (_name, schema, input, key, values) => {
    const [issue] = issuesOf(schema, input);
    expect(issueMessage(issue!)).toEqual({ key, values });
  });

  it('takes a custom issue whose message is a key as that key, with its params', () => {
    const schema = z
      .object({ password: z.string(), passwordConfirmation: z.string() })
      .refine((v) => v.password === v.passwordConfirmation, {
        message: 'forms.confirmed',
        path: ['passwordConfirmation'],
      });
    const [issue] = issuesOf(schema, { password: 'a', passwordConfirmation: 'b' });
    expect(issueMessage(issue!)).toEqual({ key: 'forms.confirmed', values: {} });
  });
});

describe('localizeIssues', () => {
  it('answers every field of a bad login once, under its name, with the field label', () => {
    const errors = localizeIssues(issuesOf(loginBodySchema, { email: 'x' }), echo);
    expect(errors).toEqual({
      email: ['forms.email{"field":"EMAIL"}'],
      password: ['forms.required{"field":"PASSWORD"}'],
    });
  });

  it('names every bad field of a checkout body, and of its shipping address', () => {
    const errors = localizeIssues(issuesOf(checkoutBodySchema, {}), echo);
    for (const field of ['email', 'firstName', 'lastName', 'delivery', 'payment']) {
      expect(errors[field], field).toHaveLength(1);
    }
    // The address is optional in the body (a pickup needs none) and required on its own.
    const address = localizeIssues(issuesOf(shippingAddressSchema, { city: ' ' }), echo);
    expect(Object.keys(address).sort()).toEqual(['address', 'city', 'country', 'postcode']);
    expect(address.city).toEqual(['forms.required{"field":"CITY"}']);
  });

  it('puts issues of the whole body under non_field_errors', () => {
    expect(Object.keys(localizeIssues(issuesOf(z.string(), 5), echo))).toEqual([
      'non_field_errors',
    ]);
  });
});

describe('fieldLabel', () => {
  const t: Translate = (key) => (key === 'fields.firstName' ? 'Vorname' : key);
  it.each([
    ['firstName', 'Vorname'],
    ['items.0.firstName', 'Vorname'],
    ['unknown', 'unknown'],
  ])('%s → %s', (field, label) => {
    expect(fieldLabel(field, t)).toBe(label);
  });
});
