import type { CheckoutSection } from './checkout-forms.ts';

/**
 * The fields each of the checkout's sections checks before it folds: the keys of its schema in
 * `checkoutSections` (a test keeps them equal), known to the page before that schema has loaded
 * (decision 0084): which section holds a flagged field, which fields "Continue" flags.
 */
export const CHECKOUT_SECTION_FIELDS = {
  contact: ['email', 'firstName', 'lastName', 'phone'],
  address: ['country', 'region', 'city', 'address', 'postcode'],
  delivery: ['delivery'],
  payment: ['payment'],
} as const satisfies Record<CheckoutSection, readonly string[]>;
