import { redirect } from 'react-router';
import { chooseLocale } from '@shop/domain';
import type { Route } from './+types/root-redirect';

/** `/` alone: saved language cookie, then the browser's language, then English. */
export function loader({ request }: Route.LoaderArgs) {
  const cookie = /(?:^|;\s*)locale=([a-z]{2})/.exec(request.headers.get('cookie') ?? '')?.[1];
  const locale = chooseLocale({
    cookie,
    acceptLanguage: request.headers.get('accept-language') ?? undefined,
  });
  return redirect(`/${locale}/`, 302);
}
