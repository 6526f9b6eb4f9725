import { createContext, type RouterContextProvider } from 'react-router';
import { createApiClient, type ApiClient, type Locale } from '@shop/contract';
import { pageErrorFor } from './api-errors.server.ts';
import { createCookieJar } from './cookie-jar.server.ts';

/**
 * How server-side loaders reach the API: the server injects an in-process transport (no socket
 * hop) when API and storefront share a process; otherwise plain fetch to API_URL.
 */
export type ApiTransport = { fetch: typeof fetch; host: string };

export const apiTransportContext = createContext<ApiTransport>({
  fetch: (input, init) => fetch(input, init),
  host: process.env.API_URL ?? 'http://127.0.0.1:3000',
});

export type ServerApi = {
  api: ApiClient;
  /** Set-Cookie headers the API answered (a new session, a CSRF token): the browser must get them. */
  setCookies: string[];
};

/**
 * A typed client for one request. The shopper's cookies travel with every call, and cookies the
 * API sets are kept for the following calls of the same request and handed back to the browser.
 * A failed read throws the page error it means (api-errors.server.ts), so loaders just await.
 */
export function serverApi(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
  /** The user's no-cache setting, read at each call (the user is known after the first calls). */
  noCache: () => boolean = () => false,
): ServerApi {
  const transport = context.get(apiTransportContext);
  const jar = createCookieJar(request.headers.get('cookie'));
  const setCookies: string[] = [];
  const acceptLanguage = request.headers.get('accept-language');
  // The shopper's address, as the server saw it: the API's rate limits count per address.
  const forwardedFor = request.headers.get('x-forwarded-for');

  // Whether a write (any call but GET or HEAD) went out in this request, answered or not: once
  // one did, a busy read can no longer promise that nothing was done (decision 0088).
  let sentWrite = false;
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') sentWrite = true;
    const headers = new Headers(init?.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await transport.fetch(input, { ...init, headers });
    const lines = response.headers.getSetCookie();
    setCookies.push(...lines);
    jar.store(lines);
    return response;
  };

  const api = createApiClient({
    host: transport.host,
    locale,
    fetch: fetchWithCookies,
    headers: {
      ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    getCookie: (name) => {
      const value = jar.get(name);
      return value === undefined ? undefined : safeDecode(value);
    },
    noCache,
    mapReadError: pageErrorFor(locale, request.method, () => sentWrite),
  });
  return { api, setCookies };
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
