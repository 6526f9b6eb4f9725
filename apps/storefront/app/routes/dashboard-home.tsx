import { AppLink } from '#app/components/app-link.tsx';
import { DASHBOARD_SECTIONS } from '#app/components/dashboard-section.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { scriptsAfterPaintHandle } from '#app/lib/route-handle.ts';
import type { Route } from './+types/dashboard-home';

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.title', robots: 'noindex' });
}

/** The dashboard's start: a tile per section. */
export default function DashboardHome() {
  const { locale, t } = useI18n();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {DASHBOARD_SECTIONS.map(([path, key]) => (
        <li key={path}>
          <AppLink
            to={`/${locale}/account/dashboard/${path}/`}
            className="block rounded-lg border border-slate-200 bg-white p-4 font-medium hover:border-primary hover:shadow-sm"
          >
            {t(key)}
          </AppLink>
        </li>
      ))}
    </ul>
  );
}

/** Links only: the scripts wait for the largest paint (decision 0068); the sections do not. */
export const handle = scriptsAfterPaintHandle;
