import { timingSafeEqual } from 'node:crypto';
import { sign } from './secret-key.ts';

/*
 * The newsletter's links carry their own proof: the address, when the link ends, and an HMAC of
 * both with the shop's key (SECRET_KEY). Nothing is stored per link, so a guest's sign-up keeps
 * no token table, and a link can be opened twice with the same result (subscribing is a state,
 * not an event). Confirm links end after 7 days; unsubscribe links never end (every mail carries
 * one, and the law wants it to keep working).
 */

export type NewsletterPurpose = 'confirm' | 'unsubscribe';

export const NEWSLETTER_CONFIRM_MS = 7 * 86_400_000;
/** "Never" for an unsubscribe link: its end is 0, which is read as no end. */
const NO_END = 0;

const encode = (email: string) => Buffer.from(email, 'utf8').toString('base64url');

/** The token of a `purpose` link for `email` (lower-cased), signed with `key`. */
export function newsletterToken(
  key: string,
  purpose: NewsletterPurpose,
  email: string,
  now: Date,
): string {
  const address = email.trim().toLowerCase();
  const end =
    purpose === 'confirm' ? Math.floor((now.getTime() + NEWSLETTER_CONFIRM_MS) / 1000) : NO_END;
  return `${encode(address)}.${end}.${sign(key, 'newsletter', purpose, address, String(end))}`;
}

export type NewsletterLink = { email: string } | { problem: 'invalid' | 'expired' };

/** The address a `purpose` token was made for, or why it cannot be used. */
export function readNewsletterToken(
  key: string,
  purpose: NewsletterPurpose,
  token: string,
  now: Date,
): NewsletterLink {
  const [encoded, endText, signature, ...rest] = token.split('.');
  if (!encoded || !endText || !signature || rest.length > 0) return { problem: 'invalid' };
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  if (encode(email) !== encoded) return { problem: 'invalid' };
  const expected = Buffer.from(sign(key, 'newsletter', purpose, email, endText));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { problem: 'invalid' };
  }
  const end = Number(endText);
  if (purpose === 'confirm' && end * 1000 <= now.getTime()) return { problem: 'expired' };
  return { email };
}
