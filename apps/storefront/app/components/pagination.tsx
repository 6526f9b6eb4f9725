import { useI18n } from '#app/lib/i18n.tsx';
import { AppLink } from './app-link.tsx';

/** Previous / page n of m / next, as plain links so every page can be crawled and opened without JavaScript. */
export function Pagination({
  page,
  total,
  href,
}: {
  page: number;
  total: number;
  href: (page: number) => string;
}) {
  const { t } = useI18n();
  if (total <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, total])]
    .filter((p) => p >= 1 && p <= total)
    .sort((a, b) => a - b);
  const link =
    'flex min-w-10 items-center justify-center rounded-md border border-slate-300 px-3 py-2 hover:bg-slate-100';
  return (
    <nav
      aria-label={t('paging.pagination')}
      className="mt-8 flex flex-wrap items-center justify-center gap-2"
    >
      {page > 1 && (
        <AppLink to={href(page - 1)} rel="prev" className={link}>
          {t('paging.previous')}
        </AppLink>
      )}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && pages[i - 1] !== p - 1 && <span aria-hidden="true">…</span>}
          {p === page ? (
            <span
              aria-current="page"
              className={`${link} border-primary bg-primary font-bold text-white hover:bg-primary`}
            >
              <span className="sr-only">{t('paging.page', { page: p })}</span>
              <span aria-hidden="true">{p}</span>
            </span>
          ) : (
            <AppLink to={href(p)} className={link} aria-label={t('paging.page', { page: p })}>
              {p}
            </AppLink>
          )}
        </span>
      ))}
      {page < total && (
        <AppLink to={href(page + 1)} rel="next" className={link}>
          {t('paging.next')}
        </AppLink>
      )}
    </nav>
  );
}
