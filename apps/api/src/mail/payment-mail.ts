import type { Order } from '@shop/contract';
import type { PaymentFailure } from '@shop/domain';
import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';
import { textMail, type MailShop } from './mail-layout.ts';

/*
 * The mails that follow a card payment, in the order's language: the payment received, or the
 * payment failed with why and a link to pay again. The order-placed mail is order-mail.ts.
 */

type PaymentMailOrder = Pick<Order, 'email' | 'firstName' | 'number' | 'totals'>;

/** "We have received your payment", with the link to the order. */
export function paymentReceivedMail(
  order: PaymentMailOrder,
  t: Translate,
  money: (amount: number) => string,
  links: { order: string },
  shop: MailShop,
): Promise<MailMessage> {
  return textMail(
    order.email,
    t('payment.mailReceivedSubject', { number: order.number }),
    t('payment.mailReceivedText', {
      name: order.firstName || order.email,
      number: order.number,
      amount: money(order.totals.orderTotal),
      link: links.order,
    }),
    shop,
    {},
    { href: links.order, label: t('checkout.viewOrder') },
  );
}

/**
 * "The payment did not go through", with the provider's reason, a link that pays again (the
 * provider's page, signed for this order, so it works in any browser) and the order's page, where
 * another method can be chosen.
 */
export function paymentFailedMail(
  order: PaymentMailOrder,
  failure: PaymentFailure,
  t: Translate,
  money: (amount: number) => string,
  links: { pay: string; order: string },
  shop: MailShop,
): Promise<MailMessage> {
  return textMail(
    order.email,
    t('payment.mailFailedSubject', { number: order.number }),
    t('payment.mailFailedText', {
      name: order.firstName || order.email,
      number: order.number,
      amount: money(order.totals.orderTotal),
      reason: t(`payment.failed.${failure}`),
      link: links.pay,
      orderLink: links.order,
    }),
    shop,
    {},
    { href: links.pay, label: t('payment.retryCard') },
  );
}
