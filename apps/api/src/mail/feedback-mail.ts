import type { Translate } from '@shop/messages/translate';
import type { FeedbackRow } from '#api/repos/feedback.ts';
import type { MailMessage } from './mailer.ts';

/**
 * A contact-form message, to the shop's address. Answering the mail answers the sender
 * (`Reply-To`); the labels are in the shop's default language, the message as written.
 */
export function feedbackMail(
  feedback: FeedbackRow,
  shop: { title: string; email: string },
  t: Translate,
): MailMessage {
  return {
    to: shop.email,
    replyTo: feedback.email,
    subject: t('feedback.mailSubject', { shop: shop.title, subject: feedback.subject }),
    text: t('feedback.mailText', {
      name: feedback.name,
      email: feedback.email,
      phone: feedback.phone || '—',
      language: feedback.locale,
      subject: feedback.subject,
      message: feedback.message,
    }),
  };
}
