import { data, Form, redirect, useNavigation } from 'react-router';
import { isApiError } from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { safeRedirect, verifyCsrf } from '#app/lib/csrf.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { useLocaleData } from './locale.tsx';
import type { Route } from './+types/login';

type Errors = {
  email?: 'required' | 'email';
  password?: 'required';
  form?: 'invalidCredentials' | 'somethingWentWrong';
};

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
  const form = await request.formData();
  verifyCsrf(request, form);
  const text = (key: string) => {
    const value = form.get(key);
    return typeof value === 'string' ? value : '';
  };
  const email = text('email').trim();
  const password = text('password');
  const errors: Errors = {};
  if (!email) errors.email = 'required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'email';
  if (!password) errors.password = 'required';
  if (errors.email || errors.password) return data({ errors, email }, { status: 400 });
  try {
    await shop.api.accounts.login({ email, password });
  } catch (error) {
    const form: Errors['form'] = isApiError(error, 400)
      ? 'invalidCredentials'
      : 'somethingWentWrong';
    return data({ errors: { form }, email }, { status: isApiError(error, 400) ? 400 : 502 });
  }
  return redirect(safeRedirect(form.get('redirectTo'), `/${shop.locale}/`));
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.loginTitle', robots: 'noindex' });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const shop = useLocaleData();
  const navigation = useNavigation();
  const errors: Errors = actionData?.errors ?? {};
  const fieldError = (id: string, key: string | undefined) =>
    key ? (
      <p id={id} className="mt-1 text-sm text-red-700">
        {t(`forms.${key}`)}
      </p>
    ) : null;
  return (
    <section className="w-full max-w-sm" aria-labelledby="login-title">
      <AppLink to={`/${locale}/`} className="text-sm text-primary hover:underline">
        ← {shop?.shop.title || t('nav.home')}
      </AppLink>
      <h1 id="login-title" className="mt-3 mb-6 text-2xl font-bold">
        {t('auth.loginTitle')}
      </h1>
      {errors.form && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-red-800">
          {t(
            errors.form === 'invalidCredentials'
              ? 'auth.invalidCredentials'
              : 'errors.somethingWentWrong',
          )}
        </p>
      )}
      <Form method="post" noValidate className="space-y-4">
        <input type="hidden" name="csrf" value={shop?.csrfToken ?? ''} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div>
          <label htmlFor="email" className="mb-1 block font-medium">
            {t('auth.email')}
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={actionData?.email ?? ''}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? 'email-error' : undefined}
            className="w-full rounded-md border border-slate-300 px-3 py-2"
          />
          {fieldError('email-error', errors.email)}
        </div>
        <div>
          <label htmlFor="password" className="mb-1 block font-medium">
            {t('auth.password')}
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'password-error' : undefined}
            className="w-full rounded-md border border-slate-300 px-3 py-2"
          />
          {fieldError('password-error', errors.password)}
        </div>
        <button
          type="submit"
          disabled={navigation.state === 'submitting'}
          className="w-full rounded-md bg-primary px-4 py-3 font-bold text-white hover:bg-blue-800 disabled:opacity-70"
        >
          {t('auth.login')}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
