import type { OrderStatus } from './order-status.ts';

/*
 * Paying an order. A card is paid in the checkout, before the thanks: the order waits, pending,
 * until the provider confirms the payment. Cash on delivery and bank transfer are paid later, so
 * their order goes straight to the thanks. A card payment that did not go through ends with one of
 * the provider's outcomes below, which the shopper is told in their language.
 */

/** How a method is paid: `now` in the checkout (a card's hosted page), or `later`. */
export type PaymentTiming = 'now' | 'later';

/** The kinds of payment the shop offers and when each is paid. */
export const PAYMENT_TIMING = {
  cod: 'later',
  bank_transfer: 'later',
  test_card: 'now',
} as const satisfies Record<string, PaymentTiming>;

export type PaymentKindOf = keyof typeof PAYMENT_TIMING;

/**
 * Why a card payment ended unpaid: the card provider's outcomes (declined, insufficient funds, an
 * expired card, a wrong security code, the provider's own error), the shopper's cancel, or a
 * confirmation the shop refused (`error`).
 */
export const PAYMENT_FAILURES = [
  'declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'cancelled',
  'error',
] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** The failure a value names, or null (a query parameter, a message from the payment frame). */
export function paymentFailureOf(value: unknown): PaymentFailure | null {
  return PAYMENT_FAILURES.find((failure) => failure === value) ?? null;
}

/**
 * Whether the failure is the card's (the shopper is mailed a link to pay again), not the shopper's
 * own cancel or the shop's refusal of a confirmation.
 */
export const isCardFailure = (failure: PaymentFailure): boolean =>
  failure !== 'cancelled' && failure !== 'error';

/**
 * Which page follows placing (or revisiting) an order: `pay` while a method paid now still waits
 * for its payment, else `thanks` (paid, or a method paid later, or an order no longer pending).
 */
export function pageAfterOrder(order: {
  status: OrderStatus;
  kind: PaymentKindOf;
}): 'pay' | 'thanks' {
  return order.status === 'pending' && PAYMENT_TIMING[order.kind] === 'now' ? 'pay' : 'thanks';
}

/**
 * Whether a shopper may still change how an order is paid: only while it is pending and no
 * payment of it was recorded (a confirmed payment is never dropped by a change of method).
 */
export const canChangePayment = (status: OrderStatus, paymentsRecorded: number): boolean =>
  status === 'pending' && paymentsRecorded === 0;
