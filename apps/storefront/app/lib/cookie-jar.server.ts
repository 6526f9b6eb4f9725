import { parseCookie } from 'cookie';
import { parseSetCookie } from 'set-cookie-parser';

/** Values travel as they came: the jar never decodes or re-encodes them. */
const asIs = (value: string) => value;

/**
 * The cookies of one storefront request as the API sees them: what the browser sent, updated by
 * every `Set-Cookie` the API answers (a new session after login, a fresh CSRF token), so later
 * calls of the same request carry them. Parsing is the libraries' (`cookie`, `set-cookie-parser`).
 */
export function createCookieJar(cookieHeader: string | null, now: () => number = Date.now) {
  const jar = new Map<string, string>();
  for (const [name, value] of Object.entries(parseCookie(cookieHeader ?? '', { decode: asIs }))) {
    if (value !== undefined) jar.set(name, value);
  }
  return {
    /** The Cookie header for the next call. */
    header: () => [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
    get: (name: string) => jar.get(name),
    /** Takes in `Set-Cookie` lines: a value is set, an empty or expired one removes the cookie. */
    store(setCookieLines: readonly string[]) {
      for (const cookie of parseSetCookie(setCookieLines, { decodeValues: false })) {
        const expired =
          cookie.value === '' ||
          (cookie.maxAge !== undefined && cookie.maxAge <= 0) ||
          (cookie.expires !== undefined && cookie.expires.getTime() <= now());
        if (expired) jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
    },
  };
}
export type CookieJar = ReturnType<typeof createCookieJar>;
