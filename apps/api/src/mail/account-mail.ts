import { createElement as h } from 'react';
import { Text } from '@react-email/components';
import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';
import { composeMail, MailLayout, Paragraphs, styles, type MailShop } from './mail-layout.ts';

/**
 * One account mail: its subject as the heading, then the translated text, each link in it a
 * button labelled as `links` says (the text part keeps the address, as before).
 */
function accountMail(
  to: string,
  subject: string,
  text: string,
  links: Record<string, string>,
  shop: MailShop,
): Promise<MailMessage> {
  return composeMail(
    { to, subject },
    h(
      MailLayout,
      { shop, preview: subject },
      h(Text, { style: styles.heading }, subject),
      h(Paragraphs, { text, links }),
    ),
  );
}

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
  return accountMail(to.email, subject, text, { [link]: subject }, shop);
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
  return accountMail(
    to.email,
    t('auth.mailExistsSubject'),
    text,
    { [links.login]: t('auth.login'), [links.reset]: t('auth.mailResetSubject') },
    shop,
  );
}
