import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';

/**
 * The newsletter's double opt-in (issue 23): the address is on the list only once the link in
 * this mail is opened. It also carries the way out, for a reader who changes their mind.
 */
export function newsletterConfirmMail(
  to: string,
  links: { confirm: string; unsubscribe: string },
  shop: string,
  t: Translate,
): MailMessage {
  return {
    to,
    subject: t('newsletter.mailConfirmSubject', { shop }),
    text: t('newsletter.mailConfirmText', { shop, ...links }),
  };
}
