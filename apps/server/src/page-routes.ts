// The route pattern a page request counts under in the metrics (decision 0061): to Fastify every
// page is `/*`, which says nothing; React Router's own route (`/:lang/products/:id`) is as
// bounded a label and tells the product page from the list.
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';

type RouteNode = {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
};

/**
 * How many paths' patterns are remembered. React Router's `matchRoutes` flattens and ranks the
 * whole route tree on every call (about a millisecond of a page's CPU, issue 25); the shop's busy
 * paths are few (the list, its `.data`, the home page), so the last ones are kept. A path past
 * the limit pushes the oldest out: any path still gets its pattern, a crawl just misses more.
 */
const REMEMBERED_PATHS = 1000;

/**
 * A function from a request path to the pattern of the page route it renders (`/:lang/*` for
 * the not-found page), or null when no route matches. React Router's data requests (`….data`)
 * count under their page's pattern with `.data` after it.
 */
export function pagePatterns(build: Pick<ServerBuild, 'routes' | 'basename'>) {
  const nodes = new Map<string, RouteNode>();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  for (const { id, path, index, caseSensitive } of routes) {
    nodes.set(id, {
      id,
      ...(path !== undefined ? { path } : {}),
      ...(index ? { index } : {}),
      ...(caseSensitive ? { caseSensitive } : {}),
    });
  }
  const roots: RouteNode[] = [];
  for (const route of routes) {
    const node = nodes.get(route.id);
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (!node) continue;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  // Plain route objects of ids and paths: what matchRoutes reads of a route.
  const tree = roots as unknown as RouteObject[];
  const remembered = new Map<string, string | null>();
  const patternOf = (pathname: string): string | null => {
    const data = pathname.endsWith('.data');
    const path = data
      ? pathname.slice(0, -'.data'.length).replace(/\/_root$/, '') || '/'
      : pathname;
    const matches = matchRoutes(tree, path, build.basename);
    if (!matches?.length) return null;
    const pattern = `/${matches.map((match) => match.route.path ?? '').join('/')}`.replace(
      /\/{2,}/g,
      '/',
    );
    const trimmed = pattern.length > 1 ? pattern.replace(/\/$/, '') : pattern;
    if (!data) return trimmed;
    return trimmed === '/' ? '/_root.data' : `${trimmed}.data`;
  };
  return (pathname: string): string | null => {
    const known = remembered.get(pathname);
    if (known !== undefined) return known;
    const pattern = patternOf(pathname);
    if (remembered.size >= REMEMBERED_PATHS) {
      const oldest = remembered.keys().next();
      if (!oldest.done) remembered.delete(oldest.value);
    }
    remembered.set(pathname, pattern);
    return pattern;
  };
}
