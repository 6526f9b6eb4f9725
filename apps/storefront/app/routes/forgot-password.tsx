import { AccountForm, AccountPage, Done } from '#app/components/account-page.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { EmailField, FormErrors } from '#app/components/form-messages.tsx';
import { emailForm } from '#app/lib/account-forms.ts';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useIsPending } from '#app/lib/pending.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/forgot-password';

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(await readForm(request, emailForm, t), t, async (body) => {
    const { detail } = await shop.api.accounts.passwordReset({ body });
    return { done: detail };
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.resetPassword', robots: 'noindex' });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const pending = useIsPending();
  const reply = actionData;
  const done = reply && 'done' in reply ? String(reply.done) : undefined;
  const [form, fields] = useShopForm(emailForm, {
    id: 'forgot-password',
    lastResult: reply?.result,
  });
  return (
    <AccountPage title={t('auth.resetPassword')}>
      {done ? (
        <Done>{done}</Done>
      ) : (
        <>
          <p className="mb-4">{t('auth.forgotPasswordText')}</p>
          <FormErrors form={form} />
          <AccountForm form={form} submit={t('auth.sendResetLink')} pending={pending}>
            <EmailField field={fields.email} />
          </AccountForm>
        </>
      )}
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
