import { data } from 'react-router';
import { CSRF_COOKIE, readCookie } from './cookies.ts';

export const CSRF_FIELD = 'csrf';

/**
 * Every storefront form post carries the `csrftoken` cookie's value in a hidden field (double
 * submit, the same token the API checks in its header); a mismatch is a 403 and changes nothing.
 */
export function verifyCsrf(request: Request, form: FormData): void {
  const cookie = readCookie(request.headers.get('cookie'), CSRF_COOKIE);
  const field = form.get(CSRF_FIELD);
  if (!cookie || typeof field !== 'string' || field !== cookie) {
    throw data('CSRF token missing or incorrect.', { status: 403 });
  }
}

/** A same-site path to go back to after a form post; anything else becomes `fallback`. */
export function safeRedirect(target: FormDataEntryValue | null, fallback: string): string {
  return typeof target === 'string' && target.startsWith('/') && !target.startsWith('//')
    ? target
    : fallback;
}
