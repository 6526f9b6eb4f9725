// The storefront's build, made when it is missing or older than its sources: `npm start` and
// `npm run cluster` call it before any shop process starts (several building at once would
// overwrite each other's files).

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

/** Builds the storefront if it is stale; exits the process with the build's status if that fails. */
export function buildIfStale(): void {
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
  if (!stale) return;
  console.log('Building the storefront…');
  // Always a production build, whatever NODE_ENV this process inherited (a test runner's 'test').
  const result = spawnSync('npm', ['run', 'build', '-w', '@shop/storefront'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
