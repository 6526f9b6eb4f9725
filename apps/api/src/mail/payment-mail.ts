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

/** How a card payment ended, as its mail tells it: received, or failed and why. */
export type PaymentOutcome = { paid: true } | { paid: false; failure: PaymentFailure };

/**
 * "We have received your payment", with the link to the order; or "the payment did not go
 * through", with the provider's reason, a link that pays again (the provider's page, signed for
 * this order, so it works in any browser) and the order's page, where another method can be
 * chosen.
 */
export function paymentMail(
  order: PaymentMailOrder,
  outcome: PaymentOutcome,
  t: Translate,
  money: (amount: number) => string,
  links: { order: string; pay?: string },
  shop: MailShop,
): Promise<MailMessage> {
  const said = {
    name: order.firstName || order.email,
    number: order.number,
    amount: money(order.totals.orderTotal),
  };
  const pay = links.pay ?? links.order;
  const [subject, text, button] = outcome.paid
    ? [
        t('payment.mailReceivedSubject', said),
        t('payment.mailReceivedText', { ...said, link: links.order }),
        { href: links.order, label: t('checkout.viewOrder') },
      ]
    : [
        t('payment.mailFailedSubject', said),
        t('payment.mailFailedText', {
          ...said,
          reason: t(`payment.failed.${outcome.failure}`),
          link: pay,
          orderLink: links.order,
        }),
        { href: pay, label: t('payment.retryCard') },
      ];
  return textMail(order.email, subject, text, shop, {}, button);
}
