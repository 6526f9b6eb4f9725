import { useEffect } from 'react';
import { useI18n } from '#app/lib/i18n.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/account-frame';

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta({ matches, location, titleKey: 'account.frameDone', robots: 'noindex' });
}

/**
 * Where an account step that ran in a frame or a pop-up window (a login opened from another
 * page, a provider's confirmation) ends: it tells the page that opened it (same origin only) and
 * says so itself, with a way on for a window opened on its own.
 */
export default function AccountFrame() {
  const { t, locale } = useI18n();
  useEffect(() => {
    const message = { type: 'account', status: 'success' };
    if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
    else if (window.opener) (window.opener as Window).postMessage(message, window.location.origin);
  }, []);
  return (
    <section className="max-w-md text-center">
      <h1 className="text-2xl font-bold">{t('account.frameDone')}</h1>
      <a
        href={`/${locale}/account/dashboard/`}
        target="_top"
        className="mt-6 inline-block text-primary underline"
      >
        {t('account.title')}
      </a>
    </section>
  );
}
