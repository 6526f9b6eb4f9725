import type { ServerBuild } from 'react-router';

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
