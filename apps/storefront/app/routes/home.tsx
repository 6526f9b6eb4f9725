import { useRouteLoaderData } from 'react-router';
import { pageTitle } from '@shop/domain';
import type { loader as layoutLoader } from './locale-layout';
import type { Route } from './+types/home';

export function meta({ matches }: Route.MetaArgs) {
  const layout = matches.find((m) => m?.id === 'routes/locale-layout')?.loaderData as
    Awaited<ReturnType<typeof layoutLoader>> | undefined;
  const shop = layout?.shop;
  return shop
    ? [
        { title: pageTitle(shop.meta.title, shop.title) },
        { name: 'description', content: shop.meta.description },
      ]
    : [];
}

export default function Home() {
  const layout = useRouteLoaderData<typeof layoutLoader>('routes/locale-layout');
  if (!layout) return null;
  return (
    <section>
      <h1 className="text-3xl font-bold">{layout.shop.title}</h1>
      <p className="mt-3 max-w-prose text-slate-700">{layout.shop.description}</p>
    </section>
  );
}
