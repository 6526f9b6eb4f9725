import type { StaffOrder } from '@shop/contract';
import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';
import { textMail, type MailShop } from './mail-layout.ts';

/**
 * The shopper's mail when staff set or corrected the tracking number of their shipped order
 * (decision 0059), in the order's language: the number to follow, and the order's link.
 */
export function trackingChangedMail(
  order: StaffOrder,
  t: Translate,
  shop: MailShop,
  links: { order: string },
): Promise<MailMessage> {
  const number = order.number;
  const subject = t('staffSettings.tracking.mailSubject', { number });
  const text = [
    t('orders.mailGreeting', { name: order.firstName }),
    '',
    t('staffSettings.tracking.mailText', { number }),
    '',
    t('orders.mailTracking', { tracking: order.trackingNumber }),
  ].join('\n');
  return textMail(
    order.email,
    subject,
    text,
    shop,
    {},
    { href: links.order, label: t('checkout.viewOrder') },
  );
}
