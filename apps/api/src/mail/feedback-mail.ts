import { createElement as h } from 'react';
import { Text } from '@react-email/components';
import type { Translate } from '@shop/messages/translate';
import type { FeedbackRow } from '#api/repos/feedback.ts';
import type { MailMessage } from './mailer.ts';
import { composeMail, MailLayout, Paragraphs, styles, type MailShop } from './mail-layout.ts';

/**
 * A contact-form message, to the shop's address. Answering the mail answers the sender
 * (`Reply-To`); the labels are in the shop's default language, the message as written.
 */
export function feedbackMail(
  feedback: FeedbackRow,
  shop: MailShop & { email: string },
  t: Translate,
): Promise<MailMessage> {
  const subject = t('feedback.mailSubject', { shop: shop.title, subject: feedback.subject });
  const text = t('feedback.mailText', {
    name: feedback.name,
    email: feedback.email,
    phone: feedback.phone || '—',
    language: feedback.locale,
    subject: feedback.subject,
    message: feedback.message,
  });
  return composeMail(
    { to: shop.email, replyTo: feedback.email, subject },
    h(
      MailLayout,
      { shop, preview: subject },
      h(Text, { style: styles.heading }, subject),
      h(Paragraphs, { text }),
    ),
  );
}
