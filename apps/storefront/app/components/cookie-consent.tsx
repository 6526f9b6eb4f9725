import { useEffect } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useI18n } from '#app/lib/i18n.tsx';
import type { Consent } from '#app/lib/cookies.ts';
import { CsrfInput } from './csrf-input.tsx';

/**
 * Asks once and remembers the answer (cookie, one year). Until the shopper accepts all cookies,
 * no analytics script is loaded.
 */
export function CookieConsent({
  consent,
  privacyHref,
}: {
  consent: Consent | null;
  privacyHref: string;
}) {
  const { locale, t } = useI18n();
  const fetcher = useFetcher();
  const location = useLocation();
  if (consent || fetcher.state !== 'idle') return null;
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-consent-title"
      className="animate-fade-in fixed inset-x-2 bottom-2 z-40 mx-auto max-w-2xl rounded-lg border border-slate-200 bg-white p-4 shadow-xl sm:inset-x-4 sm:bottom-4"
    >
      <h2 id="cookie-consent-title" className="font-bold">
        {t('cookies.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('cookies.text')}{' '}
        <a href={privacyHref} className="text-primary underline">
          {t('cookies.learnMore')}
        </a>
      </p>
      <fetcher.Form
        method="post"
        action={`/${locale}/consent/`}
        className="mt-3 flex flex-wrap gap-2"
      >
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <button
          type="submit"
          name="choice"
          value="all"
          className="rounded-md bg-primary px-4 py-2 font-bold text-white hover:bg-blue-800"
        >
          {t('cookies.acceptAll')}
        </button>
        <button
          type="submit"
          name="choice"
          value="necessary"
          className="rounded-md border border-slate-300 px-4 py-2 font-bold hover:bg-slate-100"
        >
          {t('cookies.onlyNecessary')}
        </button>
      </fetcher.Form>
    </section>
  );
}

/** Google's tag, added only once the shopper has accepted all cookies. */
export function Analytics({ gTag, consent }: { gTag: string | null; consent: Consent | null }) {
  useEffect(() => {
    if (!gTag || consent !== 'all' || document.getElementById('gtag-script')) return;
    const script = document.createElement('script');
    script.id = 'gtag-script';
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gTag)}`;
    document.head.append(script);
    const w = window as unknown as { dataLayer: unknown[]; gtag?: (...args: unknown[]) => void };
    w.dataLayer = w.dataLayer ?? [];
    w.gtag = (...args: unknown[]) => {
      w.dataLayer.push(args);
    };
    w.gtag('js', new Date());
    w.gtag('config', gTag);
  }, [gTag, consent]);
  return null;
}
