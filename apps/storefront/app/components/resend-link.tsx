import { Form } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { useIsPending } from '#app/lib/pending.ts';
import { CsrfInput } from './csrf-input.tsx';

/**
 * "Send the link again": posts the address to the confirm-email page, which asks the API for a
 * new link (the same answer whether or not the address has an account).
 */
export function ResendLinkForm({ email }: { email?: string }) {
  const { locale, t } = useI18n();
  const action = `/${locale}/account/confirm-email/`;
  const pending = useIsPending({ formAction: action });
  return (
    <Form method="post" action={action} className="mt-4 space-y-2">
      <CsrfInput />
      <input type="hidden" name="intent" value="resend" />
      {email ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <>
          <label htmlFor="resend-email" className="block font-medium">
            {t('auth.email')}
          </label>
          <input
            id="resend-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            className="w-full rounded-md border border-slate-300 px-3 py-2"
          />
        </>
      )}
      <Button type="submit" variant="secondary" className="font-medium" disabled={pending}>
        {t('auth.resendLink')}
      </Button>
    </Form>
  );
}
