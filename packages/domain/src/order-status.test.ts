import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  ORDER_STATUSES,
  staffMoveRefusal,
  staffMoves,
  type OrderStatus,
} from './order-status.ts';

describe('canMoveOrder — "statuses move only forward: pending → paid → processing → shipped → delivered; pending → cancelled"', () => {
  const allowed: [OrderStatus, OrderStatus][] = [
    ['pending', 'paid'],
    ['pending', 'processing'],
    ['pending', 'cancelled'],
    ['paid', 'processing'],
    ['processing', 'shipped'],
    ['shipped', 'delivered'],
  ];
  const key = (from: OrderStatus, to: OrderStatus) => `${from}→${to}`;
  const yes = new Set(allowed.map(([from, to]) => key(from, to)));
  const every = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]),
  );
  it.each(every)('%s → %s', (from, to) => {
    expect(canMoveOrder(from, to)).toBe(yes.has(key(from, to)));
  });
});

describe('staffMoveRefusal — "Mark paid is for bank transfer and cash on delivery"; moves follow canMoveOrder', () => {
  it.each([
    ['pending', 'paid', 'bank_transfer', null],
    ['pending', 'paid', 'cod', null],
    ['pending', 'paid', 'test_card', 'paidByProvider'],
    ['pending', 'paid', null, 'paidByProvider'],
    ['pending', 'cancelled', 'test_card', null],
    ['paid', 'cancelled', 'bank_transfer', 'notAllowed'],
    ['paid', 'shipped', 'cod', 'notAllowed'],
    ['processing', 'shipped', 'test_card', null],
    ['shipped', 'paid', 'cod', 'notAllowed'],
    ['cancelled', 'paid', 'bank_transfer', 'notAllowed'],
  ] as const)('%s → %s (%s): %s', (from, to, kind, refusal) => {
    expect(staffMoveRefusal(from, to, kind)).toBe(refusal);
  });
});

describe('staffMoves — the buttons an order offers', () => {
  it.each([
    ['pending', 'bank_transfer', ['paid', 'processing', 'cancelled']],
    ['pending', 'test_card', ['processing', 'cancelled']],
    ['paid', 'cod', ['processing']],
    ['processing', 'cod', ['shipped']],
    ['shipped', 'cod', ['delivered']],
    ['delivered', 'cod', []],
    ['cancelled', 'bank_transfer', []],
  ] as const)('%s (%s): %j', (from, kind, moves) => {
    expect(staffMoves(from, kind)).toEqual(moves);
  });
});
