/// <reference lib="webworker" />
// The storefront's service worker, served at /sw.js with scope /. Bundled into one classic
// script by scripts/build-sw.ts, which also replaces `self.__WB_MANIFEST` with the app shell.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const OFFLINE_PAGE = '/offline.html';

/** Home (`/en/`) and the catalogue screens of spec section 2, in any of the four languages. */
const CATALOGUE_PAGE =
  /^\/(?:en|de|ru|it)(?:\/|\/(?:products|bundles|attributes|values|vendors|blogs|pages)(?:\/.*)?)?$/;

/** Never cached, whatever else matches: checkout, account, and the session/cart API. */
const PRIVATE_PATH = /\/(?:checkout|account)(?:\/|$)|\/api\/(?:accounts|sales)(?:\/|$)/;

const isCataloguePath = (pathname: string): boolean =>
  CATALOGUE_PAGE.test(pathname) && !PRIVATE_PATH.test(pathname);

/**
 * React Router's single-fetch URL of a page: `/en/products/x/` → `/en/products/x/_.data`,
 * `/en/products/x` → `/en/products/x.data`. Returns the page path, or null for other URLs.
 */
function dataRequestPagePath(pathname: string): string | null {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  if (pathname.endsWith('.data')) return pathname.slice(0, -'.data'.length);
  return null;
}

const IMAGE_FILE = /\.(?:avif|gif|ico|jpe?g|png|svg|webp)$/i;

// App shell: hashed JS/CSS/fonts and the offline page.
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Product, vendor and content images (not the translation tables under /media/langs/).
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    url.pathname.startsWith('/media/') &&
    !url.pathname.startsWith('/media/langs/') &&
    (request.destination === 'image' || IMAGE_FILE.test(url.pathname)),
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: 400,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Visited catalogue pages open again offline.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && isCataloguePath(url.pathname),
  new NetworkFirst({
    cacheName: 'pages',
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
    ],
  }),
);

// …and so do their client-side transitions (loader data of the same pages).
registerRoute(
  ({ url, sameOrigin }) => {
    if (!sameOrigin) return false;
    const page = dataRequestPagePath(url.pathname);
    return page !== null && isCataloguePath(page);
  },
  new NetworkFirst({
    cacheName: 'data',
    networkTimeoutSeconds: 4,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true }),
    ],
  }),
);

// Every other page (checkout, account, …) goes to the network only; routed just so that a
// failure falls through to the offline page below.
registerRoute(({ request }) => request.mode === 'navigate', new NetworkOnly());

setCatchHandler(async ({ request }) => {
  if (request.destination === 'document' || request.mode === 'navigate') {
    return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  }
  return Response.error();
});

function isSkipWaiting(data: unknown): boolean {
  if (data === 'SKIP_WAITING') return true;
  return (
    typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING'
  );
}

self.addEventListener('message', (event) => {
  if (isSkipWaiting(event.data)) void self.skipWaiting();
});

// Take control of open tabs on first install (as workbox-core's clientsClaim() does).
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
