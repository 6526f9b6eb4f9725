import { data, redirect } from 'react-router';
import { isApiError } from '@shop/contract';
import { AccountPage, Done } from '#app/components/account-page.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { ResendLinkForm } from '#app/components/resend-link.tsx';
import { emailForm } from '#app/lib/account-forms.ts';
import { readForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/confirm-email';

/** The first message of a 400 answer (`{token: [...]}` or `{detail}`), if there is one. */
function refusal(error: unknown): string | null {
  if (!isApiError(error, 400)) return null;
  // The contract's error body: `{detail}` or field errors, read with its schema.
  const body = error.errorBody;
  if (!body) return null;
  if ('detail' in body && typeof body.detail === 'string') return body.detail;
  const first: unknown = Object.values(body).flat()[0];
  return typeof first === 'string' ? first : null;
}

/** Opening the link confirms the address; a used, expired or broken link says so. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    await shop.api.accounts.confirmEmail({ body: { token } });
  } catch (error) {
    const message = refusal(error);
    if (message === null) throw error;
    return { problem: message || t('auth.linkUsed') };
  }
  throw redirect(`/${shop.locale}/account/confirmed/`);
}

/** "Send the link again" (from here or from the login page). */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, emailForm, t);
  if (submission.status !== 'success') {
    return data({ sent: null, problem: t('forms.email') }, { status: 400 });
  }
  const { detail } = await shop.api.accounts.resendConfirmation({ body: submission.value });
  return { sent: detail, problem: null };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'auth.confirmEmailTitle', robots: 'noindex' });
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <AccountPage title={t('auth.confirmEmailTitle')}>
      {actionData?.sent ? (
        <Done>{actionData.sent}</Done>
      ) : (
        <>
          <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
            {actionData?.problem ?? loaderData.problem}
          </p>
          <ResendLinkForm />
        </>
      )}
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
