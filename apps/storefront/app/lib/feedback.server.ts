import { data } from 'react-router';
import { fieldLabel, isApiError, type FeedbackBody, type Translate } from '@shop/contract';
import type { parseForm } from './forms.ts';
import { refusalMessages } from './forms.server.ts';
import {
  HONEYPOT_FIELD,
  type ContactForm,
  type FeedbackFormKind,
  type FeedbackReply,
  type RegisterOrganizationForm,
} from './feedback-forms.ts';
import { pageLog } from './logger.server.ts';

type Submission = ReturnType<typeof parseForm>;

/** The API's body for a form: the request to sell is sent as a message with its own subject. */
export function feedbackBody(
  kind: FeedbackFormKind,
  value: ContactForm | RegisterOrganizationForm,
  t: Translate,
): FeedbackBody {
  const honeypot = value[HONEYPOT_FIELD] ? { [HONEYPOT_FIELD]: value[HONEYPOT_FIELD] } : {};
  const phone = value.phone ? { phone: value.phone } : {};
  if (kind === 'contact' && 'subject' in value) {
    return {
      name: value.name,
      email: value.email,
      subject: value.subject,
      message: value.message,
      ...phone,
      ...honeypot,
    };
  }
  const shopName = 'shopName' in value ? value.shopName : '';
  return {
    name: value.name,
    email: value.email,
    ...phone,
    subject: t('feedback.registerSubject', { shop: shopName }),
    message: `${t('feedback.shopName')}: ${shopName}\n\n${value.message}`,
    ...honeypot,
  };
}

/** The 400 answer when the fields did not pass the form's schema (checked here, on the server). */
export function feedbackInvalid(submission: Submission) {
  return data<FeedbackReply>(
    { result: submission.reply(), failure: 'server', id: crypto.randomUUID() },
    { status: 400 },
  );
}

/**
 * The API refused or failed. A 4xx body's messages go to the form's fields of the same name (the
 * rest, and `detail`, above the form), flagged as the server's; anything else (a 5xx, the API
 * unreachable) is 'Something went wrong.' flagged as the app's, with status 502.
 */
export function feedbackFailure(
  submission: Submission,
  error: unknown,
  fields: readonly string[],
  t: Translate,
) {
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    // A field the form does not have (the subject it composed): named, above the form.
    const { fieldErrors, formErrors } = refusalMessages(error.body, t, {
      names: fields,
      label: (field) => fieldLabel(field, t),
    });
    return data<FeedbackReply>(
      {
        result: submission.reply({ fieldErrors, formErrors }),
        failure: 'server',
        id: crypto.randomUUID(),
      },
      { status: error.status },
    );
  }
  pageLog().error({ err: error }, 'feedback submission failed');
  return data<FeedbackReply>(
    {
      result: submission.reply({ formErrors: [t('errors.somethingWentWrong')] }),
      failure: 'app',
      id: crypto.randomUUID(),
    },
    { status: 502 },
  );
}
