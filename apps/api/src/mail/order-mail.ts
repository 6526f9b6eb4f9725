import { createElement as h, type ReactElement } from 'react';
import { Column, Row, Section, Text } from '@react-email/components';
import type { Order } from '@shop/contract';
import type { Translate } from '@shop/messages/translate';
import type { MailMessage } from './mailer.ts';
import {
  AMOUNT_ROW,
  composeMail,
  MailButton,
  MailLayout,
  styles,
  type MailShop,
} from './mail-layout.ts';

/** Where an order mail links to: the order's page through its signed link (decision 0050). */
export type OrderMailLinks = { order: string };

type OrderMailProps = {
  order: Order;
  t: Translate;
  money: (amount: number) => string;
  paymentInstructions: string;
  links: OrderMailLinks;
  shop: MailShop;
};

/** One row of a two-column table: a label and its amount, right-aligned. */
function AmountRow({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  const weight = strong ? { fontWeight: 700 } : {};
  return h(Row, {
    className: AMOUNT_ROW,
    children: [
      h(Column, { key: 'label', style: { ...styles.cell, ...weight } }, label),
      h(Column, { key: 'amount', style: { ...styles.amount, ...weight } }, amount),
    ],
  });
}

/** The order's lines and totals, as the order page shows them. */
export function OrderLines({ order, t, money }: Pick<OrderMailProps, 'order' | 't' | 'money'>) {
  const { totals } = order;
  return h(
    Section,
    null,
    ...order.items.map((item) =>
      h(AmountRow, {
        key: item.id,
        label: `${item.quantity} × ${item.title}`,
        amount: money(item.discountPrice),
      }),
    ),
    h(
      Section,
      { style: { borderTop: '1px solid #e2e8f0', marginTop: '8px' } },
      h(AmountRow, { label: t('orders.mailSubtotal'), amount: money(totals.total) }),
      totals.discount > 0 &&
        h(AmountRow, { label: t('orders.mailDiscount'), amount: `−${money(totals.discount)}` }),
      order.promoCode &&
        totals.promoDiscount > 0 &&
        h(AmountRow, {
          label: t('orders.mailPromo', { code: order.promoCode.code }),
          amount: `−${money(totals.promoDiscount)}`,
        }),
      h(AmountRow, {
        label: t('orders.mailDelivery', { title: order.delivery.title }),
        // Worded as the checkout's summary words it: "Free", not "€0.00".
        amount: totals.delivery === 0 ? t('checkout.free') : money(totals.delivery),
      }),
      h(AmountRow, {
        label: t('orders.mailTotal'),
        amount: money(totals.orderTotal),
        strong: true,
      }),
      h(AmountRow, { label: t('orders.mailVat'), amount: money(totals.totalVat) }),
    ),
  );
}

/** Where the order goes: the pickup point it is collected from, or the shopper's address. */
export function OrderAddress({ order, t }: Pick<OrderMailProps, 'order' | 't'>) {
  const place = [order.postcode, order.city].filter(Boolean).join(' ');
  const lines = order.delivery.pickup
    ? [order.delivery.pickupPoint]
    : [
        `${order.firstName} ${order.lastName}`,
        order.address,
        place,
        [order.region?.title, order.country?.title].filter(Boolean).join(', '),
      ];
  return h(
    Section,
    null,
    h(
      Text,
      { style: styles.subheading },
      t(order.delivery.pickup ? 'orders.mailPickupPoint' : 'orders.mailAddress'),
    ),
    h(
      Text,
      { style: styles.text },
      ...lines
        .filter((line) => line.trim() !== '')
        .flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: i }), line])),
    ),
  );
}

/** The order confirmation: greeting, lines and totals, address, how to pay, the order's link. */
export function OrderPlacedMail(props: OrderMailProps): ReactElement {
  const { order, t, paymentInstructions, links, shop } = props;
  const thanks = t('orders.mailThanks', { number: order.number });
  return h(
    MailLayout,
    { shop, preview: thanks },
    h(Text, { style: styles.heading }, t('orders.mailSubject', { number: order.number })),
    h(Text, { style: styles.text }, t('orders.mailGreeting', { name: order.firstName })),
    h(Text, { style: styles.text }, thanks),
    h(OrderLines, props),
    h(OrderAddress, props),
    h(Text, { style: styles.subheading }, t('orders.mailPayment', { title: order.payment.title })),
    paymentInstructions && h(Text, { style: styles.text }, paymentInstructions),
    h(MailButton, { href: links.order, label: t('checkout.viewOrder') }),
    h(Text, { style: styles.muted }, t('orders.mailLinkNote')),
  );
}

/**
 * The order confirmation, in the order's language, from the shop whose mark and origin it shows:
 * number, lines, totals, delivery address, what to do to pay and the order's signed link.
 */
export function orderConfirmation(
  order: Order,
  t: Translate,
  money: (amount: number) => string,
  paymentInstructions: string,
  links: OrderMailLinks,
  shop: MailShop,
): Promise<MailMessage> {
  return composeMail(
    { to: order.email, subject: t('orders.mailSubject', { number: order.number }) },
    h(OrderPlacedMail, { order, t, money, paymentInstructions, links, shop }),
  );
}
