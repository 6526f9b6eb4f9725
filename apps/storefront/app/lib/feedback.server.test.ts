import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@shop/contract';
import { createTranslator } from '@shop/messages/translate';
import en from '@shop/messages/langs/en.json' with { type: 'json' };
import { contactForm, registerOrganizationForm, type FeedbackReply } from './feedback-forms.ts';
import { feedbackBody, feedbackFailure, feedbackInvalid } from './feedback.server.ts';
import { parseForm } from './forms.ts';

const t = createTranslator('en', en);

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const contact = {
  name: 'Mira Novak',
  email: 'mira@example.com',
  subject: 'Linen sizes',
  message: 'Do the linen shirts run small?',
};
const FIELDS = Object.keys(contactForm.shape);

/** What an action answered: its body and status. */
function answer(reply: unknown): { body: FeedbackReply; status: number | undefined } {
  const { data, init } = reply as { data: FeedbackReply; init: ResponseInit | null };
  return { body: data, status: init?.status };
}

describe("feedback answers (spec section 8: \"flagged 'Server Error' or 'App Error'\")", () => {
  it('puts an API 400’s messages at their fields, flagged as the server’s', () => {
    const submission = parseForm(form(contact), contactForm, t);
    const error = new ApiError(
      400,
      { email: ['Please enter a valid email'], subject: ['This field is required'] },
      'POST',
      '/en/api/organizations/feedbacks/',
    );
    const { body, status } = answer(feedbackFailure(submission, error, FIELDS, t));
    expect(status).toBe(400);
    expect(body.failure).toBe('server');
    expect(body.result.error).toMatchObject({
      email: ['Please enter a valid email'],
      subject: ['This field is required'],
    });
    expect(body.id).toMatch(/^[\w-]{36}$/);
  });

  it('names a message for a field the form does not have, above the form', () => {
    const submission = parseForm(
      form({ ...contact, shopName: 'Kiln' }),
      registerOrganizationForm,
      t,
    );
    const error = new ApiError(429, { detail: 'Too many attempts.' }, 'POST', '/x');
    const refused = new ApiError(400, { subject: ['This field is required'] }, 'POST', '/x');
    const fields = Object.keys(registerOrganizationForm.shape);
    expect(answer(feedbackFailure(submission, error, fields, t)).body.result.error).toEqual({
      '': ['Too many attempts.'],
    });
    expect(answer(feedbackFailure(submission, refused, fields, t)).body.result.error).toEqual({
      '': ['Subject: This field is required'],
    });
  });

  it('answers a failing or unreachable API with 502 "Something went wrong.", flagged as the app’s', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const submission = parseForm(form(contact), contactForm, t);
    for (const error of [
      new ApiError(500, { detail: 'Internal server error.' }, 'POST', '/x'),
      new TypeError('fetch failed'),
    ]) {
      const { body, status } = answer(feedbackFailure(submission, error, FIELDS, t));
      expect(status).toBe(502);
      expect(body.failure).toBe('app');
      expect(body.result.error).toEqual({ '': ['Something went wrong.'] });
    }
    quiet.mockRestore();
  });

  it('answers fields the storefront refused with 400, flagged as the server’s', () => {
    const submission = parseForm(form({ ...contact, email: 'nope' }), contactForm, t);
    const { body, status } = answer(feedbackInvalid(submission));
    expect(status).toBe(400);
    expect(body.failure).toBe('server');
    expect(body.result.error).toMatchObject({ email: ['Please enter a valid email'] });
  });
});

describe('feedbackBody', () => {
  it('sends the contact form as it is, without empty optional fields', () => {
    const submission = parseForm(form({ ...contact, phone: '' }), contactForm, t);
    if (submission.status !== 'success') throw new Error('invalid');
    expect(feedbackBody('contact', submission.value, t)).toEqual(contact);
  });

  it('writes the request to sell as a message with its own subject, honeypot kept', () => {
    const submission = parseForm(
      form({
        shopName: 'Kiln Studio',
        name: 'Ilse Berg',
        email: 'ilse@example.com',
        phone: '+43 512 123456',
        message: 'Wood-fired stoneware.',
        website: 'https://spam.example/',
      }),
      registerOrganizationForm,
      t,
    );
    if (submission.status !== 'success') throw new Error('invalid');
    expect(feedbackBody('registerOrganization', submission.value, t)).toEqual({
      name: 'Ilse Berg',
      email: 'ilse@example.com',
      phone: '+43 512 123456',
      subject: 'Vendor request: Kiln Studio',
      message: 'Shop name: Kiln Studio\n\nWood-fired stoneware.',
      website: 'https://spam.example/',
    });
  });
});
