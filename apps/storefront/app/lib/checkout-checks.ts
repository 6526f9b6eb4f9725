/**
 * The checkout page's checks in the browser: zod and the order's schemas, loaded once a shopper
 * touches one of its forms (routes/checkout.tsx, lib/lazy-form.ts, decision 0084). The action
 * checks with the same schemas (`checkoutPageForm`).
 */
export { parseForm } from './forms.ts';
export { changePaymentForm, checkoutPageForm, checkoutSections } from './checkout-forms.ts';
