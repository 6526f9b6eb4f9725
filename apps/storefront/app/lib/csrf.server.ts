import { data } from 'react-router';
import { readCsrfCookie } from './cookies.ts';
import { CSRF_FIELD } from './csrf.ts';
import type { Translate } from '@shop/contract';

/**
 * Every storefront form post carries the `csrftoken` cookie's token in a hidden field (double
 * submit, the same token the API checks in its header); a mismatch is a 403 and changes nothing.
 */
export async function verifyCsrf(request: Request, form: FormData, t: Translate): Promise<void> {
  const cookie = readCsrfCookie(request.headers.get('cookie'));
  const field = form.get(CSRF_FIELD);
  if (!cookie || typeof field !== 'string' || field !== cookie) {
    // In the page's language, like every other refusal (errors.csrf).
    throw data(t('errors.csrf'), { status: 403 });
  }
}
