import { newsletterSignupForm } from './account-forms.ts';
import { parseForm } from './forms.ts';
import type { Translate } from './i18n.tsx';

/**
 * The newsletter sign-up's check in the browser (the contract's address rule, in the page's
 * language). A module of its own: it brings zod and the account schemas, which home loads only
 * once a shopper touches the form (components/newsletter-signup.tsx, decision 0076).
 */
export function checkNewsletterSignup(formData: FormData, t: Translate) {
  return parseForm(formData, newsletterSignupForm, t);
}
