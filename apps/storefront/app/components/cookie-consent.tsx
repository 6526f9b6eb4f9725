import { useEffect } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { Button } from '#app/components/button.tsx';
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
    // Compact on a phone (a few lines at the bottom, not a third of the screen) and small text
    // throughout, so it never becomes the page's largest element: the shop stays in view.
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="cookie-consent-title"
      className="animate-fade-in fixed inset-x-2 bottom-2 z-40 mx-auto flex max-w-3xl flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xl sm:inset-x-4 sm:bottom-4 sm:flex-row sm:items-center sm:gap-4 sm:p-4"
    >
      <div className="min-w-0 flex-1">
        <h2 id="cookie-consent-title" className="sr-only font-bold sm:not-sr-only">
          {t('cookies.title')}
        </h2>
        <p className="text-xs leading-snug text-slate-700 sm:mt-1 sm:text-sm">
          <span className="sm:hidden">{t('cookies.short')}</span>
          <span className="hidden sm:inline">{t('cookies.text')}</span>{' '}
          <a href={privacyHref} className="text-primary underline">
            <span className="sm:hidden">{t('cookies.privacy')}</span>
            <span className="hidden sm:inline">{t('cookies.learnMore')}</span>
          </a>
        </p>
      </div>
      <fetcher.Form method="post" action={`/${locale}/consent/`} className="flex shrink-0 gap-2">
        <CsrfInput />
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <Button
          type="submit"
          name="choice"
          value="all"
          size="compact"
          className="min-h-11 flex-1 sm:flex-none"
        >
          {t('cookies.acceptAll')}
        </Button>
        <Button
          type="submit"
          name="choice"
          value="necessary"
          variant="secondary"
          size="compact"
          className="min-h-11 flex-1 font-bold sm:flex-none"
        >
          {t('cookies.onlyNecessary')}
        </Button>
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
