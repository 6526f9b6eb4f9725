import { describe, expect, it } from 'vitest';
import {
  cartNoticeCookie,
  cartNoticeValue,
  consentCookie,
  csrfCookie,
  localeCookie,
  readCartNotice,
  readConsentCookie,
  readCsrfCookie,
  readLocaleCookie,
  readNotice,
  secureFor,
  setNotice,
} from './cookies.ts';

describe('the storefront cookies', () => {
  it('read plain values, as the API or a script writes them', () => {
    const header = 'locale=it; cookie_consent=necessary; csrftoken=abc123; other=x';
    expect(readLocaleCookie(header)).toBe('it');
    expect(readConsentCookie(header)).toBe('necessary');
    expect(readCsrfCookie(header)).toBe('abc123');
  });

  it('ignore absent, empty and unknown values', () => {
    expect(readLocaleCookie(null)).toBeUndefined();
    expect(readLocaleCookie('locale=xx')).toBeUndefined();
    expect(readConsentCookie('cookie_consent=maybe')).toBeNull();
    expect(readCsrfCookie('csrftoken=')).toBeUndefined();
  });

  it('write plain values that read back', () => {
    const line = localeCookie.serialize('de');
    expect(line.split(';')[0]).toBe('locale=de');
    expect(readLocaleCookie(line.split(';')[0]!)).toBe('de');
  });

  it('save the language for 365 days and the consent for a year, Lax, on the whole site', () => {
    expect(localeCookie.serialize('en')).toMatch(/Max-Age=31536000/);
    expect(consentCookie.serialize('all')).toMatch(/Max-Age=31536000/);
    for (const line of [localeCookie.serialize('en'), csrfCookie.serialize('t')]) {
      expect(line).toMatch(/Path=\//);
      expect(line).toMatch(/SameSite=Lax/);
      expect(line).not.toMatch(/HttpOnly/);
      expect(line).not.toMatch(/Secure/);
    }
  });

  it('are Secure in answer to an https request', () => {
    const secure = secureFor(new Request('https://shop.example/en/'));
    expect(localeCookie.serialize('en', secure)).toMatch(/Secure/);
    expect(
      localeCookie.serialize('en', secureFor(new Request('http://localhost/en/'))),
    ).not.toMatch(/Secure/);
  });
});

describe('the cart notice cookie', () => {
  it('reads back what the login wrote, and nothing else', () => {
    const line = cartNoticeCookie.serialize(cartNoticeValue({ added: 3, capped: 1 }));
    expect(line).toMatch(/HttpOnly/);
    expect(readCartNotice(line.split(';')[0]!)).toEqual({ added: 3, capped: 1 });
    expect(readCartNotice('cart_notice=lots')).toBeNull();
    expect(readCartNotice(null)).toBeNull();
  });
});

describe('the notice cookie (a toast for the next page)', () => {
  it('reads back a known notice only, never a text', () => {
    const line = setNotice('loggedOut', new Request('https://shop.example/en/account/logout/'));
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/Max-Age=60/);
    expect(readNotice(line.split(';')[0]!)).toBe('loggedOut');
    expect(readNotice('notice=%3Cscript%3E')).toBeNull();
    expect(readNotice('notice=toString')).toBeNull();
    expect(readNotice(null)).toBeNull();
  });
});
