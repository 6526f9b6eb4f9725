import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from './order-status.ts';
import {
  canChangePayment,
  isCardFailure,
  pageAfterOrder,
  PAYMENT_FAILURES,
  paymentFailureOf,
  type PaymentKindOf,
} from './payment.ts';

describe('pageAfterOrder — "the success page comes only after paid, or directly for methods paid later"', () => {
  const table: [PaymentKindOf, OrderStatus, 'pay' | 'thanks'][] = [
    ['test_card', 'pending', 'pay'],
    ['test_card', 'paid', 'thanks'],
    ['test_card', 'cancelled', 'thanks'],
    ['test_card', 'processing', 'thanks'],
    ['bank_transfer', 'pending', 'thanks'],
    ['cod', 'pending', 'thanks'],
    ['cod', 'paid', 'thanks'],
  ];
  it.each(table)('%s, %s → %s', (kind, status, page) => {
    expect(pageAfterOrder({ kind, status })).toBe(page);
  });
});

describe('paymentFailureOf — only the provider’s known outcomes', () => {
  it.each(PAYMENT_FAILURES)('%s is known', (failure) => {
    expect(paymentFailureOf(failure)).toBe(failure);
  });
  it.each([null, undefined, '', 'DECLINED', 'paid', 3, 'declined '])('%j is not', (value) => {
    expect(paymentFailureOf(value)).toBeNull();
  });
});

describe('isCardFailure — "payment failed" mails only when the card failed', () => {
  it.each([
    ['declined', true],
    ['insufficient_funds', true],
    ['expired_card', true],
    ['incorrect_cvc', true],
    ['processing_error', true],
    ['cancelled', false],
    ['error', false],
  ] as const)('%s → %s', (failure, card) => {
    expect(isCardFailure(failure)).toBe(card);
  });
});

describe('canChangePayment — "another method" while pending and unpaid', () => {
  it.each(ORDER_STATUSES)('%s without a payment', (status) => {
    expect(canChangePayment(status, 0)).toBe(status === 'pending');
  });
  it('never once a payment is recorded', () => {
    expect(canChangePayment('pending', 1)).toBe(false);
  });
});
