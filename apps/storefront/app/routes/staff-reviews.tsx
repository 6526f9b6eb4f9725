import { Form } from 'react-router';
import type { SubmissionResult } from '@conform-to/react';
import {
  STAFF_REVIEW_KINDS,
  STAFF_REVIEW_PAGE_SIZE,
  staffReviewBodySchema,
  staffReviewKindSchema,
  type StaffReview,
} from '@shop/contract';
import { z } from 'zod';
import { Button } from '#app/components/button.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { FieldErrors, FormErrors } from '#app/components/form-messages.tsx';
import { Pagination } from '#app/components/pagination.tsx';
import {
  FilterSelect,
  filterField,
  StaffField,
  StaffHeading,
  StatusLine,
} from '#app/components/staff-parts.tsx';
import { readForm, sendForm } from '#app/lib/forms.server.ts';
import { resultFor } from '#app/lib/forms.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { pageMeta } from '#app/lib/seo.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/staff-reviews';

/** The form of one review's moderation: which review, and the API's body. */
const moderateFormSchema = z.intersection(
  z.object({ kind: staffReviewKindSchema, review: z.coerce.number().int().positive() }),
  staffReviewBodySchema,
);

const pageOf = (raw: string | null) => {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const shop = getShopRequest(context);
  const url = new URL(request.url);
  const kind = staffReviewKindSchema.safeParse(url.searchParams.get('kind')).data;
  const page = pageOf(url.searchParams.get('page'));
  const list = await shop.api.staff.reviews({ query: { ...(kind ? { kind } : {}), page } });
  return { list, kind: kind ?? '', page };
}

export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const t = await shopTranslator(shop);
  return sendForm(
    await readForm(request, moderateFormSchema, t),
    t,
    async ({ kind, review, ...body }) => {
      await shop.api.staff.moderateReview({ params: { kind, id: review }, body });
      return { done: true };
    },
    { resetForm: true },
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'staff.reviews.title', robots: 'noindex' });
}

export default function StaffReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const { list, kind, page } = loaderData;
  const base = `/${locale}/staff/reviews/`;
  const pages = Math.max(1, Math.ceil(list.count / STAFF_REVIEW_PAGE_SIZE));
  const href = (p: number) => {
    const query = new URLSearchParams(kind ? { kind } : {});
    if (p > 1) query.set('page', String(p));
    return `${base}${query.size ? `?${query}` : ''}`;
  };
  return (
    <>
      <StaffHeading title={t('staff.reviews.title')} />
      {actionData && 'done' in actionData && <StatusLine>{t('staff.reviews.done')}</StatusLine>}
      <Form method="get" action={base} className="mb-6 flex flex-wrap items-end gap-3">
        <FilterSelect
          field={filterField('kind')}
          label={t('staff.reviews.kind')}
          value={kind}
          all={t('staff.orders.all')}
          options={STAFF_REVIEW_KINDS.map((k) => ({
            value: k,
            label: t(`staff.reviews.kinds.${k}`),
          }))}
        />
        <Button type="submit">{t('staff.orders.apply')}</Button>
      </Form>
      {list.results.length === 0 ? (
        <p>{t('staff.reviews.none')}</p>
      ) : (
        <ul className="space-y-4">
          {list.results.map((review) => (
            <ReviewItem
              key={`${review.kind}-${review.id}`}
              review={review}
              lastResult={resultFor(actionData, {
                kind: review.kind,
                review: String(review.id),
              })}
            />
          ))}
        </ul>
      )}
      <Pagination page={page} total={pages} href={href} />
    </>
  );
}

type Result = SubmissionResult<string[]> | undefined;

function ReviewItem({ review, lastResult }: { review: StaffReview; lastResult: Result }) {
  const { locale, t } = useI18n();
  const id = `review-${review.kind}-${review.id}`;
  const [form, fields] = useShopForm(moderateFormSchema, {
    id,
    lastResult,
    shouldValidate: 'onSubmit',
  });
  const fieldsOf = { kind: review.kind, review: String(review.id) };
  const hiding = useIsPending({ fields: { ...fieldsOf, action: 'hide' } });
  const showing = useIsPending({ fields: { ...fieldsOf, action: 'show' } });
  const deleting = useIsPending({ fields: { ...fieldsOf, action: 'delete' } });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <article aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`} className="font-bold break-words">
          {review.productTitle ?? t('staff.reviews.kinds.shop')}
          {' · '}
          {t('staff.reviews.rating', { rating: review.rating })}
        </h2>
        <p className="text-sm break-words text-slate-600">
          {review.author} ({review.email}) ·{' '}
          <time dateTime={review.createdAt}>{date.format(new Date(review.createdAt))}</time> ·{' '}
          {review.language.toUpperCase()}
        </p>
        <p className="mt-2 break-words whitespace-pre-line">{review.text}</p>
        {review.hidden && (
          <p className="mt-2 rounded-md bg-amber-50 p-2 text-amber-900">
            {t('staff.reviews.hidden', { reason: review.hiddenReason })}
          </p>
        )}
      </article>
      <Form method="post" id={form.id} noValidate className="mt-3">
        <FormErrors form={form} />
        <CsrfInput />
        <input type="hidden" name="kind" value={review.kind} />
        <input type="hidden" name="review" value={review.id} />
        <div className="flex flex-wrap items-end gap-2">
          <StaffField
            field={fields.reason}
            label={t('staff.reviews.reason')}
            className="min-w-0 grow"
            errors="elsewhere"
            type="text"
            maxLength={500}
          />
          {review.hidden ? (
            <Button type="submit" name="action" value="show" variant="secondary" disabled={showing}>
              {t('staff.reviews.show')}
            </Button>
          ) : (
            <Button type="submit" name="action" value="hide" variant="secondary" disabled={hiding}>
              {t('staff.reviews.hide')}
            </Button>
          )}
          <Button type="submit" name="action" value="delete" variant="danger" disabled={deleting}>
            {t('staff.reviews.delete')}
          </Button>
        </div>
        <FieldErrors field={fields.reason} />
      </Form>
    </li>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/staff/`} generic />;
}
