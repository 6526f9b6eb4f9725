import { createContext, type RouterContextProvider } from 'react-router';
import { createApiClient, type ApiClient, type Locale } from '@shop/contract';
import { readCookie } from './cookies.ts';

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
 */
export function serverApi(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
  /** The user's no-cache setting, read at each call (the user is known after the first calls). */
  noCache: () => boolean = () => false,
): ServerApi {
  const transport = context.get(apiTransportContext);
  const jar = new Map<string, string>();
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0) jar.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  const setCookies: string[] = [];
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const acceptLanguage = request.headers.get('accept-language');

  const fetchWithCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookie = cookieHeader();
    if (cookie) headers.set('cookie', cookie);
    const response = await transport.fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      if (index <= 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  };

  const api = createApiClient({
    host: transport.host,
    locale,
    fetch: fetchWithCookies,
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    getCookie: (name) => readCookie(cookieHeader(), name),
    noCache,
  });
  return { api, setCookies };
}
