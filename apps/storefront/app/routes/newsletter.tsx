import { data, Form } from 'react-router';
import { isApiError } from '@shop/contract';
import { AccountPage, Done } from '#app/components/account-page.tsx';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { NewsletterSignup, type NewsletterReply } from '#app/components/newsletter-signup.tsx';
import { newsletterPageForm } from '#app/lib/account-forms.ts';
import { apiFailure, invalid, readForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/newsletter';

/** The first message of a refused link (`{token: [...]}`), if the API said one. */
function linkRefusal(error: unknown): string | null {
  if (!isApiError(error, 400)) return null;
  const body = error.errorBody;
  if (!body) return null;
  const first: unknown = Object.values(body).flat()[0];
  return typeof first === 'string' ? first : null;
}

/**
 * The newsletter's page (issue 23): the mailed link `?confirm=` puts the address on the list (a
 * state: opening it again changes nothing); `?unsubscribe=` asks first, with one button (a mail
 * scanner that follows links must not unsubscribe anybody); without a link, the sign-up.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const query = new URL(request.url).searchParams;
  const confirm = query.get('confirm');
  const unsubscribe = query.get('unsubscribe');
  if (confirm !== null) {
    try {
      const { detail } = await shop.api.accounts.newsletterConfirm({ body: { token: confirm } });
      return { done: detail, problem: null, unsubscribe };
    } catch (error) {
      const problem = linkRefusal(error);
      if (problem === null) throw error;
      return { done: null, problem: problem || t('forms.invalidLink'), unsubscribe: null };
    }
  }
  return { done: null, problem: null, unsubscribe };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const submission = await readForm(request, newsletterPageForm, t);
  if (submission.status !== 'success') return invalid(submission);
  const form = submission.value;
  try {
    const { detail } =
      form.intent === 'subscribe'
        ? await shop.api.accounts.newsletterSubscribe({ body: { email: form.email } })
        : await shop.api.accounts.newsletterUnsubscribe({ body: { token: form.token } });
    return data<NewsletterReply>({ result: submission.reply({ resetForm: true }), done: detail });
  } catch (error) {
    return apiFailure(submission, error, t);
  }
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'newsletter.title', robots: 'noindex' });
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const leaving = useIsPending({ intent: 'unsubscribe' });
  const answered =
    actionData && 'done' in actionData && typeof actionData.done === 'string'
      ? actionData.done
      : null;
  const done = answered ?? loaderData.done;
  // A refused link, or a failure to unsubscribe; the sign-up form shows its own messages.
  const errors = actionData?.result.error;
  const problem = errors?.token ?? (loaderData.unsubscribe ? errors?.[''] : undefined);
  return (
    <AccountPage title={t('newsletter.title')}>
      {done ? (
        <Done>{done}</Done>
      ) : loaderData.problem || problem ? (
        <p role="alert" className="mb-6 rounded-md bg-red-50 p-4 text-red-800">
          {loaderData.problem ?? problem?.join(' ')}
        </p>
      ) : null}
      {loaderData.unsubscribe && !answered ? (
        <Form method="post" className="mt-6 space-y-4">
          <CsrfInput />
          <input type="hidden" name="intent" value="unsubscribe" />
          <input type="hidden" name="token" value={loaderData.unsubscribe} />
          <p>{t(done ? 'newsletter.changedMind' : 'newsletter.unsubscribeQuestion')}</p>
          <Button type="submit" variant="secondary" size="lg" block disabled={leaving}>
            {t('newsletter.unsubscribe')}
          </Button>
        </Form>
      ) : !done ? (
        <div className="mt-6">
          <p className="mb-4 text-slate-700">{t('footer.newsletterText')}</p>
          <NewsletterSignup reply={actionData} />
        </div>
      ) : null}
    </AccountPage>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
