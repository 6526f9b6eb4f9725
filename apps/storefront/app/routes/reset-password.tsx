import { data, Form, useNavigation } from 'react-router';
import { getFormProps, useForm } from '@conform-to/react';
import { isApiError } from '@shop/contract';
import { AccountPage, buttonClass, Done } from '#app/components/account-page.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors, NewPasswordFields } from '#app/components/form-messages.tsx';
import { resetPasswordForm } from '#app/lib/account-forms.ts';
import { parseForm } from '#app/lib/forms.ts';
import { apiFailure, invalid, readForm, type FormReply } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/reset-password';

type Reply = FormReply & { done?: string };

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, resetPasswordForm, t);
  if (submission.status !== 'success') {
    // The token is not a field the shopper can fix: a broken link is said above the form.
    const tokenErrors = submission.error?.token;
    if (tokenErrors) {
      return data<Reply>(
        { result: submission.reply({ formErrors: [t('forms.invalidLink')] }) },
        { status: 400 },
      );
    }
    return invalid(submission);
  }
  const { passwordConfirmation: _repeat, ...body } = submission.value;
  try {
    const { detail } = await shop.api.accounts.passwordResetConfirm({ body });
    return data<Reply>({ result: submission.reply({ resetForm: true }), done: detail });
  } catch (error) {
    if (isApiError(error, 400)) {
      const body = error.errorBody;
      const token = body && !('detail' in body) ? body.token : undefined;
      if (Array.isArray(token) && typeof token[0] === 'string') {
        return data<Reply>(
          { result: submission.reply({ formErrors: [token[0]] }) },
          { status: 400 },
        );
      }
    }
    return apiFailure(submission, error, t);
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.resetPassword', robots: 'noindex' });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const navigation = useNavigation();
  const reply = actionData;
  const done = reply && 'done' in reply ? String(reply.done) : undefined;
  const [form, fields] = useForm({
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseForm(formData, resetPasswordForm, t),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  if (done) {
    return (
      <AccountPage title={t('auth.resetPassword')}>
        <Done>{done}</Done>
        <AppLink
          to={`/${locale}/account/login/`}
          className={`mt-6 block text-center ${buttonClass}`}
        >
          {t('auth.login')}
        </AppLink>
      </AccountPage>
    );
  }
  return (
    <AccountPage title={t('auth.resetPassword')}>
      <FormErrors form={form} />
      <Form method="post" className="space-y-4" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.passwordConfirmation}
          label={t('auth.newPassword')}
        />
        <button type="submit" disabled={navigation.state === 'submitting'} className={buttonClass}>
          {t('auth.resetPassword')}
        </button>
      </Form>
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
