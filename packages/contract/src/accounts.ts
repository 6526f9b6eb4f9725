import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordProblem } from '@shop/domain';
import { discountSchema, idSchema, localeSchema, text } from './common.ts';

/* Session login, CSRF, current user, registration and password recovery. */

/** GET /api/accounts/login/ sets the `csrftoken` cookie and also answers the token. */
export const csrfResponseSchema = z.object({ csrfToken: z.string().min(1) });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

/**
 * A `csrftoken` cookie the shop accepts as issued: 32 to 64 URL-safe characters (it issues 32
 * random bytes as base64url, 43 characters). Anything else is replaced by a new token.
 */
export const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/**
 * A new CSRF token as the shop issues them: 32 random bytes, base64url (43 characters). Web
 * Crypto, so the API, the storefront's server and the page cache issue the same kind of token.
 */
export function newCsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

export const emailSchema = z.email().max(254);
export { PASSWORD_MIN_LENGTH };
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = text().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const loginBodySchema = z.object({
  email: emailSchema,
  // No length rule on login: an old password must still be accepted for checking.
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const userInfoSchema = z.object({
  id: idSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isStaff: z.boolean(),
  /** The user's setting: send `Cache-Control: no-cache` with every call. */
  noCache: z.boolean(),
  locale: localeSchema,
  /** Subscribed to the shop's newsletter. */
  newsletter: z.boolean(),
  /** The user's own discounts, added to every product's. */
  discounts: z.array(discountSchema),
  /**
   * The user has discounts of their own on anything (some products, bundles or everything): the
   * catalogue's prices they see are not a visitor's (decision 0067: their pages are their own).
   */
  personalPrices: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/**
 * The login answer: the user, and what logging in did to the cart when the visitor's cart met
 * the account's (lines added, lines lowered to stock); null when there was nothing to tell.
 */
export const loginResponseSchema = userInfoSchema.extend({
  cartMerge: z
    .object({ added: z.number().int().nonnegative(), capped: z.number().int().nonnegative() })
    .nullable(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

const nameSchema = z
  .string()
  .trim()
  .max(100)
  .refine((value) => /^[\p{L}\p{M}' -]*$/u.test(value), { message: 'forms.alpha' });

/** Adds the 'confirmed' rule between a password and its repetition (the forms' field). */
export function withConfirmation<T extends { password: string; passwordConfirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.passwordConfirmation) {
    ctx.addIssue({ code: 'custom', path: ['passwordConfirmation'], message: 'forms.confirmed' });
  }
}

/** The domain's password rule beyond length: not like the email, not a common password. */
export function strongPassword<T extends { password: string; email?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  const problem = passwordProblem(value.password, value.email ?? '');
  if (problem === 'likeEmail' || problem === 'common') {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: problem === 'common' ? 'auth.passwordCommon' : 'auth.passwordLikeEmail',
    });
  }
}

/** POST /api/accounts/register/ : 201, and a mail with the confirmation link. */
export const registerFieldsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  // Both names: every order is delivered to a full name.
  firstName: nameSchema.min(1),
  lastName: nameSchema.min(1),
});
export const registerBodySchema = registerFieldsSchema.superRefine(strongPassword);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** PATCH /api/accounts/user_info/ : the dashboard's account-info and settings forms. */
export const updateUserInfoBodySchema = z
  .object({
    firstName: nameSchema.min(1),
    lastName: nameSchema,
    noCache: z.boolean(),
    locale: localeSchema,
    newsletter: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateUserInfoBody = z.infer<typeof updateUserInfoBodySchema>;

/** Asks for a reset mail; answers 200 `{detail}` whether or not the address is known. */
export const passwordResetBodySchema = z.object({ email: emailSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** The token from the mail's link (random, single use; only its hash is stored). */
export const linkTokenSchema = text().regex(/^[\w-]{20,100}$/, 'forms.invalidLink');

/** POST /api/accounts/password_reset/confirm/ : the new password with the link's token. */
export const passwordResetConfirmBodySchema = z.object({
  token: linkTokenSchema,
  password: passwordSchema,
});
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

/** POST /api/accounts/confirm_email/ : the token from the confirmation mail's link. */
export const confirmEmailBodySchema = z.object({ token: linkTokenSchema });

/** Anyone may subscribe to the newsletter: the address counts once its mailed link is opened. */
export const newsletterSubscribeBodySchema = z.object({ email: emailSchema });

/**
 * A signed newsletter link's token (confirm or unsubscribe): the address, when it ends, and the
 * shop's signature; nothing is stored for it. The confirm link lasts 7 days, unsubscribing never ends.
 */
export const newsletterTokenSchema = text()
  .max(600)
  .regex(/^[\w-]{2,400}\.\d{1,12}\.[\w-]{43}$/, 'forms.invalidLink');
export const newsletterTokenBodySchema = z.object({ token: newsletterTokenSchema });
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;

/** POST /api/accounts/confirm_email/resend/ : a new link; the same answer for any address. */
export const resendConfirmationBodySchema = z.object({ email: emailSchema });
export type ResendConfirmationBody = z.infer<typeof resendConfirmationBodySchema>;

/** POST /api/accounts/change_password/ : the current password, and the new one. */
export const changePasswordBodySchema = z.object({
  currentPassword: text().min(1).max(PASSWORD_MAX_LENGTH),
  password: passwordSchema,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
