import { type RouteConfig, index, layout, prefix, route } from '@react-router/dev/routes';

export default [
  index('routes/root-redirect.tsx'),
  ...prefix(':lang', [layout('routes/locale-layout.tsx', [index('routes/home.tsx')])]),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
