import { createContext, type RouterContextProvider } from 'react-router';
import { createApiClient, type Locale } from '@shop/contract';

/**
 * How server-side loaders reach the API: the server injects an in-process transport (no socket
 * hop) when API and storefront share a process; otherwise plain fetch to API_URL.
 */
export type ApiTransport = { fetch: typeof fetch; host: string };

export const apiTransportContext = createContext<ApiTransport>({
  fetch: (input, init) => fetch(input, init),
  host: process.env.API_URL ?? 'http://127.0.0.1:3000',
});

/** A typed client for one request: the shopper's cookies and language travel with every call. */
export function serverApi(
  context: Readonly<RouterContextProvider>,
  request: Request,
  locale: Locale,
) {
  const transport = context.get(apiTransportContext);
  const cookie = request.headers.get('cookie') ?? '';
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  const acceptLanguage = request.headers.get('accept-language');
  if (acceptLanguage) headers['accept-language'] = acceptLanguage;
  return createApiClient({
    host: transport.host,
    locale,
    fetch: transport.fetch,
    headers,
    getCookie: (name) => {
      const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookie);
      return match?.[1] ? decodeURIComponent(match[1]) : undefined;
    },
  });
}
