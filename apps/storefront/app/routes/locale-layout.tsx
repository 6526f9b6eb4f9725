import { Outlet, data } from 'react-router';
import { isLocale } from '@shop/domain';
import { serverApi } from '#app/lib/api.server.ts';
import type { Route } from './+types/locale-layout';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isLocale(params.lang)) throw data(null, { status: 404 });
  const api = serverApi(context, request, params.lang);
  const [shop, messages] = await Promise.all([api.organizations.info(), api.core.messages()]);
  return { locale: params.lang, shop, messages };
}

export default function LocaleLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3">
          <a href={`/${loaderData.locale}/`} className="text-xl font-bold text-primary">
            {loaderData.shop.title}
          </a>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Outlet />
      </main>
    </div>
  );
}
