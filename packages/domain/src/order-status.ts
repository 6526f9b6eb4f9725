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

/** How an order is paid (the payment's kind): the contract's and the database's names. */
export const PAYMENT_KIND_NAMES = ['cod', 'bank_transfer', 'test_card'] as const;
export type PaymentKindName = (typeof PAYMENT_KIND_NAMES)[number];

/**
 * Staff mark an order paid only when the money reaches the shop outside the shop: a bank
 * transfer or cash on delivery. A card payment is paid by its provider's confirmation alone.
 */
export const STAFF_PAID_KINDS: readonly PaymentKindName[] = ['bank_transfer', 'cod'];

/** The moves the shopper is mailed about: paid, shipped and cancelled. */
export const MAILED_MOVES: readonly OrderStatus[] = ['paid', 'shipped', 'cancelled'];

/** Why staff may not move an order: the status does not go there, or only a provider pays it. */
export type StaffMoveRefusal = 'notAllowed' | 'paidByProvider';

/** Whether staff may move an order of `kind` from `from` to `to`; null when they may. */
export function staffMoveRefusal(
  from: OrderStatus,
  to: OrderStatus,
  kind: PaymentKindName | null,
): StaffMoveRefusal | null {
  if (!canMoveOrder(from, to)) return 'notAllowed';
  if (to === 'paid' && (kind === null || !STAFF_PAID_KINDS.includes(kind))) return 'paidByProvider';
  return null;
}

/** The moves staff are offered on an order, in the order of its life. */
export function staffMoves(from: OrderStatus, kind: PaymentKindName | null): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => staffMoveRefusal(from, to, kind) === null);
}
