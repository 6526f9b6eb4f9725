import { MONEY_LOCALES, type Locale } from '@shop/domain';

/** The warm-up worker's file (public/intl-warm.js): allowed by the page's `worker-src 'self'`. */
export const INTL_WARMUP_WORKER = '/intl-warm.js';

/**
 * An inline script that starts the Intl warm-up (public/intl-warm.js, issue 25, decision 0076)
 * while the page is still arriving: the first Intl format of a kind (a plural in the header's
 * cart count, a price, a date) costs a phone tens of milliseconds of locale data, once per
 * renderer, and the worker pays it on its own thread before the page's scripts hydrate. Plain
 * ES5: it reaches the browser as written. A browser without workers (or refusing this one) makes
 * its formats on the main thread as before.
 */
export function intlWarmupScript(locale: Locale, currency: string): string {
  const message = JSON.stringify({ lang: locale, money: MONEY_LOCALES[locale], currency }).replace(
    /</g,
    '\\u003c',
  );
  return `try{new Worker(${JSON.stringify(INTL_WARMUP_WORKER)}).postMessage(${message})}catch(e){}`;
}
