/**
 * The newsletter sign-up's check in the browser (the contract's address rule, in the page's
 * language). A module of its own: it brings zod and the account schemas, which home loads only
 * once a shopper touches the form (components/newsletter-signup.tsx, lib/lazy-form.ts, decisions
 * 0076 and 0084). The newsletter page's action checks with the same schema.
 */
export { parseForm } from './forms.ts';
export { newsletterSignupForm } from './account-forms.ts';
