// Builds the service worker after `react-router build`: lists the app shell in build/client,
// then bundles sw/sw.ts with that list into one classic script, build/client/sw.js.
// Usage: node scripts/build-sw.ts (from apps/storefront, or anywhere).
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { build } from 'vite';

export type ManifestEntry = { url: string; revision: string | null };

const storefrontDir = join(import.meta.dirname, '..');
const clientDir = join(storefrontDir, 'build', 'client');
const SW_FILE = 'sw.js';

/** Images above this size stay out of the precache (they are cached on use, if at all). */
const MAX_IMAGE_BYTES = 100 * 1024;
const IMAGE = new Set(['.avif', '.gif', '.ico', '.jpeg', '.jpg', '.png', '.svg', '.webp']);
/** Built code and styles. Only WOFF2 fonts: every browser with service workers reads WOFF2. */
const SHELL = new Set(['.css', '.js', '.mjs', '.woff2']);
/** Files outside assets/ (copied from public/, so their names carry no hash). */
const TOP_LEVEL = new Set(['offline.html']);

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function md5(file: string): Promise<string> {
  return createHash('md5')
    .update(await readFile(file))
    .digest('hex');
}

/**
 * The precache manifest of a client build: hashed files under assets/ with `revision: null`
 * (the name changes with the content), the offline page and small icons with an md5 of their
 * content. Source maps, the worker itself, dot-folders and large images are left out.
 */
export async function precacheManifest(clientDir: string): Promise<ManifestEntry[]> {
  const manifest: ManifestEntry[] = [];
  for (const file of await listFiles(clientDir)) {
    const path = relative(clientDir, file).split(sep).join('/');
    const ext = extname(path).toLowerCase();
    if (path === SW_FILE || ext === '.map' || path.split('/').some((s) => s.startsWith('.'))) {
      continue;
    }
    const image = IMAGE.has(ext);
    if (image && (await stat(file)).size > MAX_IMAGE_BYTES) continue;
    const url = `/${encodeURI(path)}`;
    if (path.startsWith('assets/')) {
      if (SHELL.has(ext) || image) manifest.push({ url, revision: null });
    } else if (TOP_LEVEL.has(path) || image) {
      manifest.push({ url, revision: await md5(file) });
    }
  }
  return manifest.sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
}

async function buildServiceWorker(): Promise<void> {
  const manifest = await precacheManifest(clientDir);
  if (!manifest.some((e) => e.url === '/offline.html')) {
    throw new Error(`${clientDir}/offline.html is missing: run \`react-router build\` first`);
  }
  await build({
    configFile: false,
    envDir: false,
    root: storefrontDir,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    define: {
      'self.__WB_MANIFEST': JSON.stringify(manifest),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: join(storefrontDir, 'sw', 'sw.ts'),
        formats: ['iife'],
        name: 'shopServiceWorker',
        fileName: () => SW_FILE,
      },
    },
  });
  const { size } = await stat(join(clientDir, SW_FILE));
  console.log(
    `build/client/${SW_FILE}: ${manifest.length} precached entries, ${(size / 1024).toFixed(1)} KiB`,
  );
}

if (import.meta.main) await buildServiceWorker();
