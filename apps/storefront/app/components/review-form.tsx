import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { Form, useFetcher } from 'react-router';
import { useShopForm } from '#app/lib/shop-form.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { writeReviewForm } from '#app/lib/review-forms.ts';
import type { ReviewFormInit, ReviewReply, WriteItem } from '#app/lib/review-state.ts';
import { CsrfInput } from './csrf-input.tsx';
import { FieldErrors, FormErrors } from './form-messages.tsx';
import type { ModalComponentProps } from './modal-host.tsx';
import { Button } from './button.tsx';
import { useDoneInModal } from './review-done.ts';

/*
 * The review write form, in its own module: it checks with the contract's zod schema in the
 * browser, and only the pages that show it load it (review-list.tsx loads it on demand).
 */

/**
 * The review form: a rating (five radio buttons) and a text, checked in the browser with the
 * contract's schema and again by the action. `fetcherKey` submits without navigating (the modal).
 */
export function ReviewForm({
  id,
  action,
  initial,
  reply,
  fetcherKey,
  pending,
  footer,
}: {
  id: string;
  action: string;
  initial?: ReviewFormInit | undefined;
  reply?: ReviewReply | undefined;
  fetcherKey?: string;
  pending: boolean;
  footer?: ReactNode;
}) {
  const { t } = useI18n();
  const [form, fields] = useShopForm(writeReviewForm, {
    id,
    lastResult: reply?.result,
    defaultValue: {
      rating: initial?.rating === undefined ? undefined : String(initial.rating),
      text: initial?.text,
    },
  });
  return (
    <Form
      method="post"
      action={action}
      {...(fetcherKey ? { navigate: false, fetcherKey } : {})}
      className="space-y-4"
      {...getFormProps(form)}
    >
      <FormErrors form={form} />
      <CsrfInput />
      <input type="hidden" name="intent" value="review" />
      <fieldset aria-describedby={fields.rating.errors?.length ? fields.rating.errorId : undefined}>
        <legend className="mb-2 font-medium">{t('reviews.rating')}</legend>
        <div className="flex flex-wrap gap-1">
          {[5, 4, 3, 2, 1].map((value) => {
            const input = getInputProps(fields.rating, { type: 'radio', value: String(value) });
            return (
              <label
                key={value}
                className="flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-2 py-1.5 has-[:checked]:border-primary has-[:checked]:bg-blue-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
              >
                <input
                  {...input}
                  id={`${id}-rating-${value}`}
                  key={input.key}
                  className="sr-only"
                />
                <span aria-hidden="true" className="text-amber-700">
                  {'★'.repeat(value)}
                </span>
                <span className="sr-only">{t('reviews.ratingValue', { rating: value })}</span>
              </label>
            );
          })}
        </div>
        <FieldErrors field={fields.rating} />
      </fieldset>
      <div>
        <label htmlFor={fields.text.id} className="mb-1 block font-medium">
          {t('reviews.text')}
        </label>
        <textarea
          {...getTextareaProps(fields.text)}
          key={fields.text.key}
          rows={5}
          maxLength={2000}
          placeholder={t('reviews.placeholder')}
          className="w-full rounded-md border border-slate-300 px-3 py-2"
        />
        <FieldErrors field={fields.text} />
      </div>
      <p className="text-sm text-slate-600">{t('reviews.oneReviewHint')}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending}>
          {t('reviews.submit')}
        </Button>
        {footer}
      </div>
    </Form>
  );
}

export function WriteReviewModal({ item, close }: ModalComponentProps<WriteItem>) {
  const fetcher = useFetcher<ReviewReply>({ key: 'review-modal' });
  useDoneInModal(fetcher, close);
  const { t } = useI18n();
  return (
    <ReviewForm
      id="review-modal-form"
      action={item.action}
      initial={item.initial}
      reply={fetcher.data?.done ? undefined : fetcher.data}
      fetcherKey="review-modal"
      pending={fetcher.state !== 'idle'}
      footer={
        <Button type="button" onClick={() => close()} variant="secondary">
          {t('common.cancel')}
        </Button>
      }
    />
  );
}
