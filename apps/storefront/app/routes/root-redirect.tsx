import { redirect } from 'react-router';
import { rootLocale } from '#app/lib/shop.server.ts';
import type { Route } from './+types/root-redirect';

/** `/` alone (the only path redirected by language): saved cookie, then browser language, then English. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return redirect(`/${await rootLocale(request, context)}/${url.search}`, 302);
}
