import { describe, expect, it } from 'vitest';
import { canMoveOrder, ORDER_STATUSES, type OrderStatus } from './order-status.ts';

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
