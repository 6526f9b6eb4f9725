import { NavLink, Outlet } from 'react-router';
import { AppLink } from '#app/components/app-link.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { namedMiddleware } from '#app/lib/middleware.server.ts';
import type { Route } from './+types/staff-layout';

/**
 * The back office's frame (issue 24): staff only, by route middleware, so no loader or action of
 * its pages runs for anyone else (anonymous: the login page and back; a shopper: 403). Its own
 * frame, outside the shop's, so it stays open while the shop is closed.
 */
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('staff');

/** One person's pages: never kept by a browser, a proxy or the page cache. */
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const STAFF_SECTIONS = [
  ['', 'staffSettings.dashboard.title'],
  ['orders', 'staff.orders.title'],
  ['products', 'staffCatalogue.products'],
  ['bundles', 'staffCatalogue.bundles'],
  ['shop', 'staff.shop.title'],
  ['reviews', 'staff.reviews.title'],
  ['feedback', 'staff.feedback.title'],
  ['settings', 'staffSettings.title'],
] as const;

export default function StaffLayout() {
  const { locale, t } = useI18n();
  const base = `/${locale}/staff/`;
  const item =
    'block rounded-md px-3 py-2 whitespace-nowrap hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:font-bold aria-[current=page]:text-primary';
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white p-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common.skipToContent')}
      </a>
      <header className="border-b border-slate-200 bg-white px-4 py-3">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2">
          <p className="text-lg font-bold">{t('staff.title')}</p>
          <nav aria-label={t('staff.nav')} className="min-w-0 max-w-full">
            <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
              {STAFF_SECTIONS.map(([path, key]) => (
                <li key={path}>
                  <NavLink to={path ? `${base}${path}/` : base} end={!path} className={item}>
                    {t(key)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <p className="flex gap-4 text-sm">
            <AppLink to={`/${locale}/`} className="text-primary underline">
              {t('staff.toShop')}
            </AppLink>
            <AppLink to={`/${locale}/account/logout/`} className="text-primary underline">
              {t('auth.logout')}
            </AppLink>
          </p>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="px-4">
      <ErrorScreen error={error} homeHref={`/${params.lang}/`} generic />
    </main>
  );
}
