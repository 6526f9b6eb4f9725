import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Button } from './button.tsx';
import { CsrfInput } from './csrf-input.tsx';

/** The frame of the account pages (register, confirm, forgot and reset password): one column. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="account-title">
      <h1 id="account-title" className="mb-6 text-2xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** What a finished step says (account created, link sent, password changed). */
export function Done({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-green-200 bg-green-50 p-4 break-words">
      {children}
    </p>
  );
}

/**
 * A form of the account pages and the dashboard, one column wide: the CSRF token, the `intent`
 * that tells it from the page's other forms, the fields, and one wide button that waits while
 * the form is sent. The form's own messages (`FormErrors`) stand where the page puts them.
 */
export function AccountForm<Schema extends Record<string, unknown>>({
  form,
  submit,
  pending,
  intent,
  className = 'max-w-md space-y-4',
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  submit: string;
  pending: boolean;
  intent?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className={className} {...getFormProps(form)}>
      <CsrfInput />
      {intent && <input type="hidden" name="intent" value={intent} />}
      {children}
      <Button type="submit" size="lg" block disabled={pending}>
        {submit}
      </Button>
    </Form>
  );
}

export const inputClass = 'w-full rounded-md border border-slate-300 px-3 py-2';
