import { Form } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { DashboardSection, Saved } from '#app/components/dashboard-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors } from '#app/components/form-messages.tsx';
import { getShopper } from '#app/lib/account.server.ts';
import { newsletterForm } from '#app/lib/account-forms.ts';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/dashboard-newsletter';

export function loader({ context }: Route.LoaderArgs) {
  return { subscribed: getShopper(context).newsletter };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(await readForm(request, newsletterForm, t), t, async (form) => {
    const newsletter = form.newsletter === 'subscribe';
    const user = await shop.api.accounts.updateUserInfo({ body: { newsletter } });
    return {
      done: t(user.newsletter ? 'account.newsletterOn' : 'account.newsletterOff'),
      subscribed: user.newsletter,
    };
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.newsletter', robots: 'noindex' });
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const pending = useIsPending();
  const done =
    actionData && 'done' in actionData && typeof actionData.done === 'string'
      ? actionData.done
      : undefined;
  const subscribed =
    actionData && 'subscribed' in actionData && typeof actionData.subscribed === 'boolean'
      ? actionData.subscribed
      : loaderData.subscribed;
  const errors = actionData?.result.error?.[''] ?? [];
  return (
    <DashboardSection id="newsletter" title={t('account.newsletter')}>
      {done ? (
        <Saved>{done}</Saved>
      ) : (
        <p className="mb-4">{t(subscribed ? 'account.newsletterOn' : 'account.newsletterOff')}</p>
      )}
      <FormErrors form={{ errorId: 'newsletter-errors', errors }} />
      <Form method="post" className="max-w-md">
        <CsrfInput />
        <Button
          type="submit"
          name="newsletter"
          value={subscribed ? 'unsubscribe' : 'subscribe'}
          disabled={pending}
          size="lg"
          block
        >
          {t(subscribed ? 'account.newsletterUnsubscribe' : 'account.newsletterSubscribe')}
        </Button>
      </Form>
    </DashboardSection>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
