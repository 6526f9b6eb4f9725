import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';

/** The mails of an account: the confirmation link and the password reset link. */
export function accountLinkMail(
  kind: 'confirm' | 'reset',
  to: { email: string; firstName: string },
  link: string,
  shop: string,
  t: Translate,
): MailMessage {
  const values = { name: to.firstName || to.email, shop, link };
  return kind === 'confirm'
    ? {
        to: to.email,
        subject: t('auth.mailConfirmSubject'),
        text: t('auth.mailConfirmText', values),
      }
    : { to: to.email, subject: t('auth.mailResetSubject'), text: t('auth.mailResetText', values) };
}

/** The mail to an address that tried to register again: how to log in, or reset the password. */
export function accountExistsMail(
  to: { email: string; firstName: string },
  links: { login: string; reset: string },
  shop: string,
  t: Translate,
): MailMessage {
  return {
    to: to.email,
    subject: t('auth.mailExistsSubject'),
    text: t('auth.mailExistsText', { name: to.firstName || to.email, shop, ...links }),
  };
}
