import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';
import { textMail, type MailShop } from './mail-layout.ts';

/** The mails of an account: the confirmation link and the password reset link. */
export function accountLinkMail(
  kind: 'confirm' | 'reset',
  to: { email: string; firstName: string },
  link: string,
  shop: MailShop,
  t: Translate,
): Promise<MailMessage> {
  const values = { name: to.firstName || to.email, shop: shop.title, link };
  const subject = t(kind === 'confirm' ? 'auth.mailConfirmSubject' : 'auth.mailResetSubject');
  const text = t(kind === 'confirm' ? 'auth.mailConfirmText' : 'auth.mailResetText', values);
  return textMail(to.email, subject, text, shop, { [link]: subject });
}

/** The mail to an address that tried to register again: how to log in, or reset the password. */
export function accountExistsMail(
  to: { email: string; firstName: string },
  links: { login: string; reset: string },
  shop: MailShop,
  t: Translate,
): Promise<MailMessage> {
  const text = t('auth.mailExistsText', {
    name: to.firstName || to.email,
    shop: shop.title,
    ...links,
  });
  return textMail(to.email, t('auth.mailExistsSubject'), text, shop, {
    [links.login]: t('auth.login'),
    [links.reset]: t('auth.mailResetSubject'),
  });
}
