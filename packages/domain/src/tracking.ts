import type { OrderStatus } from './order-status.ts';

/**
 * Staff set or correct an order's tracking number outside the "Shipped" move only while the
 * parcel is on its way: before that the number comes with the move, after delivery it is history.
 */
export function canChangeTracking(status: OrderStatus): boolean {
  return status === 'shipped';
}

/**
 * Whether the shopper is mailed about a tracking number staff set on a shipped order: when there
 * is a new number to follow. Clearing a number, or saving the same one, tells them nothing new.
 */
export function mailsTrackingChange(before: string, after: string): boolean {
  return after !== '' && after !== before;
}
