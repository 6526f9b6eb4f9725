// `npm start`: builds the storefront when it is missing or older than its sources, then serves the
// whole shop (API, media, storefront) on one port: one process, or WEB_CONCURRENCY workers under
// a supervising primary (decision 0060). Migrations and the demo seed run at start, once.
// React and friends pick their production builds from NODE_ENV: main.ts sets its default, after
// reading the one the operator gave (none at a terminal: readable log lines, decision 0047).

import { buildIfStale } from './build-if-stale.ts';

buildIfStale();

await import('../apps/server/src/main.ts');
