import { describe, expect, it } from 'vitest';
import { NEWSLETTER_CONFIRM_MS, newsletterToken, readNewsletterToken } from './newsletter-links.ts';

const KEY = 'k'.repeat(43);
const now = new Date('2026-11-26T10:00:00Z');

describe('newsletter links', () => {
  it('reads back the address it was made for, lower-cased', () => {
    const token = newsletterToken(KEY, 'confirm', ' Mira@Example.com ', now);
    expect(readNewsletterToken(KEY, 'confirm', token, now)).toEqual({ email: 'mira@example.com' });
  });

  it('refuses another purpose, another key, and any changed part', () => {
    const token = newsletterToken(KEY, 'confirm', 'mira@example.com', now);
    expect(readNewsletterToken(KEY, 'unsubscribe', token, now)).toEqual({ problem: 'invalid' });
    expect(readNewsletterToken('x'.repeat(43), 'confirm', token, now)).toEqual({
      problem: 'invalid',
    });
    const [, end, signature] = token.split('.');
    const other = Buffer.from('eve@example.com').toString('base64url');
    expect(readNewsletterToken(KEY, 'confirm', `${other}.${end}.${signature}`, now)).toEqual({
      problem: 'invalid',
    });
    const later = String(Number(end) + 86_400);
    const [address] = token.split('.');
    expect(readNewsletterToken(KEY, 'confirm', `${address}.${later}.${signature}`, now)).toEqual({
      problem: 'invalid',
    });
    expect(readNewsletterToken(KEY, 'confirm', 'garbage', now)).toEqual({ problem: 'invalid' });
  });

  it('lets a confirm link end after 7 days, an unsubscribe link never', () => {
    const confirm = newsletterToken(KEY, 'confirm', 'mira@example.com', now);
    const late = new Date(now.getTime() + NEWSLETTER_CONFIRM_MS + 1000);
    expect(readNewsletterToken(KEY, 'confirm', confirm, late)).toEqual({ problem: 'expired' });
    const leave = newsletterToken(KEY, 'unsubscribe', 'mira@example.com', now);
    const years = new Date(now.getTime() + 10 * 365 * 86_400_000);
    expect(readNewsletterToken(KEY, 'unsubscribe', leave, years)).toEqual({
      email: 'mira@example.com',
    });
  });
});
