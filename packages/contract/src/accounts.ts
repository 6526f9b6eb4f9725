import { z } from 'zod';
import { discountSchema, idSchema, localeSchema } from './common.ts';

/* Session login, CSRF, current user, registration and password recovery. */

/** GET /api/accounts/login/ sets the `csrftoken` cookie and also answers the token. */
export const csrfResponseSchema = z.object({ csrfToken: z.string().min(1) });
export type CsrfResponse = z.infer<typeof csrfResponseSchema>;

export const emailSchema = z.email().max(254);
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const loginBodySchema = z.object({
  email: emailSchema,
  // No length rule on login: an old password must still be accepted for checking.
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
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
  /** The user's own discounts, added to every product's. */
  discounts: z.array(discountSchema),
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
  .refine((value) => /^[\p{L}\p{M}' -]*$/u.test(value), {
    message: 'Only letters are allowed',
    params: { formMessage: 'alpha' },
  });

/** Adds the 'confirmed' rule between a password and its repetition. */
function withConfirmation<T extends { password: string; passwordConfirmation: string }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.password !== value.passwordConfirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['passwordConfirmation'],
      message: 'The passwords do not match',
      params: { formMessage: 'confirmed' },
    });
  }
}

export const registerBodySchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    passwordConfirmation: z.string(),
    firstName: nameSchema.min(1),
    lastName: nameSchema,
    locale: localeSchema.optional(),
  })
  .superRefine(withConfirmation);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** PATCH /api/accounts/user_info/ : the dashboard's account-info and settings forms. */
export const updateUserInfoBodySchema = z
  .object({
    firstName: nameSchema.min(1),
    lastName: nameSchema,
    noCache: z.boolean(),
    locale: localeSchema,
  })
  .partial();
export type UpdateUserInfoBody = z.infer<typeof updateUserInfoBodySchema>;

/** Asks for a reset mail; answers 200 `{detail}` whether or not the address is known. */
export const passwordResetBodySchema = z.object({ email: emailSchema });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** `uid` and `token` come from the link in the mail. */
export const passwordResetConfirmBodySchema = z
  .object({
    uid: z.string().min(1).max(64),
    token: z.string().min(1).max(256),
    password: passwordSchema,
    passwordConfirmation: z.string(),
  })
  .superRefine(withConfirmation);
export type PasswordResetConfirmBody = z.infer<typeof passwordResetConfirmBodySchema>;

export const confirmEmailBodySchema = z.object({
  uid: z.string().min(1).max(64),
  token: z.string().min(1).max(256),
});
export type ConfirmEmailBody = z.infer<typeof confirmEmailBodySchema>;
