/**
 * An order's life: pending → paid → processing → shipped → delivered, or pending → cancelled.
 * Statuses only move forward; a paid order is not cancelled here (that is a refund, later).
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'processing', 'cancelled'],
  paid: ['processing'],
  processing: ['shipped'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Whether an order may go from one status to another (never back, never twice). */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return NEXT[from].includes(to);
}
