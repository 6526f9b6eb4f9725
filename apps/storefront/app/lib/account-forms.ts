import { z } from 'zod';
import {
  emailSchema,
  linkTokenSchema,
  passwordSchema,
  registerFieldsSchema,
  strongPassword,
  withConfirmation,
} from '@shop/contract';

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
