import { AccountForm } from '#app/components/account-page.tsx';
import { DashboardSection, Saved } from '#app/components/dashboard-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors, TextField } from '#app/components/form-messages.tsx';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopper } from '#app/lib/account.server.ts';
import { accountInfoForm } from '#app/lib/account-forms.ts';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/dashboard-info';

export function loader({ context }: Route.LoaderArgs) {
  const user = getShopper(context);
  return { email: user.email, firstName: user.firstName, lastName: user.lastName };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(await readForm(request, accountInfoForm, t), t, async (body) => {
    await shop.api.accounts.updateUserInfo({ body });
    return { done: t('account.changesSaved') };
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.accountInfo', robots: 'noindex' });
}

export default function AccountInfo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const pending = useIsPending();
  const [form, fields] = useShopForm(accountInfoForm, {
    lastResult: actionData?.result,
    defaultValue: { firstName: loaderData.firstName, lastName: loaderData.lastName },
  });
  return (
    <DashboardSection id="account-info" title={t('account.accountInfo')}>
      {actionData && 'done' in actionData && typeof actionData.done === 'string' && (
        <Saved>{actionData.done}</Saved>
      )}
      <FormErrors form={form} />
      <AccountForm form={form} submit={t('account.saveChanges')} pending={pending}>
        <div>
          <p className="mb-1 font-medium">{t('auth.email')}</p>
          <p className="break-words text-slate-700">{loaderData.email}</p>
        </div>
        <TextField field={fields.firstName} label={t('auth.firstName')} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t('auth.lastName')} autoComplete="family-name" />
      </AccountForm>
    </DashboardSection>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
