import { data, redirect } from 'react-router';
import { CONSENT_COOKIE, parseConsent, serializeCookie } from '#app/lib/cookies.ts';
import { safeRedirect, verifyCsrf } from '#app/lib/csrf.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/consent';

/** Remembers the cookie choice for a year; a plain form post, so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const form = await request.formData();
  verifyCsrf(request, form);
  const raw = form.get('choice');
  const choice = parseConsent(typeof raw === 'string' ? raw : undefined);
  if (!choice) throw data({ choice: ['Choose all or necessary'] }, { status: 400 });
  const secure = new URL(request.url).protocol === 'https:';
  return redirect(safeRedirect(form.get('redirectTo'), `/${shop.locale}/`), {
    headers: { 'Set-Cookie': serializeCookie(CONSENT_COOKIE, choice, 365, secure) },
  });
}

export function loader() {
  throw data(null, { status: 404 });
}
