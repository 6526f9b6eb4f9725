import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Form } from 'react-router';
import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type FieldMetadata,
} from '@conform-to/react';
import { Button } from '#app/components/button.tsx';
import { inputClass } from '#app/components/account-page.tsx';
import { CsrfInput } from '#app/components/csrf-input.tsx';
import { useToast } from '#app/components/toasts.tsx';
import {
  contactForm,
  HONEYPOT_FIELD,
  registerOrganizationForm,
  type FeedbackFailure,
  type FeedbackFormKind,
  type FeedbackReply,
} from '#app/lib/feedback-forms.ts';
import { useShopForm } from '#app/lib/shop-form.ts';
import { useIsPending } from '#app/lib/pending.ts';
import { useI18n } from '#app/lib/i18n.tsx';

const NONE: ReadonlySet<string> = new Set();

type FieldName = 'shopName' | 'name' | 'email' | 'phone' | 'subject' | 'message';
type FieldSpec = {
  name: FieldName;
  label: string;
  type: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete: string;
};

/** The flag of messages the server answered (spec section 8): 'Server Error' or 'App Error'. */
function useFlag(failure: FeedbackFailure | undefined) {
  const { t } = useI18n();
  if (!failure) return undefined;
  return t(failure === 'app' ? 'errors.appError' : 'errors.serverError');
}

/** True once React runs in the browser; before (and without JavaScript) there are no toasts. */
const noSubscription = () => () => {};
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** A field's messages; those the server answered (still unchanged) carry the server's flag. */
function FlaggedErrors({
  field,
  serverErrors,
  flag,
}: {
  field: Pick<FieldMetadata, 'errorId' | 'errors'>;
  /** The server's messages for the field; null once the shopper has changed it since. */
  serverErrors: readonly string[] | null | undefined;
  flag: string | undefined;
}) {
  if (!field.errors?.length) return null;
  const fromServer =
    flag !== undefined &&
    serverErrors != null &&
    serverErrors.length === field.errors.length &&
    serverErrors.every((m, i) => m === field.errors?.[i]);
  return (
    <p id={field.errorId} role="alert" className="mt-1 text-sm text-red-700">
      {fromServer && <strong className="font-bold">{flag}:</strong>}
      {fromServer && ' '}
      {field.errors.join(' ')}
    </p>
  );
}

/**
 * The contact form, or the request to sell in the shop (spec section 7, feedback). A plain post
 * that works without JavaScript; with it the fields are checked as they are left, and a refused
 * message toasts 'Something went wrong.' while the server's messages stand at their fields,
 * flagged. Success is confirmed in place of the form.
 */
export function FeedbackForm({
  kind,
  reply,
}: {
  kind: FeedbackFormKind;
  reply: FeedbackReply | undefined;
}) {
  const { t } = useI18n();
  const { toast } = useToast();
  const hydrated = useHydrated();
  const sending = useIsPending();
  const schema = kind === 'contact' ? contactForm : registerOrganizationForm;
  const [form, fields] = useShopForm(schema, { id: `feedback-${kind}`, lastResult: reply?.result });
  const flag = useFlag(reply?.failure);
  // Keyed by the answer's id: the reply object itself is new on every render.
  const [edits, setEdits] = useState<{ answer: string | undefined; names: ReadonlySet<string> }>({
    answer: reply?.id,
    names: NONE,
  });
  // Once per answer (the reply object is new on every render; its id is not).
  const toasted = useRef<string | undefined>(undefined);
  const failedAnswer = reply?.failure ? reply.id : undefined;
  useEffect(() => {
    if (failedAnswer === undefined || toasted.current === failedAnswer) return;
    toasted.current = failedAnswer;
    toast(t('errors.somethingWentWrong'), 'error');
  }, [failedAnswer, t, toast]);

  if (reply?.done) {
    return (
      <div role="status" className="rounded-md border border-green-200 bg-green-50 p-4">
        <p className="font-medium break-words">{reply.done}</p>
        {/* A plain link: a fresh, empty form (works without JavaScript too). */}
        <a href="?" className="mt-3 inline-block text-primary underline">
          {t('feedback.sendAnother')}
        </a>
      </div>
    );
  }

  const specs: FieldSpec[] =
    kind === 'contact'
      ? [
          { name: 'name', label: t('feedback.name'), type: 'text', autoComplete: 'name' },
          { name: 'email', label: t('feedback.email'), type: 'email', autoComplete: 'email' },
          { name: 'phone', label: t('feedback.phone'), type: 'tel', autoComplete: 'tel' },
          { name: 'subject', label: t('feedback.subject'), type: 'text', autoComplete: 'off' },
          { name: 'message', label: t('feedback.message'), type: 'textarea', autoComplete: 'off' },
        ]
      : [
          {
            name: 'shopName',
            label: t('feedback.shopName'),
            type: 'text',
            autoComplete: 'organization',
          },
          { name: 'name', label: t('feedback.name'), type: 'text', autoComplete: 'name' },
          { name: 'email', label: t('feedback.email'), type: 'email', autoComplete: 'email' },
          { name: 'phone', label: t('feedback.phone'), type: 'tel', autoComplete: 'tel' },
          {
            name: 'message',
            label: t('feedback.registerMessage'),
            type: 'textarea',
            autoComplete: 'off',
          },
        ];
  const serverErrors = reply?.result.error;
  // Fields changed since the server answered: their messages are the browser's own now.
  const edited = reply?.id !== undefined && edits.answer === reply.id ? edits.names : NONE;
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (!reply || typeof name !== 'string' || edited.has(name)) return;
    setEdits({ answer: reply.id, names: new Set([...edited, name]) });
  };
  // Without JavaScript nothing toasts: the failure is said above the form instead.
  // (once: the app's own failure already says it)
  const formMessages = [
    ...new Set([
      ...(reply?.failure && !hydrated ? [t('errors.somethingWentWrong')] : []),
      ...(form.errors ?? []),
    ]),
  ];

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)} onInput={onInput}>
      {formMessages.length > 0 && (
        <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {flag && <strong className="font-bold">{flag}:</strong>}
          {flag && ' '}
          {formMessages.join(' ')}
        </p>
      )}
      <CsrfInput />
      {specs.map((spec) => {
        const field = fields[spec.name as keyof typeof fields] as FieldMetadata<string>;
        return (
          <div key={spec.name}>
            <label htmlFor={field.id} className="mb-1 block font-medium">
              {spec.label}
            </label>
            {spec.type === 'textarea' ? (
              <textarea
                {...getTextareaProps(field)}
                rows={6}
                placeholder={kind === 'contact' ? t('feedback.messagePlaceholder') : undefined}
                className={inputClass}
              />
            ) : (
              <input
                {...getInputProps(field, { type: spec.type })}
                autoComplete={spec.autoComplete}
                className={inputClass}
              />
            )}
            <FlaggedErrors
              field={field}
              serverErrors={edited.has(spec.name) ? null : serverErrors?.[spec.name]}
              flag={flag}
            />
          </div>
        );
      })}
      {/* The honeypot: people never see or reach it, form-filling bots fill it. */}
      <div style={{ display: 'none' }} aria-hidden="true">
        <label htmlFor={`${form.id}-${HONEYPOT_FIELD}`}>{t('feedback.honeypot')}</label>
        <input
          id={`${form.id}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <Button type="submit" disabled={sending} size="lg" block className="sm:w-auto">
        {sending
          ? t('feedback.sending')
          : t(kind === 'contact' ? 'feedback.send' : 'feedback.registerSend')}
      </Button>
    </Form>
  );
}
