import { redirect } from 'react-router';
import { getSelectProps, type SubmissionResult } from '@conform-to/react';
import { AccountForm } from '#app/components/account-page.tsx';
import { DashboardSection, Saved } from '#app/components/dashboard-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import {
  FieldErrors,
  FormErrors,
  NewPasswordFields,
  TextField,
} from '#app/components/form-messages.tsx';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopper } from '#app/lib/account.server.ts';
import { changePasswordForm, preferencesForm, settingsForm } from '#app/lib/account-forms.ts';
import { resultFor } from '#app/lib/forms.ts';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { setNotice } from '#app/lib/cookies.ts';
import type { Route } from './+types/dashboard-settings';

export function loader({ context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const user = getShopper(context);
  return {
    locale: user.locale,
    noCache: user.noCache,
    languages: shop.languages,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  // The settings go to the next page; a changed password empties the form.
  return sendForm(
    await readForm(request, settingsForm, t),
    t,
    async (form) => {
      if (form.intent === 'settings') {
        const user = await shop.api.accounts.updateUserInfo({
          body: { locale: form.locale, noCache: form.noCache ?? false },
        });
        // The shop follows the chosen language at once.
        return redirect(`/${user.locale}/account/dashboard/settings/`, {
          headers: { 'Set-Cookie': setNotice('settingsSaved', request) },
        });
      }
      await shop.api.accounts.changePassword({
        body: { currentPassword: form.currentPassword, password: form.password },
      });
      return { done: t('account.passwordChanged') };
    },
    { resetForm: true },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.settings', robots: 'noindex' });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const savingSettings = useIsPending({ intent: 'settings' });
  const changingPassword = useIsPending({ intent: 'password' });
  const [settings, settingsFields] = useShopForm(preferencesForm, {
    id: 'preferences-form',
    lastResult: resultFor<SubmissionResult<string[]>>(actionData, { intent: 'settings' }),
    defaultValue: { locale: loaderData.locale },
    // A language and a checkbox: nothing to check before the post.
    shouldValidate: 'onSubmit',
  });
  const [password, passwordFields] = useShopForm(changePasswordForm, {
    id: 'password-form',
    lastResult: resultFor<SubmissionResult<string[]>>(actionData, { intent: 'password' }),
  });
  const passwordDone =
    actionData && 'done' in actionData && typeof actionData.done === 'string'
      ? actionData.done
      : undefined;
  return (
    <div className="space-y-6">
      <DashboardSection id="settings" title={t('account.settings')}>
        <FormErrors form={settings} />
        <AccountForm
          form={settings}
          submit={t('account.saveChanges')}
          pending={savingSettings}
          intent="settings"
        >
          <div>
            <label htmlFor={settingsFields.locale.id} className="mb-1 block font-medium">
              {t('account.language')}
            </label>
            <select
              {...getSelectProps(settingsFields.locale)}
              className="w-full rounded-md border border-slate-300 px-3 py-2"
            >
              {loaderData.languages.map((language) => (
                <option key={language.code} value={language.code} lang={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
            <FieldErrors field={settingsFields.locale} />
          </div>
          <div className="flex items-start gap-3">
            <input
              id={settingsFields.noCache.id}
              name={settingsFields.noCache.name}
              type="checkbox"
              defaultChecked={loaderData.noCache}
              aria-describedby="no-cache-hint"
              className="mt-1 h-5 w-5"
            />
            <div>
              <label htmlFor={settingsFields.noCache.id} className="font-medium">
                {t('account.noCacheMode')}
              </label>
              <p id="no-cache-hint" className="text-sm text-slate-600">
                {t('account.noCacheModeHint')}
              </p>
            </div>
          </div>
        </AccountForm>
      </DashboardSection>
      <DashboardSection id="change-password" title={t('account.changePassword')}>
        {passwordDone && <Saved>{passwordDone}</Saved>}
        <FormErrors form={password} />
        <AccountForm
          form={password}
          submit={t('account.changePassword')}
          pending={changingPassword}
          intent="password"
        >
          <TextField
            field={passwordFields.currentPassword}
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
          />
          <NewPasswordFields
            password={passwordFields.password}
            confirmation={passwordFields.passwordConfirmation}
            label={t('auth.newPassword')}
          />
        </AccountForm>
      </DashboardSection>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
