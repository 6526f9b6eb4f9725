import { data, redirect } from 'react-router';
import { verifyCsrf } from '#app/lib/csrf.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import type { Route } from './+types/logout';

/** A form post only (a link could be followed by a crawler or a prefetch). */
export async function action({ request, context }: Route.ActionArgs) {
  const shop = getShopRequest(context);
  await verifyCsrf(request, await request.formData());
  await shop.api.accounts.logout().catch(() => undefined);
  return redirect(`/${shop.locale}/`);
}

export function loader() {
  throw data(null, { status: 405 });
}
