import { NavLink, Outlet } from 'react-router';
import { DASHBOARD_SECTIONS } from '#app/components/dashboard-section.tsx';
import { ErrorScreen } from '#app/components/error-screen.tsx';
import { getShopper } from '#app/lib/account.server.ts';
import { namedMiddleware } from '#app/lib/middleware.server.ts';
import { useI18n } from '#app/lib/i18n.tsx';
import { revalidateLayout } from '#app/lib/cart-revalidate.ts';
import type { Route } from './+types/dashboard';

/**
 * Logged-in shoppers only: anyone else logs in first and comes back (spec section 4). The guard
 * is route middleware, so it runs before every loader and action of the dashboard's sections
 * (their own data requests included), and none of them can forget it.
 */
export const middleware: Route.MiddlewareFunction[] = namedMiddleware('auth');

export function loader({ context }: Route.LoaderArgs) {
  const user = getShopper(context);
  return { firstName: user.firstName, email: user.email };
}

/** The name reloads after an action (the account info form), not with a section's page or filter. */
export const shouldRevalidate = revalidateLayout;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { locale, t } = useI18n();
  const base = `/${locale}/account/dashboard/`;
  const item =
    'block rounded-md px-3 py-2 whitespace-nowrap hover:bg-slate-100 aria-[current=page]:bg-blue-50 aria-[current=page]:font-bold aria-[current=page]:text-primary';
  return (
    <div className="mx-auto w-full max-w-5xl">
      <h1 className="text-2xl font-bold">{t('account.title')}</h1>
      <p className="mt-1 mb-6 break-words text-slate-600">
        {t('account.welcome', { name: loaderData.firstName || loaderData.email })}
      </p>
      <div className="grid gap-6 md:grid-cols-[14rem_1fr]">
        <nav aria-label={t('account.dashboard')} className="min-w-0">
          <ul className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1 md:flex-col md:overflow-visible">
            <li>
              <NavLink to={base} end className={item}>
                {t('account.dashboard')}
              </NavLink>
            </li>
            {DASHBOARD_SECTIONS.map(([path, key]) => (
              <li key={path}>
                <NavLink to={`${base}${path}/`} className={item}>
                  {t(key)}
                </NavLink>
              </li>
            ))}
            <li>
              <NavLink to={`/${locale}/account/wishlist/`} className={item}>
                {t('wishlist.title')}
              </NavLink>
            </li>
            <li>
              <NavLink to={`/${locale}/account/logout/`} className={item}>
                {t('auth.logout')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="min-w-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <ErrorScreen error={error} homeHref={`/${params.lang}/`} />;
}
