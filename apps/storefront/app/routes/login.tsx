import { data, redirect } from 'react-router';
import { z } from 'zod';
import { isApiError, loginBodySchema } from '@shop/contract';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { ResendLinkForm } from '#app/components/resend-link.tsx';
import { EmailField, FormErrors, TextField } from '#app/components/form-messages.tsx';
import { AccountForm, AccountPage } from '#app/components/account-page.tsx';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { cartNoticeCookie, cartNoticeValue, loginNextCookie, secureFor } from '#app/lib/cookies.ts';
import { safePageRedirect } from '@shop/domain';
import { useIsPending } from '#app/lib/pending.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/login';

/** The login form: the API's body, and where to go afterwards. */
const loginForm = loginBodySchema.extend({ redirectTo: z.string().max(2000).optional() });

/** The account pages that lead to the login: never the way back (the loop login → register). */
const ACCOUNT_STEPS =
  /^\/[a-z]{2}\/account\/(login|logout|register|forgot-password|reset-password|confirm-email|confirmed)\//;

/**
 * The page that sent the shopper here, from the `Referer` of this very origin (a link of the
 * shop without `redirectTo`, such as the register page's "Log in"), or null.
 */
function referringPage(request: Request): string | null {
  const referer = request.headers.get('referer');
  if (!referer || !URL.canParse(referer)) return null;
  const from = new URL(referer);
  if (from.origin !== new URL(request.url).origin) return null;
  const path = `${from.pathname}${from.search}`;
  return ACCOUNT_STEPS.test(from.pathname) ? null : path;
}

export function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  // Where to go afterwards: the link's `redirectTo`, else the way back a guard stored, else the
  // page the shopper came from; only ever a page of this shop (never an open redirect).
  const home = `/${shop.locale}/`;
  const asked = new URL(request.url).searchParams.get('redirectTo');
  const redirectTo = safePageRedirect(
    asked ?? loginNextCookie.parse(request.headers.get('cookie')) ?? referringPage(request),
    home,
  );
  // Already logged in: nothing to do here.
  if (shop.user) throw redirect(redirectTo);
  return { redirectTo };
}

/** Logs in through the API (its session cookie reaches the browser), then goes back where the shopper was. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(
    await readForm(request, loginForm, t),
    t,
    async ({ redirectTo, ...body }) => {
      const { cartMerge } = await shop.api.accounts.login({ body });
      // When the visitor's cart met the account's, the next page says what changed.
      const headers = new Headers();
      headers.append('Set-Cookie', loginNextCookie.serialize('', { maxAge: 0 }));
      if (cartMerge) {
        headers.append(
          'Set-Cookie',
          cartNoticeCookie.serialize(cartNoticeValue(cartMerge), secureFor(request)),
        );
      }
      return redirect(safePageRedirect(redirectTo, `/${shop.locale}/`), { headers });
    },
    {
      // Right password, address not confirmed yet: say so and offer the link again.
      refused: (error, failure, { email }) =>
        isApiError(error, 403)
          ? data({ ...failure.data, unconfirmed: email }, failure.init ?? undefined)
          : failure,
    },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.loginTitle', robots: 'noindex' });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  // This form's own submission: the "Send the link again" form beside it leaves it enabled.
  const pending = useIsPending();
  const [form, fields] = useShopForm(loginForm, { id: 'login', lastResult: actionData?.result });
  return (
    <AccountPage title={t('auth.loginTitle')}>
      <FormErrors form={form} />
      {actionData && 'unconfirmed' in actionData && (
        <ResendLinkForm email={String(actionData.unconfirmed)} />
      )}
      <AccountForm
        form={form}
        submit={t('auth.login')}
        pending={pending}
        className="mt-4 max-w-md space-y-4"
      >
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <EmailField field={fields.email} />
        <TextField
          field={fields.password}
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
        />
      </AccountForm>
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
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
