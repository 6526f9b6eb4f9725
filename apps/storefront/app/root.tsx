import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  redirect,
  useParams,
  useRouteLoaderData,
} from 'react-router';
import { isLocale } from '@shop/domain';
import { ErrorScreen, reloadAfterChunkError } from '#app/components/error-screen.tsx';
import { ProgressBar } from '#app/components/progress-bar.tsx';
import { registerServiceWorker } from '#app/lib/pwa.client.ts';
import { isAbortedNavigation } from '#app/lib/aborted.ts';
import { readRefusal } from '#app/lib/refusal.ts';
import { useNonce } from '#app/lib/nonce.tsx';
import { ZOD_BROWSER_CONFIG } from '#app/lib/zod-browser.ts';
import { intlWarmupScript } from '#app/lib/intl-warmup.ts';
import type { LocaleData } from '#app/lib/locale-data.ts';
import type { Route } from './+types/root';
import interLatin400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import interLatin700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';
import appCss from './app.css?url';

/**
 * The stylesheet, and the body text's and the headings' font files fetched with the page, not
 * after the CSS. The stylesheet has a `precedence`, so React puts it first in the head: the one
 * file that blocks the first paint waits behind nothing (issue 12; the scripts start after the
 * largest paint, decision 37).
 */
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  ...[interLatin400, interLatin700].map((href) => ({
    rel: 'preload',
    as: 'font',
    type: 'font/woff2',
    href,
    crossOrigin: 'anonymous' as const,
  })),
];

/**
 * Every route ends with a slash: a path without one answers 301 to the same path with it (query
 * kept). Files (a dot in the last segment, e.g. React Router's `.data` requests) are left alone.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request }) => {
    // A page the server refused before it ran (a method pages do not take: 405, the per-address
    // limit: 429, a post past the body limit: 413; issue 11): the shop's error screen with the
    // server's status and message, instead of running anything.
    const refusal = readRefusal(request.headers.get('x-shop-refusal'));
    if (refusal) throw data(refusal.detail, { status: refusal.status });
    const url = new URL(request.url);
    const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    if (!url.pathname.endsWith('/') && !last.includes('.')) {
      throw redirect(`${url.pathname}/${url.search}`, 301);
    }
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<LocaleData>('routes/locale');
  const { lang } = useParams();
  const nonce = useNonce();
  // An error screen shown before the locale loaded (a refused request, the shop away) still
  // speaks the path's language.
  return (
    <html lang={data?.locale ?? (isLocale(lang) ? lang : 'en')}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <ProgressBar />
        {children}
        {/* Before the module scripts: zod without its `eval` check (lib/zod-browser.ts). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_BROWSER_CONFIG }} />
        {/* Intl's first formats on a worker's thread, not in the hydration (lib/intl-warmup.ts). */}
        {data && (
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: intlWarmupScript(data.locale, data.shop.currency) }}
          />
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    if (import.meta.env.PROD) void registerServiceWorker();
    const onPreloadError = (event: Event) => {
      if (reloadAfterChunkError((event as Event & { payload?: unknown }).payload))
        event.preventDefault();
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    // A navigation interrupted while its loaders reload leaves the router's aborts unhandled.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isAbortedNavigation(event.reason)) event.preventDefault();
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('vite:preloadError', onPreloadError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="px-4">
      <ErrorScreen error={error} homeHref="/" generic />
    </main>
  );
}
