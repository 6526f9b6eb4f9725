import type { SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { feedbackBodySchema, HONEYPOT_FIELD } from '@shop/contract';

/*
 * The two forms that write to the shop (spec section 7, `POST /api/organizations/feedbacks/`):
 * the contact form is the contract's body as it is; the request to sell in the shop asks for the
 * shop's name instead of a subject, and the storefront composes subject and message from it.
 * The browser, the storefront's action and the API check the same rules.
 */

export { HONEYPOT_FIELD };

export const contactForm = feedbackBodySchema;
export type ContactForm = z.output<typeof contactForm>;

export const registerOrganizationForm = feedbackBodySchema
  .pick({ name: true, email: true, phone: true, message: true, [HONEYPOT_FIELD]: true })
  .extend({ shopName: z.string().trim().min(1).max(100) });
export type RegisterOrganizationForm = z.output<typeof registerOrganizationForm>;

/** Which form a page carries, by the page's slug. */
export const FEEDBACK_PAGES = {
  contact: 'contact',
  register_new_organization: 'registerOrganization',
} as const;
export type FeedbackPageSlug = keyof typeof FEEDBACK_PAGES;
export type FeedbackFormKind = (typeof FEEDBACK_PAGES)[FeedbackPageSlug];

export const isFeedbackPage = (slug: string): slug is FeedbackPageSlug =>
  Object.hasOwn(FEEDBACK_PAGES, slug);

/**
 * Where a failed submission's messages came from (spec section 8, "flagged 'Server Error' or
 * 'App Error'"): the server checked the fields and refused them (its messages are at the
 * fields), or the shop could not take the message at all (it failed or was unreachable).
 */
export type FeedbackFailure = 'server' | 'app';

/** What a feedback form's action answers: Conform's result, and on failure where it came from. */
export type FeedbackReply = {
  result: SubmissionResult<string[]>;
  /** Tells one answer from the next (the page keeps which fields were changed since). */
  id?: string;
  failure?: FeedbackFailure;
  /** The shop's confirmation, shown in place of the form. */
  done?: string;
};
