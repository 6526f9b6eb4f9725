import { data } from 'react-router';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FeedbackForm } from '#app/components/feedback-form.tsx';
import { RichText } from '#app/components/rich-text.tsx';
import {
  contactForm,
  FEEDBACK_PAGES,
  isFeedbackPage,
  registerOrganizationForm,
  type FeedbackReply,
} from '#app/lib/feedback-forms.ts';
import { feedbackBody, feedbackFailure, feedbackInvalid } from '#app/lib/feedback.server.ts';
import { readForm } from '#app/lib/forms.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/feedback-page';

/** `/pages/contact/` or `/pages/register_new_organization/`: which one this request is for. */
function feedbackPage(request: Request) {
  const slug = new URL(request.url).pathname.split('/')[3] ?? '';
  if (!isFeedbackPage(slug)) throw data(null, { status: 404 });
  return { slug, kind: FEEDBACK_PAGES[slug] };
}

/** The content page with its form below (the shop's words about contacting or selling). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const { slug, kind } = feedbackPage(request);
  const page = await shop.api.content.page({ params: { slug } });
  return { page, kind };
}

/** Sends the form as feedback (spec section 7); the API stores it and mails the shop. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  const { kind } = feedbackPage(request);
  const submission =
    kind === 'contact'
      ? await readForm(request, contactForm, t)
      : await readForm(request, registerOrganizationForm, t);
  if (submission.status !== 'success') return feedbackInvalid(submission);
  const fields = Object.keys(
    kind === 'contact' ? contactForm.shape : registerOrganizationForm.shape,
  );
  try {
    const { detail } = await shop.api.organizations.feedback({
      body: feedbackBody(kind, submission.value, t),
    });
    return data<FeedbackReply>({ result: submission.reply({ resetForm: true }), done: detail });
  } catch (error) {
    return feedbackFailure(submission, error, fields, t);
  }
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const page = loaderData?.page;
  return pageMeta({
    matches,
    location,
    title: page?.meta.title || page?.title || '',
    ...(page ? { description: page.meta.description || page.description } : {}),
  });
}

export default function FeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, kind } = loaderData;
  const { t } = useI18n();
  const heading = kind === 'contact' ? t('feedback.title') : t('feedback.registerTitle');
  return (
    <article className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-3xl font-bold">{page.title}</h1>
      <RichText html={page.content} />
      <section aria-labelledby="feedback-title" className="mt-10">
        <h2 id="feedback-title" className="text-2xl font-bold">
          {heading}
        </h2>
        <p className="mt-2 mb-6 text-slate-700">
          {kind === 'contact' ? t('feedback.text') : t('feedback.registerText')}
        </p>
        <FeedbackForm kind={kind} reply={actionData} />
      </section>
    </article>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
