import { parseCookie, stringifySetCookie, type SetCookie } from 'cookie';
import { isLocale, LOCALE_COOKIE_MAX_AGE_DAYS, type Locale } from '@shop/domain';

/*
 * The storefront's own cookies. Their values are plain strings (`locale=de`, `csrftoken=…`), not
 * React Router's `createCookie` encoding (base64 JSON): the API and any other backend speaking
 * the spec's contract issue and read the same `csrftoken` and `locale` cookies, and a value they
 * wrote must read back here (docs/decisions/0010). Parsing and attributes are the `cookie`
 * package's, the one React Router itself uses. All three are readable by scripts and
 * SameSite=Lax; `Secure` is added per response when the request came over https.
 */

const DAY_SECONDS = 86_400;
type Attributes = Omit<SetCookie, 'name' | 'value'>;

export interface PlainCookie {
  readonly name: string;
  /** The value in a `Cookie` request header, or null when absent or empty. */
  parse(header: string | null): string | null;
  /** A `Set-Cookie` line for this value, with the cookie's attributes plus `extra`. */
  serialize(value: string, extra?: Attributes): string;
}

export function plainCookie(name: string, attributes: Attributes): PlainCookie {
  return {
    name,
    parse(header) {
      if (!header) return null;
      const value = parseCookie(header)[name];
      return value ? value : null;
    },
    serialize(value, extra) {
      return stringifySetCookie({ name, value, ...attributes, ...extra });
    },
  };
}

const readable = { path: '/', sameSite: 'lax', httpOnly: false } as const;

/** The chosen language (spec section 4: saved for 365 days). */
export const localeCookie = plainCookie('locale', {
  ...readable,
  maxAge: LOCALE_COOKIE_MAX_AGE_DAYS * DAY_SECONDS,
});

/** The cookie-consent choice, for a year. */
export const consentCookie = plainCookie('cookie_consent', {
  ...readable,
  maxAge: 365 * DAY_SECONDS,
});

/** The CSRF double-submit token: the same cookie the API checks its `X-CSRFToken` header against. */
export const csrfCookie = plainCookie('csrftoken', { ...readable, maxAge: 365 * DAY_SECONDS });

/**
 * A one-time notice after logging in merged the visitor's cart into the account's: `added.capped`
 * (lines brought in, lines lowered to stock). Read once by the next page and cleared there.
 */
export const cartNoticeCookie = plainCookie('cart_notice', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 300,
});
export type CartNotice = { added: number; capped: number };

export function readCartNotice(header: string | null): CartNotice | null {
  const match = /^(\d{1,3})\.(\d{1,3})$/.exec(cartNoticeCookie.parse(header) ?? '');
  return match ? { added: Number(match[1]), capped: Number(match[2]) } : null;
}

export const cartNoticeValue = (notice: CartNotice) => `${notice.added}.${notice.capped}`;

/**
 * A one-time confirmation after a form that leaves its page (logged out, order again, address
 * or settings saved): the next page toasts it once (works without JavaScript: the toast is in
 * the page) and clears it. Only these names are read; the text is the page's language.
 */
export const NOTICES = [
  'passwordReset',
  'loggedOut',
  'orderAgain',
  'addressSaved',
  'addressDeleted',
  'settingsSaved',
] as const;
export type Notice = (typeof NOTICES)[number];
export const noticeCookie = plainCookie('notice', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60,
});

export function readNotice(header: string | null): Notice | null {
  const value = noticeCookie.parse(header);
  return NOTICES.find((notice) => notice === value) ?? null;
}

/** The `Set-Cookie` line that makes the next page say `notice`. */
export const setNotice = (notice: Notice, request: Request) =>
  noticeCookie.serialize(notice, secureFor(request));

export type Consent = 'all' | 'necessary';
export const parseConsent = (value: unknown): Consent | null =>
  value === 'all' || value === 'necessary' ? value : null;

export function readLocaleCookie(header: string | null): Locale | undefined {
  const value = localeCookie.parse(header);
  return value !== null && isLocale(value) ? value : undefined;
}

export function readConsentCookie(header: string | null): Consent | null {
  return parseConsent(consentCookie.parse(header));
}

export function readCsrfCookie(header: string | null): string | undefined {
  return csrfCookie.parse(header) ?? undefined;
}

/** `Secure` on cookies set in answer to an https request. */
export const secureFor = (request: Request) => ({
  secure: new URL(request.url).protocol === 'https:',
});

/**
 * The way back after logging in (spec section 4): set when a guarded page (dashboard, wishlist)
 * sends an anonymous visitor to the login page, read by the login, and cleared by a visit to
 * any other page. Only a path of this shop is ever stored or followed (safeRedirect in @shop/domain).
 */
export const loginNextCookie = plainCookie('login_next', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 1800,
});
