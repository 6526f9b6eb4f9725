import { useI18n } from '#app/lib/i18n.tsx';
import { SizedImage } from '#app/components/sized-image.tsx';
import { LanguageSwitcher } from '#app/components/language-switcher.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { useLocaleData } from '#app/lib/locale-data.ts';
import type { Route } from './+types/coming-soon';

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'comingSoon.title', robots: 'noindex' });
}

/** The page everyone but staff sees while the shop is closed: localised, on the maintenance background. */
export default function ComingSoon() {
  const data = useLocaleData();
  const { locale, t } = useI18n();
  if (!data) return null;
  const background = data.shop.images.find((i) => i.imageType === 'maintenance_background');
  const logo = data.shop.images.find((i) => i.imageType === 'logo');
  return (
    <main
      id="main"
      className="relative flex min-h-screen items-center justify-center overflow-hidden bg-slate-900 p-4"
    >
      {background && (
        <SizedImage
          image={background}
          alt=""
          className="absolute inset-0 h-full w-full object-cover opacity-60"
          priority
          sizes="100vw"
        />
      )}
      <div className="relative max-w-lg rounded-xl bg-white/95 p-8 text-center shadow-2xl">
        {logo && (
          <SizedImage
            image={logo}
            alt={data.shop.title}
            className="mx-auto mb-6 h-12 w-auto"
            sizes="144px"
          />
        )}
        <h1 className="text-3xl font-bold">{t('comingSoon.title')}</h1>
        <p className="mt-4 text-slate-700">{t('comingSoon.text')}</p>
        <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
          <div className="rounded bg-slate-900 text-white">
            <LanguageSwitcher languages={data.languages} />
          </div>
          {/* Staff come for the shop behind this page: after the login, its home page. */}
          {!data.user && (
            <a
              href={`/${locale}/account/login/?redirectTo=${encodeURIComponent(`/${locale}/`)}`}
              className="text-primary underline"
            >
              {t('comingSoon.staffLogin')}
            </a>
          )}
        </div>
      </div>
    </main>
  );
}
