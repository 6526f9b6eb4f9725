import { useFetcher } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { FormErrors, TextField } from '#app/components/form-messages.tsx';
import type { FormReply } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { formChecks, useLazyShopForm } from '#app/lib/lazy-form.ts';
import type * as NewsletterCheck from '#app/lib/newsletter-check.ts';

export type NewsletterReply = FormReply & { done?: string };

/**
 * The form's check in the browser, loaded on the shopper's first touch of the form (a focus, a
 * tap): zod and the account schemas are most of what this form would run, and home ran them on
 * every view for a form few visitors use (issue 25, decision 0076). The cart's and the checkout's
 * mechanism (lib/lazy-form.ts, decision 0084): a form sent before the check is here waits for it
 * (at most the time limit from the press) and is sent again, once; should it fail to load or be
 * late, the form goes to the server unchecked, which checks it with the same schema and answers in
 * place.
 */
const newsletterChecks = formChecks(() => import('#app/lib/newsletter-check.ts'));

/**
 * The newsletter sign-up for anyone, with or without an account (issue 23): an address, then a
 * mailed link to confirm (double opt-in). It posts to the newsletter page; with JavaScript the
 * answer shows in place, without it the newsletter page shows it.
 */
export function NewsletterSignup({
  email,
  reply: pageReply,
}: {
  email?: string | undefined;
  /** The newsletter page's own answer (a sign-up sent without JavaScript). */
  reply?: NewsletterReply | undefined;
}) {
  const { t, locale } = useI18n();
  const fetcher = useFetcher<NewsletterReply>();
  const reply = fetcher.data ?? pageReply;
  // The shop's form set-up (lib/shop-form.ts: first checked on submit, then on every keystroke)
  // with the check loaded later.
  const [form, fields, formProps] = useLazyShopForm(
    newsletterChecks,
    (m: typeof NewsletterCheck) => m.newsletterSignupForm,
    { id: 'newsletter-signup', lastResult: reply?.result, defaultValue: { email } },
  );
  if (reply?.done) {
    return (
      <p role="status" className="font-medium break-words text-green-800">
        {reply.done}
      </p>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={`/${locale}/newsletter/`}
      className="grid gap-3 sm:min-w-80"
      {...formProps}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="subscribe" />
      <FormErrors form={form} />
      <TextField
        field={fields.email}
        label={t('newsletter.email')}
        type="email"
        autoComplete="email"
      />
      <Button type="submit" disabled={fetcher.state !== 'idle'} size="lg" block>
        {t('footer.subscribe')}
      </Button>
    </fetcher.Form>
  );
}
