/**
 * The cart page's checks in the browser: zod and the cart's schemas, loaded once a shopper
 * touches one of its forms (routes/cart.tsx, lib/lazy-form.ts, decision 0084). The action checks
 * with the same schemas (`cartPageForm`).
 */
export { parseForm } from './forms.ts';
export { cartQuantityForm, promoCodeForm } from './cart-forms.ts';
