import { data, Form, redirect, useNavigation } from 'react-router';
import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { z } from 'zod';
import { isApiError, loginBodySchema } from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { ResendLinkForm } from '#app/components/resend-link.tsx';
import { FieldErrors, FormErrors } from '#app/components/form-messages.tsx';
import { parseForm } from '#app/lib/forms.ts';
import { apiFailure, invalid, readForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { useLocaleData } from '#app/lib/locale-data.ts';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { cartNoticeCookie, cartNoticeValue, secureFor, type CartNotice } from '#app/lib/cookies.ts';
import { safeRedirect } from '#app/lib/safe-redirect.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/login';

/** The login form: the API's body, and where to go afterwards. */
const loginForm = loginBodySchema.extend({ redirectTo: z.string().optional() });

export function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const redirectTo = safeRedirect(
    new URL(request.url).searchParams.get('redirectTo'),
    `/${shop.locale}/`,
  );
  // Already logged in: nothing to do here.
  if (shop.user) throw redirect(redirectTo);
  return { redirectTo };
}

/** Logs in through the API (its session cookie reaches the browser), then goes back where the shopper was. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, loginForm, t);
  if (submission.status !== 'success') return invalid(submission);
  const { redirectTo, ...body } = submission.value;
  let cartMerge: CartNotice | null;
  try {
    ({ cartMerge } = await shop.api.accounts.login({ body }));
  } catch (error) {
    // Right password, address not confirmed yet: say so and offer the link again.
    if (isApiError(error, 403)) {
      const detail = (error.body as { detail?: unknown } | null)?.detail;
      return data(
        {
          result: submission.reply({ formErrors: [typeof detail === 'string' ? detail : ''] }),
          unconfirmed: body.email,
        },
        { status: 403 },
      );
    }
    return apiFailure(submission, error, t);
  }
  // When the visitor's cart met the account's, the next page says what changed.
  return redirect(safeRedirect(redirectTo, `/${shop.locale}/`), {
    headers: cartMerge
      ? { 'Set-Cookie': cartNoticeCookie.serialize(cartNoticeValue(cartMerge), secureFor(request)) }
      : {},
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.loginTitle', robots: 'noindex' });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const shop = useLocaleData();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseForm(formData, loginForm, t),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <section className="w-full max-w-sm" aria-labelledby="login-title">
      <AppLink to={`/${locale}/`} className="text-sm text-primary hover:underline">
        ← {shop?.shop.title || t('nav.home')}
      </AppLink>
      <h1 id="login-title" className="mt-3 mb-6 text-2xl font-bold">
        {t('auth.loginTitle')}
      </h1>
      <FormErrors form={form} />
      {actionData && 'unconfirmed' in actionData && (
        <ResendLinkForm email={String(actionData.unconfirmed)} />
      )}
      <Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div>
          <label htmlFor={fields.email.id} className="mb-1 block font-medium">
            {t('auth.email')}
          </label>
          <input
            {...getInputProps(fields.email, { type: 'email' })}
            autoComplete="email"
            className="w-full rounded-md border border-slate-300 px-3 py-2"
          />
          <FieldErrors field={fields.email} />
        </div>
        <div>
          <label htmlFor={fields.password.id} className="mb-1 block font-medium">
            {t('auth.password')}
          </label>
          <input
            {...getInputProps(fields.password, { type: 'password' })}
            autoComplete="current-password"
            className="w-full rounded-md border border-slate-300 px-3 py-2"
          />
          <FieldErrors field={fields.password} />
        </div>
        <button
          type="submit"
          disabled={navigation.state === 'submitting'}
          className="w-full rounded-md bg-primary px-4 py-3 font-bold text-white hover:bg-blue-800 disabled:opacity-70"
        >
          {t('auth.login')}
        </button>
      </Form>
      <p className="mt-4 text-sm">
        <AppLink to={`/${locale}/account/forgot-password/`} className="text-primary underline">
          {t('auth.forgotPassword')}
        </AppLink>
      </p>
      <p className="mt-2 text-sm">
        {t('auth.noAccount')}{' '}
        <AppLink to={`/${locale}/account/register/`} className="text-primary underline">
          {t('auth.register')}
        </AppLink>
      </p>
    </section>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
