import type { Order } from '@shop/contract';
import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';

/**
 * The order confirmation, in the order's language: number, lines, totals, delivery address and
 * what to do to pay.
 */
export function orderConfirmation(
  order: Order,
  t: Translate,
  money: (amount: number) => string,
  paymentInstructions: string,
): MailMessage {
  const totals = order.totals;
  const place = [order.postcode, order.city].filter(Boolean).join(' ');
  // Where the order goes: the pickup point it is collected from, or the shopper's address.
  const destination = order.delivery.pickup
    ? [`${t('orders.mailPickupPoint')}:`, order.delivery.pickupPoint]
    : [
        `${t('orders.mailAddress')}:`,
        `${order.firstName} ${order.lastName}`,
        order.address,
        place,
        [order.region?.title, order.country?.title].filter(Boolean).join(', '),
      ];
  const lines = [
    t('orders.mailGreeting', { name: order.firstName }),
    '',
    t('orders.mailThanks', { number: order.number }),
    '',
    ...order.items.map((item) => `${item.quantity} × ${item.title} — ${money(item.discountPrice)}`),
    '',
    `${t('orders.mailSubtotal')}: ${money(totals.total)}`,
    ...(totals.discount > 0 ? [`${t('orders.mailDiscount')}: −${money(totals.discount)}`] : []),
    ...(order.promoCode && totals.promoDiscount > 0
      ? [
          `${t('orders.mailPromo', { code: order.promoCode.code })}: −${money(totals.promoDiscount)}`,
        ]
      : []),
    // Worded as the checkout's summary words it: "Free", not "€0.00".
    `${t('orders.mailDelivery', { title: order.delivery.title })}: ${totals.delivery === 0 ? t('checkout.free') : money(totals.delivery)}`,
    `${t('orders.mailTotal')}: ${money(totals.orderTotal)}`,
    `${t('orders.mailVat')}: ${money(totals.totalVat)}`,
    '',
    ...destination,
    '',
    t('orders.mailPayment', { title: order.payment.title }),
    paymentInstructions,
  ];
  return {
    to: order.email,
    subject: t('orders.mailSubject', { number: order.number }),
    text: lines.filter((line) => line !== undefined).join('\n'),
  };
}
