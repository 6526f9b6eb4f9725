import { AccountForm, AccountPage, Done } from '#app/components/account-page.tsx';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import {
  EmailField,
  FormErrors,
  NewPasswordFields,
  TextField,
} from '#app/components/form-messages.tsx';
import { registerForm } from '#app/lib/account-forms.ts';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useIsPending } from '#app/lib/pending.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/register';

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(
    await readForm(request, registerForm, t),
    t,
    async ({ passwordConfirmation: _repeat, ...body }) => {
      const { detail } = await shop.api.accounts.register({ body });
      return { done: detail };
    },
    { resetForm: true },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.registerTitle', robots: 'noindex' });
}

export default function Register({ actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  // Only this form's submission disables its button, not any form sent on the page.
  const pending = useIsPending();
  const reply = actionData;
  const done = reply && 'done' in reply ? String(reply.done) : undefined;
  const [form, fields] = useShopForm(registerForm, { id: 'register', lastResult: reply?.result });
  if (done) {
    return (
      <AccountPage title={t('auth.registerTitle')}>
        <Done>{done}</Done>
      </AccountPage>
    );
  }
  return (
    <AccountPage title={t('auth.registerTitle')}>
      <FormErrors form={form} />
      <AccountForm form={form} submit={t('auth.register')} pending={pending}>
        <EmailField field={fields.email} />
        <TextField field={fields.firstName} label={t('auth.firstName')} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t('auth.lastName')} autoComplete="family-name" />
        <NewPasswordFields
          password={fields.password}
          confirmation={fields.passwordConfirmation}
          label={t('auth.password')}
        />
      </AccountForm>
      <p className="mt-6 text-sm">
        {t('auth.haveAccount')}{' '}
        <AppLink to={`/${locale}/account/login/`} className="text-primary underline">
          {t('auth.login')}
        </AppLink>
      </p>
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
