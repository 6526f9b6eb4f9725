/** Reads one cookie from a Cookie header (or `document.cookie`). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const LOCALE_COOKIE = 'locale';
export const CONSENT_COOKIE = 'cookie_consent';
export const CSRF_COOKIE = 'csrftoken';

export type Consent = 'all' | 'necessary';
export const parseConsent = (value: string | undefined): Consent | null =>
  value === 'all' || value === 'necessary' ? value : null;

/** A Set-Cookie value readable by scripts (language, consent, CSRF), SameSite=Lax. */
export function serializeCookie(
  name: string,
  value: string,
  maxAgeDays: number,
  secure: boolean,
): string {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    `Max-Age=${Math.round(maxAgeDays * 86_400)}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
