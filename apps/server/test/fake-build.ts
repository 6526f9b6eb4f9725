import { RouterContextProvider, type ServerBuild } from 'react-router';
import { newCsrfToken } from '@shop/contract';

/** A route of a fake build: its module is the route module itself (component, loader, action). */
export type FakeRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, unknown>;
};

/**
 * The smallest `ServerBuild` React Router's request handler accepts: the given server entry and
 * routes, with the browser manifest derived from them (one `/{id}.js` per route). Tests of the
 * server's own wiring (page cache, logging) use it in place of a Vite build.
 */
export function fakeBuild(
  entry: Record<string, unknown>,
  routes: readonly FakeRoute[],
): ServerBuild {
  return {
    entry: { module: entry },
    routes: Object.fromEntries(routes.map((route) => [route.id, route])),
    assets: {
      version: 'test',
      url: '/manifest.js',
      entry: { module: '/entry.js', imports: [] },
      routes: Object.fromEntries(
        routes.map(({ id, parentId, path, index, module }) => [
          id,
          {
            id,
            parentId,
            path,
            index,
            module: `/${id}.js`,
            hasLoader: 'loader' in module,
            hasAction: 'action' in module,
          },
        ]),
      ),
    },
    basename: '/',
    future: {},
    ssr: true,
    prerender: [],
    isSpaMode: false,
    publicPath: '/',
    assetsBuildDirectory: '/tmp',
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}

/** What a fake page is handed: the request, the answer's headers, the render's nonce and token. */
export type PageRender = { request: Request; headers: Headers; nonce: string; token: string };

/**
 * A server entry whose pages carry what the real root puts in every page: the render's nonce
 * (from the load context, as the server makes it) and the visitor's CSRF token, a new one with
 * its cookie when the visitor has none. `render` answers the HTML page itself.
 */
export function pageEntry(
  render: (page: PageRender) => Response | Promise<Response>,
): Record<string, unknown> {
  return {
    default: (
      request: Request,
      _status: number,
      headers: Headers,
      _ctx: unknown,
      load: unknown,
    ) => {
      const { nonce } = load as { nonce: string };
      let token = /csrftoken=([\w-]{43})/.exec(request.headers.get('cookie') ?? '')?.[1];
      if (!token) {
        token = newCsrfToken();
        headers.append('set-cookie', `csrftoken=${token}; Path=/; SameSite=Lax`);
      }
      headers.set('content-type', 'text/html; charset=utf-8');
      return render({ request, headers, nonce, token });
    },
    createLoadContext: (_transport: unknown, { nonce }: { nonce: string }) =>
      Object.assign(new RouterContextProvider(), { nonce }),
  };
}
