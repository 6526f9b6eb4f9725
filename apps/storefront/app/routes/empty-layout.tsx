import { Outlet } from 'react-router';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import type { Route } from './+types/empty-layout';

/** The empty layout (spec section 2): no bars, no footer — for pages shown inside frames. */
export default function EmptyLayout() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-4">
      <Outlet />
    </main>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
