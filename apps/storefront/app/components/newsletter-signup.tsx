import { getFormProps } from '@conform-to/react';
import { useFetcher } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { FormErrors, TextField } from '#app/components/form-messages.tsx';
import { newsletterSignupForm } from '#app/lib/account-forms.ts';
import type { FormReply } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useShopForm } from '#app/lib/shop-form.ts';

export type NewsletterReply = FormReply & { done?: string };

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
  const [form, fields] = useShopForm(newsletterSignupForm, {
    id: 'newsletter-signup',
    lastResult: reply?.result,
    defaultValue: { email },
  });
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
      {...getFormProps(form)}
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
