import { data, redirect } from 'react-router';
import { isApiError } from '@shop/contract';
import { AccountForm, AccountPage } from '#app/components/account-page.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors, NewPasswordFields } from '#app/components/form-messages.tsx';
import { resetPasswordForm } from '#app/lib/account-forms.ts';
import { readForm, sendForm, type FormReply } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useIsPending } from '#app/lib/pending.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { setNotice } from '#app/lib/cookies.ts';
import type { Route } from './+types/reset-password';

type Reply = FormReply;

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, resetPasswordForm, t);
  // The token is not a field the shopper can fix: a broken link is said above the form.
  if (submission.status !== 'success' && submission.error?.token) {
    return data<Reply>(
      { result: submission.reply({ formErrors: [t('forms.invalidLink')] }) },
      { status: 400 },
    );
  }
  return sendForm(
    submission,
    t,
    async ({ passwordConfirmation: _repeat, ...body }) => {
      await shop.api.accounts.passwordResetConfirm({ body });
      // The reset signed the shopper in (issue 23): a new page, so that even without JavaScript
      // the whole page (its header) shows the shopper logged in, with a toast that says so.
      return redirect(`/${shop.locale}/account/dashboard/`, {
        headers: { 'Set-Cookie': setNotice('passwordReset', request) },
      });
    },
    {
      // A used or expired link: the API's words (at its `token`) above the form.
      refused: (error, failure) => {
        const body = isApiError(error, 400) ? error.errorBody : undefined;
        const token = body && !('detail' in body) ? body.token : undefined;
        if (!Array.isArray(token) || typeof token[0] !== 'string') return failure;
        return data<Reply>(
          { result: submission.reply({ formErrors: [token[0]] }) },
          { status: 400 },
        );
      },
    },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.resetPassword', robots: 'noindex' });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const pending = useIsPending();
  const reply = actionData;
  const [form, fields] = useShopForm(resetPasswordForm, {
    id: 'reset-password',
    lastResult: reply?.result,
  });
  return (
    <AccountPage title={t('auth.resetPassword')}>
      <FormErrors form={form} />
      <AccountForm form={form} submit={t('auth.resetPassword')} pending={pending}>
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.passwordConfirmation}
          label={t('auth.newPassword')}
        />
      </AccountForm>
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
