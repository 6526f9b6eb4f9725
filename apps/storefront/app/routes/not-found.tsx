import { ErrorScreen } from '#app/components/error-screen.tsx';
import { notFoundWithProducts } from '#app/lib/api-errors.server.ts';
import { getShopRequest } from '#app/lib/shop.server.ts';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/not-found';

/** Any unknown path inside a locale: the 404 screen, inside the shop's layout, with status 404. */
export function loader({ context }: Route.LoaderArgs) {
  return notFoundWithProducts(getShopRequest(context));
}

/** 'Oops! This Page Could Not Be Found | shop title' in the page's language, kept out of search engines. */
export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'errors.notFoundTitle', robots: 'noindex' });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang ?? 'en'}/`} />;
}
