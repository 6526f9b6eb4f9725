import type { StaffOrder } from '@shop/contract';
import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';
import { textMail, type MailShop } from './mail-layout.ts';

/** The moves of an order staff make that the shopper is told of by mail (domain MAILED_MOVES). */
export type MailedMove = 'paid' | 'shipped' | 'cancelled';

/**
 * The shopper's mail after staff moved their order, in the order's language: the payment arrived,
 * the parcel left (with its tracking number when there is one), or the order was cancelled.
 */
export function orderMovedMail(
  order: StaffOrder,
  move: MailedMove,
  t: Translate,
  money: (amount: number) => string,
  shop: MailShop,
  links: { order: string },
): Promise<MailMessage> {
  const number = order.number;
  const body: Record<MailedMove, string[]> = {
    paid: [t('orders.mailPaidText', { number, amount: money(order.totals.orderTotal) })],
    shipped: [
      t('orders.mailShippedText', { number }),
      ...(order.trackingNumber
        ? ['', t('orders.mailTracking', { tracking: order.trackingNumber })]
        : []),
    ],
    cancelled: [t('orders.mailCancelledText', { number })],
  };
  const subject: Record<MailedMove, string> = {
    paid: t('orders.mailPaidSubject', { number }),
    shipped: t('orders.mailShippedSubject', { number }),
    cancelled: t('orders.mailCancelledSubject', { number }),
  };
  return textMail(
    order.email,
    subject[move],
    [t('orders.mailGreeting', { name: order.firstName }), '', ...body[move]].join('\n'),
    shop,
    {},
    { href: links.order, label: t('checkout.viewOrder') },
  );
}
