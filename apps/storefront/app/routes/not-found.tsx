import { data } from 'react-router';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import type { Route } from './+types/not-found';

/** Any unknown path inside a locale: the 404 screen, inside the shop's layout, with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: 'Oops! This Page Could Not Be Found' }, { name: 'robots', content: 'noindex' }];
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang ?? 'en'}/`} />;
}
