import { Form } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import {
  FEEDBACK_STATES,
  STAFF_FEEDBACK_PAGE_SIZE,
  feedbackStateSchema,
  staffFeedbackBodySchema,
  type StaffFeedback,
} from '@shop/contract';
import { z } from 'zod';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FormErrors } from '#app/components/form-messages.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import { FilterSelect, filterField, StaffHeading } from '#app/components/staff-parts.tsx';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { resultFor } from '#app/lib/forms.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-feedback';

const markFormSchema = z.intersection(
  z.object({ message: z.coerce.number().int().positive() }),
  staffFeedbackBodySchema,
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const url = new URL(request.url);
  const state = feedbackStateSchema.safeParse(url.searchParams.get('state')).data;
  const raw = Number(url.searchParams.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 10_000 ? raw : 1;
  const list = await shop.api.staff.feedback({ query: { ...(state ? { state } : {}), page } });
  return { list, state: state ?? '', page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(await readForm(request, markFormSchema, t), t, async ({ message, ...body }) => {
    await shop.api.staff.markFeedback({ params: { id: message }, body });
    return {};
  });
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staff.feedback.title', robots: 'noindex' });
}

export default function StaffFeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { list, state, page } = loaderData;
  const base = `/${locale}/staff/feedback/`;
  const pages = Math.max(1, Math.ceil(list.count / STAFF_FEEDBACK_PAGE_SIZE));
  const href = (p: number) => {
    const query = new URLSearchParams(state ? { state } : {});
    if (p > 1) query.set('page', String(p));
    return `${base}${query.size ? `?${query}` : ''}`;
  };
  return (
    <>
      <StaffHeading title={t('staff.feedback.title')} />
      <Form method="get" action={base} className="mb-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          field={filterField('state')}
          label={t('staff.feedback.state')}
          value={state}
          all={t('staff.orders.all')}
          options={FEEDBACK_STATES.map((s) => ({
            value: s,
            label: t(`staff.feedback.states.${s}`),
          }))}
        />
        <Button type="submit">{t('staff.orders.apply')}</Button>
      </Form>
      {list.results.length === 0 ? (
        <p>{t('staff.feedback.none')}</p>
      ) : (
        <ul className="space-y-4">
          {list.results.map((message) => (
            <Message
              key={message.id}
              message={message}
              lastResult={resultFor(actionData, { message: String(message.id) })}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} total={pages} href={href} />
    </>
  );
}

type Result = SubmissionResult<string[]> | undefined;

function Message({ message, lastResult }: { message: StaffFeedback; lastResult: Result }) {
  const { locale, t } = useI18n();
  const id = `feedback-${message.id}`;
  const [form] = useShopForm(markFormSchema, { id, lastResult, shouldValidate: 'onSubmit' });
  const fields = { message: String(message.id) };
  const reading = useIsPending({ fields: { ...fields, mark: 'read' } });
  const answering = useIsPending({ fields: { ...fields, mark: 'answered' } });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <article aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="font-bold break-words">
          {message.subject}
        </h2>
        <p className="text-sm break-words text-slate-600">
          {message.name} ({message.email}
          {message.phone ? `, ${message.phone}` : ''}) ·{' '}
          <time dateTime={message.createdAt}>{date.format(new Date(message.createdAt))}</time> ·{' '}
          {message.language.toUpperCase()} ·{' '}
          <strong>{t(`staff.feedback.states.${message.state}`)}</strong>
        </p>
        <p className="mt-2 break-words whitespace-pre-line">{message.message}</p>
      </article>
      <Form method="post" id={form.id} className="mt-3 flex flex-wrap items-center gap-2">
        <FormErrors form={form} />
        <CsrfInput />
        <input type="hidden" name="message" value={message.id} />
        <a
          href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
          className="text-primary underline"
        >
          {t('staff.feedback.reply')}
        </a>
        {message.state === 'new' && (
          <Button
            type="submit"
            name="mark"
            value="read"
            variant="secondary"
            size="sm"
            disabled={reading}
          >
            {t('staff.feedback.markRead')}
          </Button>
        )}
        {message.state !== 'answered' && (
          <Button
            type="submit"
            name="mark"
            value="answered"
            variant="secondary"
            size="sm"
            disabled={answering}
          >
            {t('staff.feedback.markAnswered')}
          </Button>
        )}
      </Form>
    </li>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
