// `npm start`: builds the storefront when it is missing or older than its sources, then serves the
// whole shop (API, media, storefront) on one port. Migrations and the demo seed run at start.
// React and friends pick their production builds from NODE_ENV: main.ts sets its default, after
// reading the one the operator gave (none at a terminal: readable log lines, decision 0047).

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'apps/storefront/build/server/index.js');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

// Every package the storefront bundles (the messages too: a changed translation or translator
// was served from the old build).
const sources = [
  'apps/storefront/app',
  'apps/storefront/public',
  'packages/contract/src',
  'packages/domain/src',
  'packages/messages/src',
  'packages/messages/langs',
].map((d) => join(root, d));
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the storefront…');
  // Always a production build, whatever NODE_ENV this process inherited (a test runner's 'test').
  const result = spawnSync('npm', ['run', 'build', '-w', '@shop/storefront'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../apps/server/src/main.ts');
