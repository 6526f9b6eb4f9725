import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Payment } from '@shop/contract';
import type { Translate } from '@shop/messages/translate';

/*
 * Payment providers behind one interface. Cash on delivery and bank transfer need no provider
 * call: the order stays pending until the shop marks it paid. A card provider opens a hosted page
 * (`paymentUrl`, shown in the checkout's iframe) and confirms the payment to the shop server to
 * server; only that confirmation marks an order paid (routes/test-card.ts).
 */

export type PaymentKind = Payment['kind'];

export type PaymentOrder = {
  id: number;
  number: string;
  orderTotal: number;
  currency: string;
  locale: string;
  /** Where a pickup order is collected (and cash paid); null when a courier brings it. */
  pickupPoint?: string | null;
};

export type PaymentProvider = {
  kind: PaymentKind;
  /** The hosted page the checkout opens, or null when the shopper pays later (cash, transfer). */
  start(order: PaymentOrder): Promise<{ paymentUrl: string | null }>;
  /** What the shopper must do to pay, in their language (mail and order-success page). */
  instructions(t: Translate, order: PaymentOrder, money: (amount: number) => string): string;
};

/** The shop's bank account for transfers; set by the operator, a documented demo default. */
export type BankAccount = { iban: string; bic: string; holder: string };

/** The demo shop's account, for an app built without one (tests): the ISO 13616 example IBAN. */
export const DEMO_BANK_ACCOUNT: BankAccount = {
  iban: 'DE89 3704 0044 0532 0130 00',
  bic: 'COBADEFFXXX',
  holder: 'Demo Shop GmbH',
};

/** Signs what the test card provider and the shop exchange (payment links, confirmations). */
export function paymentSigner(secret: string) {
  const sign = (text: string) => createHmac('sha256', secret).update(text).digest('base64url');
  return {
    sign,
    verify(text: string, signature: unknown): boolean {
      if (typeof signature !== 'string') return false;
      const expected = Buffer.from(sign(text));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type PaymentSigner = ReturnType<typeof paymentSigner>;

/** The test card provider's hosted page of one order, signed so that no other order can be paid. */
export const testCardPageUrl = (signer: PaymentSigner, order: { id: number; locale: string }) =>
  `/payments/test-card/${order.id}/?locale=${order.locale}&token=${signer.sign(`pay:${order.id}`)}`;

export function paymentProviders(
  bank: BankAccount,
  signer: PaymentSigner,
): Map<PaymentKind, PaymentProvider> {
  const providers: PaymentProvider[] = [
    {
      kind: 'cod',
      start: () => Promise.resolve({ paymentUrl: null }),
      // Cash is paid to whoever hands the order over: the courier, or the pickup point.
      instructions: (t, order, money) =>
        order.pickupPoint
          ? t('orders.codPickupInstructions', {
              amount: money(order.orderTotal),
              place: order.pickupPoint,
            })
          : t('orders.codInstructions', { amount: money(order.orderTotal) }),
    },
    {
      kind: 'bank_transfer',
      start: () => Promise.resolve({ paymentUrl: null }),
      instructions: (t, order, money) =>
        t('orders.bankInstructions', {
          amount: money(order.orderTotal),
          iban: bank.iban,
          bic: bank.bic,
          holder: bank.holder,
          number: order.number,
        }),
    },
    {
      kind: 'test_card',
      start: (order) => Promise.resolve({ paymentUrl: testCardPageUrl(signer, order) }),
      instructions: (t) => t('orders.cardInstructions'),
    },
  ];
  return new Map(providers.map((p) => [p.kind, p]));
}
