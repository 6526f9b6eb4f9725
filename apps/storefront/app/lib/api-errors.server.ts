import { data, redirect } from 'react-router';
import { isApiError, isBusyRefusal, type ApiError } from '@shop/contract';
import type { Locale } from '@shop/domain';
import de from '@shop/messages/langs/de.json' with { type: 'json' };
import en from '@shop/messages/langs/en.json' with { type: 'json' };
import it from '@shop/messages/langs/it.json' with { type: 'json' };
import ru from '@shop/messages/langs/ru.json' with { type: 'json' };
import type { ShopRequest } from './shop.server.ts';

export const comingSoonPath = (locale: Locale) => `/${locale}/pages/coming-soon/`;

/** "Busy: nothing was done", per locale: a form post whose page could not even be read says so. */
const NOTHING_DONE: Readonly<Record<Locale, string>> = {
  en: en.errors.busyNothingDone,
  de: de.errors.busyNothingDone,
  ru: ru.errors.busyNothingDone,
  it: it.errors.busyNothingDone,
};

/**
 * What a failed API read means for the page, decided once for every loader (spec section 8):
 * 434 → the coming-soon page, 402 and 404 → the 404 screen, any other status → the error screen
 * with that status (and the API's `detail`, when it gave one). A form post (`method` not GET)
 * whose read was refused busy before any write of the request went out (decision 0088) says
 * plainly that nothing was done and it may be sent again. Once a write was sent (`sentWrite`,
 * asked at the time of the failure: the action and the loaders after it share one client), the
 * change may have been made, so the page only says the shop is busy.
 */
export function pageErrorFor(
  locale: Locale,
  method = 'GET',
  sentWrite: () => boolean = () => false,
) {
  const posted = method !== 'GET' && method !== 'HEAD';
  return (error: ApiError): Response | ReturnType<typeof data> => {
    if (error.status === 434) return redirect(comingSoonPath(locale));
    if (error.status === 402 || error.status === 404) return data(null, { status: 404 });
    if (posted && isBusyRefusal(error) && !sentWrite())
      return data(NOTHING_DONE[locale], { status: 503 });
    const body = error.errorBody;
    const detail = body && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;
    return data(detail, { status: error.status });
  };
}

/** A thrown redirect (e.g. to coming-soon): secondary data must never swallow it. */
const isRedirect = (error: unknown) =>
  error instanceof Response && error.status >= 300 && error.status < 400;

/**
 * Data a page can live without (spec section 7: "results of most list fetches that fail are
 * swallowed silently"): its failure gives `fallback`; a closed shop still redirects.
 */
export async function optional<T>(load: Promise<T>, fallback: T): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isRedirect(error)) throw error;
    return fallback;
  }
}

/** A page number past the last page of a list is no page. */
export function assertPageExists(page: number, list: { results: readonly unknown[] }): void {
  if (page > 1 && list.results.length === 0) throw data(null, { status: 404 });
}

/**
 * A slug-id route reached by its id with another slug ('old-name-12' for 'new-name-12') answers
 * 301 to the item's own address, keeping the query.
 */
export function assertCanonicalSlug(
  requested: string,
  canonical: { slug: string; path: string },
  request: Request,
): void {
  if (requested !== canonical.slug) {
    throw redirect(`${canonical.path}${new URL(request.url).search}`, 301);
  }
}

/** How many products the 404 screen offers under its words. */
export const NOT_FOUND_PRODUCTS = 4;

/**
 * The 404 answer of a shop page: besides the spec's words, the screen offers a search field and
 * a few of the shop's products (first by the default sorting), carried in the error's data.
 */
export async function notFoundWithProducts(shop: ShopRequest): Promise<never> {
  const products = await optional(
    shop.api.products
      .list({ query: { sort: 'sorting', page_size: NOT_FOUND_PRODUCTS } })
      .then((page) => page.results),
    [],
  );
  throw data({ products }, { status: 404 });
}

/** A route's `:id` as a record's id (a positive 32-bit integer), or the 404 screen. */
export function recordId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw data(null, { status: 404 });
  return id;
}

/** A record the page shows, or the 404 screen when the API has none (a back-office detail). */
export async function foundOr404<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}
