import { Transform, type TransformCallback, type TransformOptions } from 'node:stream';

import { RouterContextProvider, type EntryContext } from 'react-router';
import { apiTransportContext, type ApiTransport } from '#app/lib/api.server.ts';
import { pageLog } from '#app/lib/logger.server.ts';
import { renderTimerContext, type RenderTimer } from '#app/lib/render-timer.server.ts';
import { scriptsAfterPaintBytes } from '#app/lib/scripts-after-paint.server.ts';
import { wantsScriptsAfterPaint } from '#app/lib/route-handle.ts';
import { cspNonceContext, NonceProvider } from '#app/lib/nonce.tsx';
import { templateModeContext } from '#app/lib/personal-view.tsx';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';

export const streamTimeout = 5_000;

/**
 * Why a render is aborted a second after `streamTimeout`: what has not arrived by then (a section
 * whose data a slow database holds) is left to its fallback. The page is whole without it, and its
 * status stays the page's; a crawler, answered only once all is ready, gets the page, not a 500.
 */
class StreamTimeout extends Error {
  constructor() {
    super('the page was still streaming at its stream timeout');
    this.name = 'StreamTimeout';
  }
}

/**
 * The page as React flushes it: React writes in 4 KB pieces and calls `flush()` once it has
 * written all it can for now (the shell, then each finished boundary). Each piece passed on alone
 * costs a trip through the web stream the server reads and a socket write of its own, so the
 * pieces are held until that call and passed on as one.
 */
export class FlushedChunks extends Transform {
  #pending: Buffer[] = [];
  #shell: ((html: Buffer) => Buffer) | undefined;

  /** `shell`: a change to the first batch (the shell: head, body and scripts) before it leaves. */
  constructor(options?: TransformOptions & { shell?: (html: Buffer) => Buffer }) {
    super(options);
    this.#shell = options?.shell;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pending.push(chunk);
    callback();
  }

  /** React's signal that a batch is complete (it calls it on any destination that has one). */
  flush() {
    if (this.#pending.length === 0) return;
    const pending = this.#pending;
    this.#pending = [];
    const batch = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
    const shell = this.#shell;
    this.#shell = undefined;
    this.push(shell ? shell(batch) : batch);
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

/**
 * React Router's own error answers (a POST to a page without an action: 405; a path no route
 * matches) carry a developer's sentence naming the route module. It is dropped here, before the
 * page and its hydration data are written, so the shop's error screen says its own words.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (isRouteErrorResponse(error) && (error as { internal?: unknown }).internal === true) {
    (error as { data: unknown }).data = null;
    return;
  }
  if (!request.signal.aborted) pageLog().error({ err: error, url: request.url }, 'page failed');
}

let warnedUnmatched = false;

/**
 * The shell with its scripts after the largest paint. A shell React Router wrote in a way the
 * rewrite no longer recognises (an upgrade changed its markup) is served as it is, with its
 * scripts loading early, and said once in the log; e2e/page-weight.test.ts fails on it.
 */
function deferScripts(shell: Buffer): Buffer {
  const deferred = scriptsAfterPaintBytes(shell);
  if (deferred === shell && !warnedUnmatched) {
    warnedUnmatched = true;
    pageLog().error(
      { module: 'apps/storefront/app/lib/scripts-after-paint.server.ts' },
      "scripts-after-paint: React Router's markup no longer matches the rewrite; the page's " +
        'scripts load early',
    );
  }
  return deferred;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  // The render's share of the page's Server-Timing: from here (the loaders are done) until the
  // shell is ready and the answer's head can leave.
  const rendered = loadContext.get(renderTimerContext).start();
  const nonce = loadContext.get(cspNonceContext);
  // Only the catalogue pages that gain from it start their scripts after the largest paint
  // (their route `handle`, lib/route-handle.ts); forms hydrate as soon as they can.
  const afterPaint = wantsScriptsAfterPaint(
    routerContext.staticHandlerContext.matches.map(
      (match) => routerContext.routeModules[match.route.id]?.handle,
    ),
  );
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(new StreamTimeout()),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A finished <Suspense> boundary stays where it is in the HTML. By default React 19.3 moves
        // one past the first 12,800 bytes to the end of the page, hidden, and shows it with an
        // inline script: without JavaScript it never showed (home's sections hydrated when they
        // come into view, lib/lazy-hydrate.tsx; decision 0072).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new FlushedChunks({
            ...(afterPaint ? { shell: deferScripts } : {}),
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          rendered();

          responseHeaders.set('Content-Type', 'text/html');

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          rendered();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          // Sections still waiting at the timeout are left out (their fallback), not a broken
          // page: a crawler, answered only once all is ready, got a 500 for a slow section.
          if (error instanceof StreamTimeout) {
            pageLog().warn({ url: request.url }, 'page sections left out at the stream timeout');
            return;
          }
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            pageLog().error({ err: error, url: request.url }, 'page render failed');
          }
        },
      },
    );
  });
}

/**
 * Called by the one-origin server (apps/server) for every request: hands loaders the in-process
 * API transport and the response's CSP nonce, and the renderer the timer of its Server-Timing
 * share. Exported from the server entry so both sides share one context object.
 */
export function createLoadContext(
  transport: ApiTransport,
  request: { nonce: string; renderTimer?: RenderTimer; template?: boolean },
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiTransportContext, transport);
  context.set(cspNonceContext, request.nonce);
  // The kept template of a page with personal holes (lib/personal-view.tsx, decision 0067).
  if (request.template) context.set(templateModeContext, true);
  if (request.renderTimer) context.set(renderTimerContext, request.renderTimer);
  return context;
}

/** The server runs each page request's handling with its request logger (lib/logger.server.ts). */
export { withPageLogger } from '#app/lib/logger.server.ts';

/** Fills a kept template's personal holes for one shopper (lib/personal-view.tsx). */
export {
  compilePersonalPage,
  fillPersonalPage,
  NONCE_MARK,
  personalPagePieces,
  personalViewOf,
  TOKEN_MARK,
} from '#app/lib/personal-fill.server.ts';
