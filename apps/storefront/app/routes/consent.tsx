import { data, redirect } from 'react-router';
import { z } from 'zod';
import { consentCookie, secureFor } from '#app/lib/cookies.ts';
import { readForm } from '#app/lib/forms.server.ts';
import { shopTranslator } from '#app/lib/messages.server.ts';
import { safeRedirect } from '@shop/domain';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/consent';

const consentForm = z.object({
  choice: z.enum(['all', 'necessary']),
  redirectTo: z.string().optional(),
});

/** Remembers the cookie choice for a year; a plain form post, so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  const submission = await readForm(request, consentForm, await shopTranslator(shop));
  if (submission.status !== 'success') {
    throw data(submission.error, { status: 400 });
  }
  const { choice, redirectTo } = submission.value;
  return redirect(safeRedirect(redirectTo, `/${shop.locale}/`), {
    headers: { 'Set-Cookie': consentCookie.serialize(choice, secureFor(request)) },
  });
}

export function loader() {
  throw data(null, { status: 404 });
}
