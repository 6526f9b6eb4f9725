import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';
import { textMail, type MailShop } from './mail-layout.ts';

/**
 * The newsletter's double opt-in (issue 23): the address is on the list only once the link in
 * this mail is opened. It also carries the way out, for a reader who changes their mind.
 */
export function newsletterConfirmMail(
  to: string,
  links: { confirm: string; unsubscribe: string },
  shop: MailShop,
  t: Translate,
): Promise<MailMessage> {
  const subject = t('newsletter.mailConfirmSubject', { shop: shop.title });
  return textMail(
    to,
    subject,
    t('newsletter.mailConfirmText', { shop: shop.title, ...links }),
    shop,
    {
      [links.confirm]: subject,
      [links.unsubscribe]: t('newsletter.unsubscribe'),
    },
  );
}
