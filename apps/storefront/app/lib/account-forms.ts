import { z } from 'zod';
import {
  addressFieldsSchema,
  changePasswordBodySchema,
  emailSchema,
  idSchema,
  localeSchema,
  updateWishlistItemBodySchema,
  linkTokenSchema,
  newsletterTokenSchema,
  passwordSchema,
  registerFieldsSchema,
  strongPassword,
  withConfirmation,
} from '@shop/contract';
import { checkoutPlacesForm } from './checkout-forms.ts';

/*
 * The account pages' forms, from the contract's schemas: the browser, the storefront's action
 * and the API check the same rules (the password rule included). The repetition of the password
 * is the form's own field; the API never sees it.
 */

export const registerForm = registerFieldsSchema
  .extend({ passwordConfirmation: z.string() })
  .superRefine(withConfirmation)
  .superRefine(strongPassword);

export const emailForm = z.object({ email: emailSchema });

export const resetPasswordForm = z
  .object({ token: linkTokenSchema, password: passwordSchema, passwordConfirmation: z.string() })
  .superRefine(withConfirmation);

/** The wishlist's forms: the hearts (add, remove) and the page's lines (comment, move to cart). */
const back = { redirectTo: z.string().max(2000).optional(), fetch: z.literal('1').optional() };
export const wishlistForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), product: idSchema, ...back }),
  z.object({ intent: z.literal('remove'), item: idSchema, product: idSchema.optional(), ...back }),
  z.object({
    intent: z.literal('comment'),
    item: idSchema,
    // An emptied comment arrives as no value at all: it clears the comment.
    comment: updateWishlistItemBodySchema.shape.comment.optional(),
  }),
  z.object({ intent: z.literal('move'), item: idSchema, product: idSchema }),
]);

/** Dashboard account-info: the names (the email is shown, not changed here). */
export const accountInfoForm = registerFieldsSchema.pick({ firstName: true, lastName: true });

/** Dashboard newsletter: the button says which way. */
export const newsletterForm = z.object({ newsletter: z.enum(['subscribe', 'unsubscribe']) });

/** The newsletter for anyone (home, the newsletter page): sign up by address, leave by the link. */
export const newsletterSignupForm = z.object({
  intent: z.literal('subscribe'),
  email: emailSchema,
});
export const newsletterPageForm = z.discriminatedUnion('intent', [
  newsletterSignupForm,
  z.object({ intent: z.literal('unsubscribe'), token: newsletterTokenSchema }),
]);

/** Dashboard settings: language and no-cache mode. */
export const preferencesForm = z.object({
  intent: z.literal('settings'),
  locale: localeSchema,
  // An unticked box sends nothing.
  noCache: z.boolean().optional(),
});

const passwordFields = changePasswordBodySchema.extend({
  intent: z.literal('password'),
  passwordConfirmation: z.string(),
});

/** Dashboard settings: a new password, the current one first. */
export const changePasswordForm = passwordFields.superRefine(withConfirmation);

/** Both forms of the settings page, told apart by `intent`. */
export const settingsForm = z
  .discriminatedUnion('intent', [preferencesForm, passwordFields])
  .superRefine((value, ctx) => {
    if (value.intent === 'password') withConfirmation(value, ctx);
  });

/** The address book's forms: the place lists (as at checkout), save, delete, make default. */
export const saveAddressForm = addressFieldsSchema.extend({
  intent: z.literal('save'),
  /** Set when an address is edited, absent for a new one. */
  id: idSchema.optional(),
  isDefault: z.boolean().optional(),
});
export const addressBookForm = z.discriminatedUnion('intent', [
  checkoutPlacesForm.extend({ id: idSchema.optional() }),
  saveAddressForm,
  z.object({ intent: z.literal('delete'), id: idSchema }),
  z.object({ intent: z.literal('default'), id: idSchema }),
]);
