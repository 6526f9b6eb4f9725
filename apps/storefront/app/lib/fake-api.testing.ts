import { createApiClient } from '@shop/contract';
import english from '@shop/messages/langs/en.json' with { type: 'json' };
import german from '@shop/messages/langs/de.json' with { type: 'json' };

/** One API call a fake API answered. */
export type FakeCall = { method: string; path: string; body: unknown };

/**
 * For tests of server helpers: an API client whose calls are answered by `routes` (keyed
 * `METHOD /path`, anything else 404), recording every call, with the real English and German
 * messages served where the client fetches them.
 */
export function fakeApi(
  locale: 'en' | 'de',
  csrfToken: string,
  routes: Record<string, (body: unknown) => Response>,
) {
  const calls: FakeCall[] = [];
  const api = createApiClient({
    host: 'http://api.test',
    locale,
    getCookie: () => csrfToken,
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : input.toString());
      const method = init?.method ?? 'GET';
      const body: unknown =
        typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body });
      if (url.pathname === `/media/langs/${locale}.json`)
        return Response.json(locale === 'de' ? german : english);
      const route = routes[`${method} ${url.pathname}`];
      return route ? route(body) : Response.json({ detail: 'Not found.' }, { status: 404 });
    },
  });
  return { api, calls };
}
