import { Component, useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse } from 'react-router';
import type { ProductCard } from '@shop/contract';
import { RELOAD_GUARD_WINDOW_MS } from '@shop/domain';
import { buttonVariants } from '#app/components/button.tsx';
import { useI18n } from '#app/lib/i18n.tsx';
import { ProductGrid } from './product-card.tsx';
import { SearchBox } from './search-box.tsx';

const ENGLISH: Record<string, string> = {
  'errors.notFoundTitle': 'Oops! This Page Could Not Be Found',
  'errors.notFoundText':
    'Sorry but the page you are looking for does not exist, have been removed, changed or is temporarily unavailable.',
  'errors.backToHomepage': 'Back to homepage',
  'errors.pageNotFound': 'This page could not be found',
  'errors.somethingWentWrong': 'Something went wrong.',
  'errors.methodNotAllowed': 'This page does not accept this request.',
  'errors.errorPageFailed': 'An error occurred while showing the error page',
};

/** Translated where the locale's messages are at hand, the spec's English words otherwise. */
function useErrorText() {
  const { t } = useI18n();
  return (key: string) => {
    const text = t(key);
    return text === key ? (ENGLISH[key] ?? key) : text;
  };
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;
const RELOAD_KEY = 'chunk-reload-at';

/** A route chunk that failed to load (a deploy replaced it): reload, at most once a minute. */
export function reloadAfterChunkError(error: unknown): boolean {
  if (
    typeof window === 'undefined' ||
    !(error instanceof Error) ||
    !CHUNK_ERROR.test(error.message)
  )
    return false;
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < RELOAD_GUARD_WINDOW_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function statusOf(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/** The products a shop page's 404 brought along (lib/api-errors.server.ts: notFoundWithProducts). */
export function notFoundProducts(error: unknown): ProductCard[] {
  if (!isRouteErrorResponse(error) || error.status !== 404) return [];
  const body: unknown = error.data;
  return body && typeof body === 'object' && 'products' in body && Array.isArray(body.products)
    ? (body.products as ProductCard[])
    : [];
}

/**
 * The spec's 404 words, then a way on: a search field (a plain GET form to the product list) and
 * a few of the shop's products.
 */
export function NotFoundScreen({
  homeHref,
  products = [],
}: {
  homeHref: string;
  products?: ProductCard[];
}) {
  const { locale, t } = useI18n();
  return (
    <>
      <NotFoundWords homeHref={homeHref} />
      <div className="mx-auto max-w-md">
        <h2 className="mb-2 text-center font-bold" id="not-found-search-heading">
          {t('errors.searchInstead')}
        </h2>
        <SearchBox idPrefix="not-found" labelledBy="not-found-search-heading" />
      </div>
      {products.length > 0 && (
        <section aria-labelledby="not-found-products" className="mt-12">
          <h2 id="not-found-products" className="mb-4 text-xl font-bold">
            {t('errors.popularProducts')}
          </h2>
          <ProductGrid items={products} locale={locale} label={t('errors.popularProducts')} />
        </section>
      )}
    </>
  );
}

function NotFoundWords({ homeHref }: { homeHref: string }) {
  const text = useErrorText();
  return (
    <section className="mx-auto max-w-xl pt-16 pb-10 text-center" aria-labelledby="error-title">
      <p className="text-7xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="error-title" className="mt-4 text-2xl font-bold sm:text-3xl">
        {text('errors.notFoundTitle')}
      </h1>
      <p className="mt-4 text-slate-700">{text('errors.notFoundText')}</p>
      <a href={homeHref} className={buttonVariants({ size: 'xl', className: 'mt-8 inline-block' })}>
        {text('errors.backToHomepage')}
      </a>
    </section>
  );
}

/** What the error page says for a status when the error brings no message of ours. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  404: 'errors.pageNotFound',
  405: 'errors.methodNotAllowed',
};

/** The generic error page: the status and a message (page not found: 404, 'This page could not be found'). */
export function GenericErrorScreen({
  status,
  message,
  homeHref,
  withTitle = false,
}: {
  status: number;
  message: string | null;
  homeHref: string;
  /** Outside the shop's routes no meta names the page: the screen gives the document its title. */
  withTitle?: boolean;
}) {
  const text = useErrorText();
  const said = message ?? text(STATUS_TEXT[status] ?? 'errors.somethingWentWrong');
  return (
    <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="error-title">
      {withTitle && <title>{`${status} | ${said}`}</title>}
      <h1 id="error-title" className="text-6xl font-bold text-primary">
        {status}
      </h1>
      <p className="mt-4 text-lg">{said}</p>
      <a href={homeHref} className="mt-8 inline-block text-primary underline">
        {text('errors.backToHomepage')}
      </a>
    </section>
  );
}

/** If the error screen itself throws, this is what is left (spec section 8). */
class LastResort extends Component<{ children: ReactNode; homeHref: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-bold">{ENGLISH['errors.errorPageFailed']}</h1>
        <a href={this.props.homeHref} className="mt-6 inline-block text-primary underline">
          {ENGLISH['errors.backToHomepage']}
        </a>
      </section>
    );
  }
}

/**
 * The message an error brings for the page: a text the shop threw (`data('Unknown middleware x',
 * { status: 500 })`), never React Router's own (a POST to a page without an action answers 405
 * with a developer's sentence naming the route module).
 */
export function errorMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  if ((error as { internal?: unknown }).internal === true) return null;
  return typeof error.data === 'string' && error.data.length > 0 && error.data.length < 300
    ? error.data
    : null;
}

/**
 * What a route's ErrorBoundary shows: the 404 screen, or the error page with the status (else
 * 500). `generic`: always the error page (the root's, outside the shop's frame: 'This page could
 * not be found' with 404).
 */
export function ErrorScreen({
  error,
  homeHref,
  generic = false,
}: {
  error: unknown;
  homeHref: string;
  generic?: boolean;
}) {
  useEffect(() => {
    reloadAfterChunkError(error);
  }, [error]);
  const status = statusOf(error);
  const message = errorMessage(error);
  return (
    <LastResort homeHref={homeHref}>
      {status === 404 && !generic ? (
        <NotFoundScreen homeHref={homeHref} products={notFoundProducts(error)} />
      ) : (
        <GenericErrorScreen
          status={status}
          message={message}
          homeHref={homeHref}
          withTitle={generic}
        />
      )}
    </LastResort>
  );
}
