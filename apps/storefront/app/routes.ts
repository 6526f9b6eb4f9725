import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  index('routes/root-redirect.tsx'),
  route(':lang', 'routes/locale.tsx', [
    route('pages/coming-soon', 'routes/coming-soon.tsx'),
    route('consent', 'routes/consent.tsx'),
    layout('routes/shop-layout.tsx', [
      index('routes/home.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
